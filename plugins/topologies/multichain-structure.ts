/**
 * The multichain structure grammar: a list whose items are family names (flat tasks) or lists of
 * family names (branches). Consecutive branches form a block; a block has 2–10 branches and flat
 * tasks before and after it, and there is at least one block. Accepted as a nested array or as
 * the reference's Python-literal string, with the aliases m → math, p/py → python, g → gsm.
 * The name `*` pins nothing: that task is drawn from the dataset's categories, as every task of the
 * other fixed topologies is, and the default (the paper's layout) is written that way, so
 * `generate multichain --category python` is a python multichain rather than a math one.
 *
 * Reference: spec §7.4 (structure grammar).
 */
import { z } from 'zod'

/** A family name (flat task) or a branch (family names, in order). */
export type StructureItem = string | string[]

/** A task of any of the dataset's categories (no family pinned). */
export const ANY_FAMILY = '*'

/** The paper's layout: 2 flat, a block of 2 branches of 2, 2 flat (8 tasks), of the dataset's categories. */
export const PAPER_STRUCTURE: StructureItem[] = ['*', '*', ['*', '*'], ['*', '*'], '*', '*']

const ALIASES: Record<string, string> = { m: 'math', p: 'python', py: 'python', g: 'gsm' }
const MAX_BRANCHES = 10

/** Parses `"['m', 'm', ['m', 'm'], ...]"`; quotes are optional around names. */
function parseLiteral(text: string, ctx: z.RefinementCtx): unknown {
  const tokens = text.match(/\[|\]|,|'[^']*'|"[^"]*"|[A-Za-z_][\w-]*|\*|\S/g) ?? []
  let at = 0
  // The first syntax error ends parsing; later tokens would only repeat it.
  const fail = (message: string): never => {
    throw new SyntaxError(`${message} in ${JSON.stringify(text)}`)
  }
  const value = (): unknown => {
    const token = tokens[at++]
    if (token === undefined) return fail('unexpected end')
    if (token === '[') {
      const items: unknown[] = []
      while (tokens[at] !== ']') {
        items.push(value())
        if (tokens[at] === ',') at++
        else if (tokens[at] !== ']')
          return fail(`expected "," or "]" but found ${JSON.stringify(tokens[at] ?? 'the end')}`)
      }
      at++
      return items
    }
    if (/^['"]/.test(token)) return token.slice(1, -1)
    if (/^[A-Za-z_*]/.test(token)) return token
    return fail(`unexpected ${JSON.stringify(token)}`)
  }
  try {
    const result = value()
    return at < tokens.length ? fail(`unexpected ${JSON.stringify(tokens[at])} after the list`) : result
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message })
    return z.NEVER
  }
}

const family = z
  .string()
  .min(1)
  .transform((name) => ALIASES[name] ?? name)
const item = z.union([family, z.array(family, { error: 'a branch lists family names (no nesting)' })], {
  error: 'must be a family name or a branch (a list of family names)',
})

function checkBlocks(items: StructureItem[], ctx: z.RefinementCtx): void {
  let blocks = 0
  for (let start = 0; start < items.length; start++) {
    if (!Array.isArray(items[start])) continue
    let end = start
    while (Array.isArray(items[end + 1])) end++
    blocks++
    const path = [start]
    const branches = end - start + 1
    if (branches < 2)
      ctx.addIssue({
        code: 'custom',
        path,
        message: `a branch block needs at least 2 branches, found ${branches}`,
      })
    if (branches > MAX_BRANCHES)
      ctx.addIssue({
        code: 'custom',
        path,
        message: `a branch block holds at most ${MAX_BRANCHES} branches (the packed list has 10 slots), found ${branches}`,
      })
    if (start === 0)
      ctx.addIssue({
        code: 'custom',
        path,
        message: 'a branch block needs a flat task before it (its branches pick from that output)',
      })
    if (end === items.length - 1)
      ctx.addIssue({
        code: 'custom',
        path: [end],
        message: 'a branch block needs a flat task after it (it reads the packed branch outputs)',
      })
    for (let b = start; b <= end; b++)
      if ((items[b] as string[]).length === 0)
        ctx.addIssue({ code: 'custom', path: [b], message: 'a branch needs at least one task' })
    start = end
  }
  if (blocks === 0)
    ctx.addIssue({
      code: 'custom',
      message: "needs at least one branch block, e.g. ['math', ['math', 'math'], ['math', 'math'], 'math']",
    })
}

/**
 * The `structure` option: an array or a Python-literal string, normalized to an array.
 * @example structureSchema.parse("['m', ['m', 'm'], ['m'], 'm']") // ['math', ['math', 'math'], ['math'], 'math']
 */
export const structureSchema = z
  .unknown()
  .transform((value, ctx) => (typeof value === 'string' ? parseLiteral(value, ctx) : value))
  .pipe(
    z
      .array(item, { error: "must be a list such as ['math', ['math', 'math'], ['math', 'math'], 'math']" })
      .min(1, { error: 'must list at least one item' }),
  )
  .superRefine(checkBlocks)
  .default(() => structuredClone(PAPER_STRUCTURE))
