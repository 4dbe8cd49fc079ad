/**
 * The environment variables that shape a suite's cases (not the endpoint: that is the request
 * pool's, see src/pool/env.ts): how many samples per task, how many epochs (repetitions of every
 * case) and which generation seed. They are read at collection time in every worker, so they
 * must mean the same thing everywhere, hence one parser with messages naming the variable.
 */
import { z } from 'zod'
import { ArbigraphError } from '../errors.ts'

const positive = (what: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined
      const value = Number(text.trim())
      if (Number.isInteger(value) && value >= 1) return value
      ctx.addIssue({ code: 'custom', message: `expected ${what} (an integer ≥ 1), got "${text}"` })
      return z.NEVER
    })

const envSchema = z.object({
  ARBIGRAPH_SAMPLES: positive('samples per task'),
  ARBIGRAPH_EPOCHS: positive('a number of epochs'),
  ARBIGRAPH_SEED: z
    .string()
    .optional()
    .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim())),
})

export interface SuiteEnv {
  /** Overrides every suite's `samplesPerTask`. */
  samples: number | undefined
  /** Repetitions of every case; @default 1 */
  epochs: number
  /** Overrides every suite's generation seed. */
  seed: string | undefined
}

/**
 * Parses the suite variables; a bad value is ARBIGRAPH_BAD_CONFIG naming the variable.
 * @example readSuiteEnv({ ARBIGRAPH_EPOCHS: '3' }).epochs // 3
 */
export function readSuiteEnv(env: Record<string, string | undefined> = process.env): SuiteEnv {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `invalid suite environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return { samples: e.ARBIGRAPH_SAMPLES, epochs: e.ARBIGRAPH_EPOCHS ?? 1, seed: e.ARBIGRAPH_SEED }
}
