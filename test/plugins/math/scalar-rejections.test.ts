import { describe, expect, it } from 'vitest'
import { scalarToList } from '../../../plugins/math/scalar-to-list.ts'
import { scalarToScalar } from '../../../plugins/math/scalar-to-scalar.ts'
import { createRng } from '../../../src/rng.ts'
import type { Value } from '../../../src/values.ts'

/**
 * The reference's shared usability filter (research spec §5.1), restated here on purpose: the
 * generator owns the real one, and this test checks the operators, not the filter.
 */
function unusable(value: Value): boolean {
  if (!Array.isArray(value)) {
    const x = value as bigint
    return x === 0n || x === 1n || x === -1n || x >= 10n ** 10n || x <= -(10n ** 10n)
  }
  const list = value as bigint[]
  if (list.length <= 1) return true
  const counts = new Map<bigint, number>()
  for (const x of list) counts.set(x, (counts.get(x) ?? 0) + 1)
  if (Math.max(...counts.values()) > list.length / 2) return true
  return list.every((x, i) => x === BigInt(i)) || list.every((x, i) => x === BigInt(i + 1))
}

const EVEN = Array.from({ length: 50 }, (_, i) => 2 * i)

// Research spec §4.5: the residues m = |round(v)| mod 100 whose output the filter rejects.
const REJECTED: Record<string, number[]> = {
  CentralBinomialPrimeValuationVector: [],
  GrayCodeSequence: [0],
  ModularMultiplicationSequence: [0],
  PolygonDiagonalsSequence: [],
  PrimesBetweenSquares: [],
  QuadraticResiduesPrime: [0, 1],
  SmallestFactorQuadratic: EVEN,
  TotientProductSequence: [0, 1, 2],
  TotientShiftSequence: [0, 1, 2],
  WeightedDivisorCountPrefixSequence: [0],
  DivisorSigmaSquare: [0],
  DivisorSum: [0],
  LegendreResidueWeight: [],
  MultiplicativeOrder: [],
  PrimeOmegaSum: [0],
  PrimitiveRootCount: [0, 1],
  ScaledStirlingFirstKind: [],
  SumDivisorCounts: [0],
  SummatoryTotient: [],
  UnitaryDivisorSum: [0],
}

describe('scalar-input operators over all 100 residues', () => {
  it.each([...scalarToList, ...scalarToScalar].map((t) => [t.id, t] as const))(
    '%s is rejected exactly for the residues the reference lists',
    (id, template) => {
      const rejected: number[] = []
      for (let m = 0; m < 100; m++) {
        const raw = BigInt(m)
        const out = template.solve(raw, template.params(raw, createRng(m), 'scalar'), 'scalar') as Value
        if (unusable(out)) rejected.push(m)
      }
      expect(rejected).toEqual(REJECTED[id])
    },
  )
})
