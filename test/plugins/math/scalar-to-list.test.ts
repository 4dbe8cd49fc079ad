import { describe, expect, it } from 'vitest'
import { scalarToList } from '../../../plugins/math/scalar-to-list.ts'
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import { createRng } from '../../../src/rng.ts'
import type { Value } from '../../../src/values.ts'

const CANONICAL = [
  'CentralBinomialPrimeValuationVector',
  'GrayCodeSequence',
  'ModularMultiplicationSequence',
  'PolygonDiagonalsSequence',
  'PrimesBetweenSquares',
  'QuadraticResiduesPrime',
  'SmallestFactorQuadratic',
  'TotientProductSequence',
  'TotientShiftSequence',
  'WeightedDivisorCountPrefixSequence',
]

const template = (id: string): TaskTemplate => {
  const found = scalarToList.find((t) => t.id === id)
  if (!found) throw new Error(`no template ${id}`)
  return found
}
const solve = (id: string, raw: Value): bigint[] => {
  const t = template(id)
  return t.solve(raw, t.params(raw, createRng('test'), 'scalar'), 'scalar') as bigint[]
}

describe('scalar → list templates', () => {
  it('come in the reference order (task_id 20–29) with reference names', () => {
    expect(scalarToList.map((t) => t.id)).toEqual(CANONICAL)
    expect(scalarToList.map((t) => t.referenceName)).toEqual(CANONICAL.map((id) => `${id}Task`))
    for (const t of scalarToList) {
      expect(t.family).toBe('math')
      expect(t.inputKinds).toEqual(['scalar'])
      expect(t.outputKind).toBe('list')
      expect(t.params(7n, createRng(1), 'scalar')).toEqual({})
    }
  })

  // Research spec §12, rows 20–29: the reference's baseline record 0 of each task (first 12 shown).
  it.each([
    [
      'CentralBinomialPrimeValuationVector',
      -50n,
      [6n, 15n, 10n, 14n, 22n, 13n, 34n, 19n, 23n, 58n, 62n, 37n],
      37,
    ],
    ['GrayCodeSequence', 2n, [6n, 7n, 5n], 3],
    [
      'ModularMultiplicationSequence',
      50n,
      [51n, 102n, 153n, 204n, 22n, 73n, 124n, 175n, 226n, 44n, 95n, 146n],
      51,
    ],
    [
      'PolygonDiagonalsSequence',
      57n,
      [1769n, 1829n, 1890n, 1952n, 2015n, 2079n, 2144n, 2210n, 2277n, 2345n, 2414n, 2484n],
      60,
    ],
    [
      'PrimesBetweenSquares',
      94n,
      [9029n, 9041n, 9043n, 9049n, 9059n, 9067n, 9091n, 9103n, 9109n, 9127n, 9133n, 9137n],
      21,
    ],
    ['QuadraticResiduesPrime', 7n, [0n, 1n, 4n, 5n, 6n, 7n, 9n, 11n, 16n, 17n], 10],
    ['SmallestFactorQuadratic', -49n, [3n, 2n, 59n, 2n, 3n, 2n, 3n, 2n, 131n, 2n, 3n, 2n], 50],
    ['TotientProductSequence', -26n, [18n, 18n, 54n, 36n, 72n, 54n, 108n, 72n, 162n, 72n, 180n, 108n], 27],
    ['TotientShiftSequence', -96n, [42n, 60n, 40n, 100n, 32n, 102n, 48n, 48n, 52n, 106n, 36n, 108n], 97],
    [
      'WeightedDivisorCountPrefixSequence',
      15n,
      [2n, 14n, 20n, 44n, 64n, 88n, 102n, 166n, 193n, 233n, 277n, 349n],
      16,
    ],
  ] as const)('%s(%s) matches the reference vector', (id, raw, prefix, length) => {
    const out = solve(id, raw)
    expect(out.slice(0, prefix.length)).toEqual(prefix)
    expect(out).toHaveLength(length)
  })

  it('read floats and large values through the shared preprocessing', () => {
    // 149.5 rounds away from zero to 150 → 50 → n = 51; -1002 → 2 → n = 3.
    expect(solve('GrayCodeSequence', 149.5)).toEqual(solve('GrayCodeSequence', 50n))
    expect(solve('GrayCodeSequence', -1002n)).toEqual([6n, 7n, 5n])
  })

  it('handle the edge values of their input range', () => {
    // n = 1: the 1st prime is 2, whose residues are 0 and 1.
    expect(solve('QuadraticResiduesPrime', 0n)).toEqual([0n, 1n])
    expect(solve('ModularMultiplicationSequence', 0n)).toEqual([1n])
    // n = 100: p_100 = 541, so there are 271 residues.
    expect(solve('QuadraticResiduesPrime', 99n)).toHaveLength(271)
    // n = 30: the 17 primes ≤ 60; 59 divides C(60, 30) exactly once → 59·2.
    expect(solve('CentralBinomialPrimeValuationVector', 0n)).toHaveLength(17)
    expect(solve('CentralBinomialPrimeValuationVector', 0n).at(-1)).toBe(118n)
    expect(solve('PrimesBetweenSquares', 0n)).toEqual([2n, 3n])
  })

  it('write a block that uses the local name and ends by naming the output', () => {
    for (const t of scalarToList) {
      const text = t.text({
        n: 3,
        source: 'task_2_out',
        out: 'task_3_out',
        input: 12n,
        inputKind: 'scalar',
        params: {},
      })
      expect(text.startsWith('Let val_3 be task_2_out transformed as follows')).toBe(true)
      expect(text.split('\n').slice(1).join('\n')).toContain('val_3')
      expect(text.trimEnd()).toMatch(/task_3_out\.$/)
    }
  })

  it('spell out the conventions the answer depends on', () => {
    const text = (id: string) =>
      template(id).text({
        n: 1,
        source: 'task_1_input',
        out: 'task_1_out',
        input: 5n,
        inputKind: 'scalar',
        params: {},
      })
    expect(text('QuadraticResiduesPrime')).toMatch(/1st prime is 2/)
    expect(text('QuadraticResiduesPrime')).toMatch(/0 counts/)
    expect(text('ModularMultiplicationSequence')).toMatch(/2 as the 1st prime/)
    expect(text('GrayCodeSequence')).toMatch(/decimal integer/)
    expect(text('CentralBinomialPrimeValuationVector')).toContain(
      'floor(2*val_1 / p**j) - 2*floor(val_1 / p**j)',
    )
    expect(text('TotientShiftSequence')).toMatch(/gcd\(k, m\) = 1/)
  })
})
