/**
 * The one error class users see. Every error a user can trigger carries a stable `code` so tests
 * and callers can branch on it, and a message that names where it came from (a file path, a node,
 * a field) and quotes the bad value.
 */
export type ErrorCode =
  | 'ARBIGRAPH_BAD_LITERAL'
  | 'ARBIGRAPH_BAD_VALUE'
  | 'ARBIGRAPH_UNSAFE_INTEGER'
  | 'ARBIGRAPH_BAD_INPUT'
  | 'ARBIGRAPH_BAD_GRAPH'
  | 'ARBIGRAPH_CYCLE'
  | 'ARBIGRAPH_KIND_MISMATCH'
  | 'ARBIGRAPH_UNKNOWN_TEMPLATE'
  | 'ARBIGRAPH_UNKNOWN_FAMILY'
  | 'ARBIGRAPH_UNKNOWN_TOPOLOGY'
  | 'ARBIGRAPH_UNSATISFIABLE'
  | 'ARBIGRAPH_GENERATION_FAILED'
  | 'ARBIGRAPH_BAD_DATASET'
  | 'ARBIGRAPH_DATASET_MODIFIED'
  | 'ARBIGRAPH_DATASET_UNVERIFIED'
  | 'ARBIGRAPH_DATASET_MISMATCH'
  | 'ARBIGRAPH_BAD_CONFIG'
  | 'ARBIGRAPH_BAD_REFERENCE'
  | 'ARBIGRAPH_DUPLICATE'
  | 'ARBIGRAPH_USAGE'
  /** A file a command would create already exists (it never overwrites one). */
  | 'ARBIGRAPH_EXISTS'
  /** The model endpoint failed after the request pool's retries (an infrastructure error, not a model outcome). */
  | 'ARBIGRAPH_ENDPOINT'
  /** An output file could not be written: no permission, a full disk, a file size limit. */
  | 'ARBIGRAPH_WRITE_FAILED'

/** Marks our errors across copies of this module (see `Symbol.hasInstance` below). */
const BRAND = Symbol.for('arbigraph.error')

export class ArbigraphError extends Error {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ArbigraphError'
    this.code = code
    Object.defineProperty(this, BRAND, { value: true })
  }

  /**
   * The bundled CLI holds its own copy of this class, and a user's arbigraph.config.ts builds
   * its templates with the package's unbundled one: an error from either is ours, so it is
   * recognised by its brand rather than by which copy made it. Subclasses check as usual.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class checked against, a subclass or ours
    if (this !== ArbigraphError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && BRAND in value
  }
}

/** A validation problem as data: a path into the offending document plus a message. */
export interface Issue {
  path: (string | number)[]
  message: string
}

/** Prefixes child issue paths with the container's key (children never know their path). */
export const under = (key: string | number, issues: Issue[]): Issue[] =>
  issues.map((issue) => ({ ...issue, path: [key, ...issue.path] }))

/**
 * Formats a path the way users write it: `nodes[3].template`.
 * @example formatPath(['nodes', 3, 'template']) // 'nodes[3].template'
 */
export function formatPath(path: readonly (string | number | symbol)[]): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else out += out === '' ? String(part) : `.${String(part)}`
  }
  return out
}

/** One line per issue: `nodes[3].template: unknown template "Foo"`. */
export const formatIssues = (issues: readonly Issue[]): string =>
  issues
    .map((issue) => (issue.path.length ? `${formatPath(issue.path)}: ${issue.message}` : issue.message))
    .join('\n')

/**
 * The first issue of a zod error as `where: path: message (and N more problems)`.
 * @example describeZodError(parsed.error, 'out/results.json') // 'out/results.json: records[3].caseId: Required'
 */
export function describeZodError(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  where: string,
): string {
  const first = error.issues[0]!
  const path = formatPath(first.path)
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problems)` : ''
  return `${where}${path ? `: ${path}` : ''}: ${first.message}${more}`
}
