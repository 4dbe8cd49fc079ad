/**
 * Python function pools: the functions a `python` category draws its tasks from. Two sources
 * share one in-memory shape: the built-in pool (`functions/index.json` plus one `.py` file per
 * function) and pool files written by `arbigraph import-leetcode` (sources inline). Both are read
 * synchronously and validated with zod; a pool's sha256 goes into every node it produces, so a
 * dataset says which functions it was made from.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { ArbigraphError, formatPath } from '../../src/errors.ts'

export const PYTHON_POOL_SCHEMA = 'arbigraph.python-pool/1'

/** LeetCode metadata (question id, slug, difficulty, title): informative, kept as given. */
const leetcodeSchema = z.record(z.string(), z.unknown())

/** One function of a pool file. */
export const poolFunctionSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][\w.-]*$/, 'ids are letters, digits, "_", "-" and "."'),
    function: z.string().regex(/^[A-Za-z_]\w*$/),
    summary: z.string(),
    source: z.string().min(1),
    /** Input kinds the importer found usable, when not every kind the signature allows. */
    inputKinds: z
      .array(z.enum(['list', 'scalar']))
      .min(1)
      .optional(),
    leetcode: leetcodeSchema.optional(),
  })
  .strict()

/** A pool file as `import-leetcode` writes it. */
export const poolFileSchema = z
  .object({
    schema: z.literal(PYTHON_POOL_SCHEMA),
    source: z.object({ file: z.string(), sha256: z.string() }).strict().optional(),
    functions: z.array(poolFunctionSchema),
    dropped: z.array(z.object({ id: z.string(), reason: z.string() }).strict()).optional(),
  })
  .strict()

export type PoolFunction = z.output<typeof poolFunctionSchema>
export type PoolFile = z.output<typeof poolFileSchema>

/** Functions plus where they came from (`<name>@sha256:<12 hex>`). */
export interface PythonPool {
  origin: string
  functions: PoolFunction[]
}

const indexEntrySchema = z
  .object({
    file: z.string().regex(/^[\w.-]+\.py$/, 'a .py file name in the functions folder'),
    function: z.string(),
    summary: z.string(),
    leetcode: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .passthrough()
const indexSchema = z.union([
  z.array(indexEntrySchema),
  z.object({ functions: z.array(indexEntrySchema) }).passthrough(),
])

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12)

function invalid(label: string, error: z.ZodError): ArbigraphError {
  const issue = error.issues[0]!
  return new ArbigraphError(
    'ARBIGRAPH_BAD_INPUT',
    `${label}: ${formatPath(issue.path) || '(root)'}: ${issue.message}`,
  )
}

function readJson(path: string): { text: string; json: unknown } {
  if (!existsSync(path))
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `python pool "${path}" does not exist`)
  const text = readFileSync(path, 'utf8')
  try {
    return { text, json: JSON.parse(text) }
  } catch (error) {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: malformed JSON (${(error as Error).message})`)
  }
}

/**
 * Reads a pool file written by `import-leetcode`.
 * @example loadPoolFile('pool.json').functions.length // 412
 */
export function loadPoolFile(path: string): PythonPool {
  const { text, json } = readJson(path)
  const parsed = poolFileSchema.safeParse(json)
  if (!parsed.success) throw invalid(path, parsed.error)
  const name = path.split(/[\\/]/).pop()
  return { origin: `${name}@sha256:${shortHash(text)}`, functions: parsed.data.functions }
}

/** `maxArea.py` → `max-area`; ids are kebab-case file names. */
const idOfFile = (file: string) =>
  file
    .replace(/\.py$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase()

/** The folder of the built-in pool. */
export const BUILTIN_FUNCTIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'functions')

/**
 * Reads the built-in pool (`functions/index.json` and its `.py` files); empty when absent.
 * @example loadBuiltinPool().functions[0].function // 'largestDivisibleSubset'
 */
export function loadBuiltinPool(dir = BUILTIN_FUNCTIONS_DIR): PythonPool {
  const indexPath = join(dir, 'index.json')
  if (!existsSync(indexPath)) return { origin: 'builtin@empty', functions: [] }
  const { text, json } = readJson(indexPath)
  const parsed = indexSchema.safeParse(json)
  if (!parsed.success) throw invalid(indexPath, parsed.error)
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.functions
  const hash = createHash('sha256').update(text)
  const functions = entries.map((entry): PoolFunction => {
    const source = readFileSync(join(dir, entry.file), 'utf8')
    hash.update(source)
    const lc = entry.leetcode
    return {
      id: idOfFile(entry.file),
      function: entry.function,
      summary: entry.summary,
      source,
      ...(lc ? { leetcode: lc } : {}),
    }
  })
  return { origin: `builtin@sha256:${hash.digest('hex').slice(0, 12)}`, functions }
}
