import { describe, expect, it } from 'vitest'
import { legendreResidueWeight, scalarToScalar } from '../../../plugins/math/scalar-to-scalar.ts'
import type { TaskTemplate } from '../../../src/contracts/template.ts'
import { createRng } from '../../../src/rng.ts'
import type { Value } from '../../../src/values.ts'

const CANONICAL = [
  'DivisorSigmaSquare',
  'DivisorSum',
  'LegendreResidueWeight',
  'MultiplicativeOrder',
  'PrimeOmegaSum',
  'PrimitiveRootCount',
  'ScaledStirlingFirstKind',
  'SumDivisorCounts',
  'SummatoryTotient',
  'UnitaryDivisorSum',
]

const template = (id: string): TaskTemplate => {
  const found = scalarToScalar.find((t) => t.id === id)
  if (!found) throw new Error(`no template ${id}`)
  return found
}
const solve = (id: string, raw: Value): Value => {
  const t = template(id)
  return t.solve(raw, t.params(raw, createRng('test'), 'scalar'), 'scalar') as Value
}

describe('scalar → scalar templates', () => {
  it('come in the reference order (task_id 30–39) with reference names', () => {
    expect(scalarToScalar.map((t) => t.id)).toEqual(CANONICAL)
    expect(scalarToScalar.map((t) => t.referenceName)).toEqual(CANONICAL.map((id) => `${id}Task`))
    for (const t of scalarToScalar) {
      expect(t.inputKinds).toEqual(['scalar'])
      expect(t.outputKind).toBe('scalar')
    }
  })

  // Research spec §12, rows 30–39: the reference's baseline record 0 of each task.
  it.each([
    ['DivisorSigmaSquare', 5n, 50n],
    ['DivisorSum', -25n, 42n],
    ['LegendreResidueWeight', -28n, 1420n],
    ['MultiplicativeOrder', -84n, 18n],
    ['PrimeOmegaSum', 3n, 4n],
    ['PrimitiveRootCount', -92n, 162n],
    ['ScaledStirlingFirstKind', 64n, 5005n],
    ['SumDivisorCounts', -41n, 168n],
    ['SummatoryTotient', -29n, 1086n],
    ['UnitaryDivisorSum', -12n, 14n],
  ] as const)('%s(%s) = %s as in the reference', (id, raw, expected) => {
    expect(solve(id, raw)).toBe(expected)
  })

  it('apply their offsets: none for ScaledStirling, +30 for SummatoryTotient', () => {
    // val = 0 → m = 7: c(7, 5) = 2·C(7,3) + 3·C(7,4) = 175; val = 99 → m = 16: 2·560 + 3·1820 = 6580.
    expect(solve('ScaledStirlingFirstKind', 100n)).toBe(175n)
    expect(solve('ScaledStirlingFirstKind', -99n)).toBe(6580n)
    // n = 30: φ(1) + … + φ(30) = 278.
    expect(solve('SummatoryTotient', 0n)).toBe(278n)
    // n = 2: ω(2) = 1.
    expect(solve('PrimeOmegaSum', 0n)).toBe(1n)
  })

  it('read floats through the shared preprocessing', () => {
    expect(solve('DivisorSum', -24.5)).toBe(solve('DivisorSum', 25n))
    expect(solve('DivisorSum', 1e9)).toBe(1n) // 10^9 mod 100 = 0 → n = 1
  })

  it('end every block by naming the output after using the local name', () => {
    for (const t of scalarToScalar) {
      const params = t.params(12n, createRng(1), 'scalar')
      const text = t.text({
        n: 2,
        source: 'task_1_out',
        out: 'task_2_out',
        input: 12n,
        inputKind: 'scalar',
        params,
      })
      expect(text.startsWith('Let val_2 be task_1_out transformed as follows')).toBe(true)
      expect(text.split('\n').slice(1).join('\n')).toContain('val_2')
      expect(text.trimEnd()).toMatch(/task_2_out\.$/)
    }
  })
})

describe('LegendreResidueWeight', () => {
  it('derives p, the smallest prime above val + 2, inside the task (no printed parameter)', () => {
    expect(legendreResidueWeight.params(-28n, createRng(1), 'scalar')).toEqual({})
    // -28 → val = 28 + 25 = 53; the first prime above 55 is 59; Σ a·(L(a,59)+1) = 1420.
    expect(legendreResidueWeight.solve(-28n, {}, 'scalar')).toBe(1420n)
  })

  it('defines p in words and the symbol as ±1', () => {
    const text = legendreResidueWeight.text({
      n: 1,
      source: 'task_1_input',
      out: 'task_1_out',
      input: -28n,
      inputKind: 'scalar',
      params: {},
    })
    expect(text).toContain('strictly larger than val_1 + 2')
    expect(text).toContain('-1 when none does')
  })
})
