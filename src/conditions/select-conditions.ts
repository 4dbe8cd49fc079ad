/**
 * Which context conditions a suite runs: `conditions: [...]` on `defineSuite`, or
 * `ARBIGRAPH_CONDITIONS=in-graph,isolated,chained` for every suite of a run (the variable wins,
 * so one run can add the conditions to suites that do not name them). `in-graph` is required:
 * it is the record's own grade, and every difference is measured against it. Order is
 * canonical (in-graph, isolated, chained) whatever order was given.
 */
import { z } from 'zod'
import { CONDITIONS, type Condition } from '../contracts/conditions.ts'
import { ArbigraphError } from '../errors.ts'

/** Today's behaviour: the instance as one prompt, nothing else. */
export const DEFAULT_CONDITIONS: readonly Condition[] = ['in-graph']

/** The problem with a list of condition names, or the list in canonical order. */
function checkNames(names: readonly string[]): { conditions: Condition[] } | { problem: string } {
  if (names.length === 0) return { problem: `expected at least "in-graph", got an empty list` }
  const seen = new Set<string>()
  for (const name of names) {
    if (!(CONDITIONS as readonly string[]).includes(name))
      return { problem: `unknown condition "${name}": expected some of ${CONDITIONS.join(', ')}` }
    if (seen.has(name)) return { problem: `condition "${name}" is given twice` }
    seen.add(name)
  }
  if (!seen.has('in-graph'))
    return { problem: `"in-graph" must be among the conditions (every difference is measured against it)` }
  return { conditions: CONDITIONS.filter((name) => seen.has(name)) }
}

/** The `conditions` field of suite options. */
export const conditionsOptionSchema = z.array(z.string()).transform((names, ctx): Condition[] => {
  const checked = checkNames(names)
  if ('conditions' in checked) return checked.conditions
  ctx.addIssue({ code: 'custom', message: checked.problem })
  return z.NEVER
})

/** ARBIGRAPH_CONDITIONS: comma-separated names; absent or blank → undefined (the suite decides). */
export const envConditions = z
  .string()
  .optional()
  .transform((text, ctx): Condition[] | undefined => {
    if (text === undefined || text.trim() === '') return undefined
    const checked = checkNames(text.split(',').map((name) => name.trim()))
    if ('conditions' in checked) return checked.conditions
    ctx.addIssue({ code: 'custom', message: `${checked.problem} (got "${text}")` })
    return z.NEVER
  })

/** The conditions variable, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const conditionsEnvShape = { ARBIGRAPH_CONDITIONS: envConditions }

/**
 * The conditions a suite runs: ARBIGRAPH_CONDITIONS when set, else the suite's own, else in-graph.
 * @example resolveConditions(['in-graph', 'chained'], { ARBIGRAPH_CONDITIONS: 'isolated,in-graph' }) // ['in-graph', 'isolated']
 */
export function resolveConditions(
  suite: readonly Condition[] | undefined,
  env: Record<string, string | undefined> = process.env,
): readonly Condition[] {
  const parsed = envConditions.safeParse(env.ARBIGRAPH_CONDITIONS)
  if (!parsed.success)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `ARBIGRAPH_CONDITIONS: ${parsed.error.issues[0]!.message}`,
    )
  return parsed.data ?? suite ?? DEFAULT_CONDITIONS
}
