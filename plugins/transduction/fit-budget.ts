/**
 * Sizing a document to its token budget. Tokens are counted with cl100k_base (gpt-tokenizer),
 * over the prompt and over the expected output, and only on whole documents: two small probes
 * give a per-unit slope and a fixed overhead, the first full build uses that estimate, and each
 * correction re-counts once and moves the unit count by the remaining gap over the measured slope
 * (BPE merges across record boundaries make per-record sums drift, so whole-text counts are the
 * truth). Units are records for the line families and rows for tables. A build is accepted
 * within ±0.5 % of the target, or after six corrections if within the ±3 % contract.
 * Reference: Long-Transduction paper Appendix D (cl100k_base preparation tokenizer).
 */
import { cl100kTokens } from '../../src/cl100k-tokens.ts'
import { ArbigraphError } from '../../src/errors.ts'

export { cl100kTokens }

/** A build of some size: its prompt and expected output. */
export interface SizedText {
  prompt: string
  expectedText: string
}

/** A build that fits its budget, with its counts. */
export interface FittedBuild<T> {
  build: T
  units: number
  inputTokens: number
  outputTokens: number
}

const TOLERANCE = 0.005
export const BUDGET_CONTRACT = 0.03

function measure<T extends SizedText>(make: (units: number) => T, units: number): FittedBuild<T> {
  const build = make(units)
  return {
    build,
    units,
    inputTokens: cl100kTokens(build.prompt),
    outputTokens: cl100kTokens(build.expectedText),
  }
}

const total = (fit: FittedBuild<unknown>) => fit.inputTokens + fit.outputTokens

/**
 * The build whose input + output tokens are closest to `target`.
 * @example fitToBudget((n) => lineBuild(n), 4000, 'arithmetic/plain/L0/4K/s0').units
 */
export function fitToBudget<T extends SizedText>(
  make: (units: number) => T,
  target: number,
  where: string,
): FittedBuild<T> {
  const small = measure(make, 4)
  const large = measure(make, 16)
  let slope = Math.max(1, (total(large) - total(small)) / 12)
  const overhead = total(small) - 4 * slope
  let fit = measure(make, Math.max(1, Math.round((target - overhead) / slope)))
  for (let step = 0; step < 6 && Math.abs(total(fit) - target) > TOLERANCE * target; step++) {
    slope = Math.max(1, (total(fit) - total(small)) / Math.max(1, fit.units - 4))
    const units = Math.max(1, fit.units + Math.round((target - total(fit)) / slope))
    if (units === fit.units) break
    fit = measure(make, units)
  }
  if (Math.abs(total(fit) - target) > BUDGET_CONTRACT * target) {
    throw new ArbigraphError(
      'ARBIGRAPH_GENERATION_FAILED',
      `transduction ${where}: could not fit ${target} tokens (closest build ${total(fit)} tokens with ${fit.units} units); the fixed part of the prompt is probably larger than the budget`,
    )
  }
  return fit
}
