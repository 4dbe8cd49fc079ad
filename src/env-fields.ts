/**
 * The zod field types of environment variables, shared by every schema of the run's settings
 * (pool, simulator, suites, outputs) so a bad value reads the same everywhere:
 * `ARBIGRAPH_CONCURRENCY: expected … (an integer ≥ 1), got "abc"`. An unset or blank variable is
 * absent. Schemas put the variable's name in front (see `formatEnvIssues`).
 */
import type { z as zod } from 'zod'
import { z } from 'zod'
import { ArbigraphError } from './errors.ts'

/**
 * An integer ≥ `min` (≤ `max` when given); absent → `fallback`.
 * @example envInteger('samples per task', 1).parse('3') // 3
 */
export const envInteger = <F extends number | undefined = undefined>(
  what: string,
  min: number,
  fallback?: F,
  max = Number.MAX_SAFE_INTEGER,
) =>
  z
    .string()
    .optional()
    .transform((text, ctx): number | F => {
      if (text === undefined || text.trim() === '') return fallback as F
      const value = Number(text.trim())
      if (/^[+-]?\d+$/.test(text.trim()) && value >= min && value <= max) return value
      const range =
        max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`
      ctx.addIssue({ code: 'custom', message: `expected ${what} (${range}), got "${text}"` })
      return z.NEVER
    })

/**
 * Trimmed text; absent → undefined.
 * @example envText.parse('  m ') // 'm'
 */
export const envText = z
  .string()
  .optional()
  .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()))

/**
 * One of `choices`; absent → `fallback`.
 * @example envChoice(['off', 'read'], 'read').parse(undefined) // 'read'
 */
export const envChoice = <const C extends string, F extends C | undefined>(
  choices: readonly C[],
  fallback: F,
) =>
  z
    .string()
    .optional()
    .transform((text, ctx): C | F => {
      const value = text?.trim() ?? ''
      if (value === '') return fallback
      if ((choices as readonly string[]).includes(value)) return value as C
      ctx.addIssue({ code: 'custom', message: `expected one of ${choices.join(', ')}, got "${text}"` })
      return z.NEVER
    })

/**
 * Where an output goes: a path, or `off`/`false`/`0`/`no` for none (`false`), the convention of
 * every output variable; absent → undefined. `on`/`true`/`1`/`yes` is an error: it reads as a
 * switch, and would otherwise name a file or folder `1`.
 * @example envOutput('a folder').parse('off') // false
 */
export const envOutput = (what: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx): string | false | undefined => {
      const value = text?.trim() ?? ''
      if (value === '') return undefined
      if (['off', 'false', '0', 'no'].includes(value.toLowerCase())) return false
      if (!['on', 'true', '1', 'yes'].includes(value.toLowerCase())) return value
      ctx.addIssue({ code: 'custom', message: `expected ${what}, or off for none, got "${text}"` })
      return z.NEVER
    })

/** `1`/`true`/`yes`/`on` is true, `0`/`false`/`no`/`off` or absent is false; anything else is an error. */
export const envFlag = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const value = text?.trim().toLowerCase() ?? ''
    if (['', '0', 'false', 'no', 'off'].includes(value)) return false
    if (['1', 'true', 'yes', 'on'].includes(value)) return true
    ctx.addIssue({ code: 'custom', message: `expected 1 or 0, got "${text}"` })
    return z.NEVER
  })

/**
 * One line per bad variable: `ARBIGRAPH_SAMPLES: expected …, got "0"`.
 * @example formatEnvIssues(schema.safeParse(env).error!) // 'ARBIGRAPH_SAMPLES: expected …'
 */
export const formatEnvIssues = (error: zod.ZodError): string =>
  error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('\n')

/**
 * Parses `env` with a settings schema; a bad value throws ARBIGRAPH_BAD_CONFIG with one line per
 * bad variable, under `heading` when given (`invalid suite environment:`).
 * @example parseEnv(schema, { ARBIGRAPH_EPOCHS: '3' }, 'invalid suite environment').ARBIGRAPH_EPOCHS // 3
 */
export function parseEnv<S extends zod.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  heading?: string,
): zod.output<S> {
  const parsed = schema.safeParse(env)
  if (parsed.success) return parsed.data
  const issues = formatEnvIssues(parsed.error)
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', heading === undefined ? issues : `${heading}:\n${issues}`)
}
