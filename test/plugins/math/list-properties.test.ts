import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convexHull, doubledHullArea } from '../../../plugins/math/geometry.ts'
import { modPow } from '../../../plugins/math/number-theory.ts'
import { divModMonic, interpolateAt, squareFreeEval, trimPoly } from '../../../plugins/math/polynomial.ts'
import { convolve, fwht, ntt, nttModulus, subsetZeta } from '../../../plugins/math/transforms.ts'
import { big, solve } from './list-fixtures.ts'

const small = fc.bigInt({ min: -99n, max: 99n })
const pow2List = fc
  .integer({ min: 0, max: 4 })
  .chain((k) => fc.array(small, { minLength: 2 ** k, maxLength: 2 ** k }))
const rawList = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 14 }).map(big)

/** Polynomial product, highest degree first (convolution of coefficient lists). */
const polyMul = (a: bigint[], b: bigint[]): bigint[] => (a.length && b.length ? convolve(a, b) : [])
const polyAdd = (a: bigint[], b: bigint[]): bigint[] => {
  const n = Math.max(a.length, b.length)
  const pad = (p: bigint[]) => [...new Array<bigint>(n - p.length).fill(0n), ...p]
  return pad(a).map((x, i) => x + pad(b)[i]!)
}

describe('list operator properties', () => {
  it('FWHT applied twice is N times the identity', () => {
    fc.assert(
      fc.property(pow2List, (a) => {
        expect(fwht(fwht(a))).toEqual(a.map((x) => x * BigInt(a.length)))
      }),
      { seed: 1 },
    )
  })

  it('the subset zeta transform matches the brute-force sum over submasks', () => {
    fc.assert(
      fc.property(pow2List, (a) => {
        const brute = a.map((_, s) => a.reduce((acc, x, t) => ((t & s) === t ? acc + x : acc), 0n))
        expect(subsetZeta(a)).toEqual(brute)
      }),
      { seed: 1 },
    )
  })

  it('PolyQuotient · (x² + x + 1) + remainder reconstructs P', () => {
    fc.assert(
      fc.property(rawList, (raw) => {
        const p = trimPoly(raw.slice(0, 10).map((v) => (v < 0n ? -(-v % 100n) : v % 100n)))
        const q = solve('PolyQuotient', raw) as bigint[]
        const { remainder } = divModMonic(p, [1n, 1n, 1n])
        expect(remainder.length).toBeLessThanOrEqual(2)
        expect(trimPoly(polyAdd(polyMul(q, [1n, 1n, 1n]), remainder))).toEqual(p)
      }),
      { seed: 1 },
    )
  })

  it('NTT is inverted by the transform with ω⁻¹ and 1/N (mod p)', () => {
    fc.assert(
      fc.property(pow2List, (a) => {
        const n = a.length
        const p = nttModulus(n)
        const out = ntt(a, p)
        expect(out.every((x) => x >= 0n && x < p)).toBe(true)
        // ω read off the transform of a unit impulse at index 1: A_j = ω^j.
        const omega =
          n > 1
            ? ntt(
                a.map((_, i) => (i === 1 ? 1n : 0n)),
                p,
              )[1]!
            : 1n
        const inv = (x: bigint) => modPow(x, p - 2n, p)
        const back = a.map((_, k) => {
          const sum = out.reduce((acc, x, j) => acc + x * modPow(inv(omega), BigInt(j * k), p), 0n)
          return (sum * inv(BigInt(n) % p)) % p
        })
        expect(back).toEqual(a.map((x) => ((x % p) + p) % p))
      }),
      { seed: 1 },
    )
  })

  it('InterpolateEval reproduces the sample points and a degree-(L−1) polynomial everywhere', () => {
    fc.assert(
      fc.property(
        fc.array(small, { minLength: 1, maxLength: 10 }),
        fc.bigInt({ min: -100n, max: 99n }),
        (coeffs, x) => {
          const f = (t: bigint) => coeffs.reduce((acc, c) => acc * t + c, 0n)
          const ys = coeffs.map((_, i) => f(BigInt(i)))
          expect(interpolateAt(ys, x)).toBe(f(x))
        },
      ),
      { seed: 1 },
    )
  })

  it('the square-free kernel of c·Π(x − r)^e is c·Π(x − r)', () => {
    const roots = fc.uniqueArray(fc.integer({ min: -6, max: 6 }), { minLength: 1, maxLength: 3 })
    const factors = roots.chain((rs) =>
      fc.tuple(
        fc.constant(rs),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: rs.length, maxLength: rs.length }),
      ),
    )
    const lead = fc.integer({ min: -9, max: 9 }).filter((c) => c !== 0)
    fc.assert(
      fc.property(factors, lead, ([rs, es], c) => {
        let p = [BigInt(c)]
        rs.forEach((r, i) => {
          for (let e = 0; e < es[i]!; e++) p = polyMul(p, [1n, -BigInt(r)])
        })
        const expected = rs.reduce((acc, r) => acc * (2n - BigInt(r)), BigInt(c))
        expect(squareFreeEval(p, 2n)).toBe(expected)
      }),
      { seed: 1 },
    )
  })

  it('the doubled hull area is at least every triangle of the points', () => {
    fc.assert(
      fc.property(fc.array(small, { minLength: 3, maxLength: 10 }), (ys) => {
        const pts = ys.map((y, i) => [BigInt(i), y] as const)
        const area = doubledHullArea(pts)
        const tri = (i: number, j: number, k: number) => {
          const [a, b, c] = [pts[i]!, pts[j]!, pts[k]!]
          const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
          return v < 0n ? -v : v
        }
        for (let i = 0; i < pts.length; i++)
          for (let j = i + 1; j < pts.length; j++)
            for (let k = j + 1; k < pts.length; k++) expect(area >= tri(i, j, k)).toBe(true)
        expect(convexHull(pts).every((h) => pts.includes(h))).toBe(true)
      }),
      { seed: 1 },
    )
  })
})
