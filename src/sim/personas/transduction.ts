/**
 * The simulated model's Long-Transduction behaviour, used by `sim:oracle` and `sim:noisy` when
 * the registered case carries a `transduction` entry. The oracle answers with the expected output
 * exactly, with no reasoning. The noisy model walks the expected lines and, at normalized position
 * x in [0, 1], faults with probability
 *   p(x) = min(0.5, noise × 0.004 × (1 + 4x) × log2(expected chars / 2000 + 1))
 * so faults grow along the output and with the document's length (the paper's degradation with
 * budget and position). A fault is one of: omit the line (cascades in unnumbered streams), write
 * it twice (a duplicate), swap it with the next line (a local shift), or misread (write a nearby
 * record's content in its place; self-consistent but wrong). With probability
 * min(0.6, noise × 0.05 × log2 scale) the output also stops early past 70 % (an early end).
 * Draws depend on (seed, prompt hash) only, so a rerun repeats the same output.
 */
import type { Rng } from '../../rng.ts'
import { rawTurn } from '../qwen-text.ts'

/** What the case book stores for a transduction case. */
export interface TransductionTruth {
  expectedText: string
  format: string
  family: string
}

/**
 * The oracle's raw turn: no reasoning, then the expected output.
 * @example transductionOracleTurn({ expectedText: '[1] 5+6=11', format: 'ordered', family: 'arithmetic' })
 */
export const transductionOracleTurn = (truth: TransductionTruth): string => rawTurn('', truth.expectedText)

/**
 * The fault probability at normalized position `x` of an output of `chars` characters.
 * @example faultProbability(0.5, 200_000, 1) // ≈ 0.08
 */
export function faultProbability(x: number, chars: number, noise: number): number {
  return Math.min(0.5, noise * 0.004 * (1 + 4 * x) * Math.log2(chars / 2000 + 1))
}

const CONTENT = /^(\[\d+\]\s*)?(.*)$/

/** Line `i` with the content of line `j` (keeping line i's ID, if any). */
function misread(lines: readonly string[], i: number, j: number): string {
  const own = CONTENT.exec(lines[i]!)!
  const other = CONTENT.exec(lines[j]!)!
  return `${own[1] ?? ''}${other[2]}`
}

/**
 * The expected output with seeded, position-dependent faults.
 * @example noisyTransductionText('a\nb\nc', createRng(1), 1)
 */
export function noisyTransductionText(expectedText: string, rng: Rng, noise: number): string {
  const lines = expectedText.split('\n')
  const n = lines.length
  const scale = Math.log2(expectedText.length / 2000 + 1)
  const stopDraw = rng.float()
  const stopAt =
    stopDraw < Math.min(0.6, noise * 0.05 * scale) ? Math.floor(n * (0.7 + 0.3 * rng.float())) : n
  const out: string[] = []
  for (let i = 0; i < stopAt; i++) {
    const p = faultProbability(i / n, expectedText.length, noise)
    if (rng.float() >= p) {
      out.push(lines[i]!)
      continue
    }
    const kind = rng.below(4)
    if (kind === 0) continue
    if (kind === 1) out.push(lines[i]!, lines[i]!)
    else if (kind === 2 && i + 1 < stopAt) {
      out.push(lines[i + 1]!, lines[i]!)
      i++
    } else if (n > 1) {
      const offset = rng.choice([-3, -2, -1, 1, 2, 3])
      const j = i + offset >= 0 && i + offset < n ? i + offset : i - offset
      out.push(misread(lines, i, Math.min(n - 1, Math.max(0, j))))
    } else out.push(lines[i]!)
  }
  return out.join('\n')
}

/**
 * The noisy model's raw turn for a transduction case.
 * @example noisyTransductionTurn(truth, createRng(1), 1)
 */
export const noisyTransductionTurn = (truth: TransductionTruth, rng: Rng, noise: number): string =>
  rawTurn('', noisyTransductionText(truth.expectedText, rng, noise))
