/**
 * Synthetic sweep records for the fit tests: at each size, `cases` cases drawn correct with a
 * known probability, from a fixed-seed RNG so every run sees the same records.
 */
import type { CaseRecord } from '../../../src/contracts/case-record.ts'
import { createRng } from '../../../src/rng.ts'
import { makeRecord } from '../make-record.ts'

/** Records of sweep `name` over `sizes` with P(correct | size) = `accuracy(size)`. */
export function syntheticSweep(
  sizes: readonly number[],
  accuracy: (size: number) => number,
  {
    cases = 40,
    name = 'chain-length',
    seed = 'synthetic',
    model = 'qwen3.5-27b',
    tokens = (s: number) => 300 * s,
  } = {},
): CaseRecord[] {
  const rng = createRng(seed)
  return sizes.flatMap((size) =>
    Array.from({ length: cases }, (_, i) =>
      makeRecord({
        caseId: `${name}@${size}/chain/math/MulMod#${i}`,
        sample: i,
        model,
        correct: rng.float() < accuracy(size),
        tokens: { prompt: tokens(size), completion: 50 },
        sweep: { name, axis: 'length', value: size, size },
      }),
    ),
  )
}

/** The logistic curve σ(a + b·log₂ size). */
export const logisticCurve = (a: number, b: number) => (size: number) =>
  1 / (1 + Math.exp(-(a + b * Math.log2(size))))
