/**
 * Exact discrete transforms on integer sequences: linear convolution, the Walsh–Hadamard
 * transform, the subset-sum (zeta) transform over bitmasks and the number-theoretic transform.
 * The last three expect a power-of-two length (the list inputs that feed them pad to one).
 *
 * Reference: reference spec §4.1 (task_id 0, 1, 5, 9); NTT modulus and root choice follow SymPy's
 * `ntt` (smallest prime m·N + 1, least primitive root g, ω = g^((p−1)/N)).
 */
import { ArbigraphError } from '../../src/errors.ts'
import { factorize, isPrime, modPow } from './number-theory.ts'

/**
 * Full linear convolution: c_t = Σ_{i+j=t} a_i·b_j, length len(a) + len(b) − 1 (trailing zeros kept).
 * @example convolve([1n, 2n], [3n, 4n]) // [3n, 10n, 8n]
 */
export function convolve(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  if (a.length === 0 || b.length === 0) return []
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n)
  for (const [i, x] of a.entries()) for (const [j, y] of b.entries()) out[i + j]! += x * y
  return out
}

function requirePow2(length: number, what: string): void {
  if (length === 0 || (length & (length - 1)) !== 0) {
    throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `${what}: length must be a power of two, got ${length}`)
  }
}

/**
 * Unnormalized Walsh–Hadamard transform in natural (Sylvester) order:
 * H_j = Σ_k (−1)^popcount(j AND k) · a_k.
 * @example fwht([1n, 2n]) // [3n, -1n]
 */
export function fwht(a: readonly bigint[]): bigint[] {
  requirePow2(a.length, 'fwht')
  const out = a.slice()
  for (let h = 1; h < out.length; h *= 2) {
    for (let i = 0; i < out.length; i += 2 * h) {
      for (let j = i; j < i + h; j++) {
        const [x, y] = [out[j]!, out[j + h]!]
        out[j] = x + y
        out[j + h] = x - y
      }
    }
  }
  return out
}

/**
 * Subset-sum (zeta) transform: B[S] = Σ_{T ⊆ S} a[T], where T ⊆ S means T AND S = T.
 * @example subsetZeta([1n, 2n, 3n, 4n]) // [1n, 3n, 4n, 10n]
 */
export function subsetZeta(a: readonly bigint[]): bigint[] {
  requirePow2(a.length, 'subsetZeta')
  const out = a.slice()
  for (let bit = 1; bit < out.length; bit *= 2) {
    for (let s = 0; s < out.length; s++) if (s & bit) out[s]! += out[s ^ bit]!
  }
  return out
}

/**
 * The least primitive root modulo a prime p (1 for p = 2).
 * @example primitiveRoot(17n) // 3n
 */
export function primitiveRoot(p: bigint): bigint {
  if (p === 2n) return 1n
  const factors = factorize(p - 1n).map(([q]) => q)
  for (let g = 2n; g < p; g++) if (factors.every((q) => modPow(g, (p - 1n) / q, p) !== 1n)) return g
  throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `no primitive root modulo ${p}; is it prime?`)
}

/**
 * The NTT modulus for a transform of length N: the smallest prime of the form m·N + 1, m ≥ 1.
 * @example nttModulus(8) // 17n
 */
export function nttModulus(length: number): bigint {
  const n = BigInt(length)
  for (let p = n + 1n; ; p += n) if (isPrime(p)) return p
}

/**
 * Number-theoretic transform modulo prime p: A_j = Σ_k (a_k mod p)·ω^(jk) mod p with
 * ω = g^((p−1)/N), g the least primitive root; results are least non-negative residues.
 * @example ntt([1n, 2n], 3n) // [0n, 2n]
 */
export function ntt(a: readonly bigint[], p: bigint): bigint[] {
  requirePow2(a.length, 'ntt')
  const n = BigInt(a.length)
  if (!isPrime(p) || (p - 1n) % n !== 0n) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_VALUE',
      `ntt: modulus "${p}" must be a prime with ${n} dividing p − 1`,
    )
  }
  const omega = modPow(primitiveRoot(p), (p - 1n) / n, p)
  return a.map((_, j) =>
    a.reduce((acc, x, k) => (acc + ((x % p) + p) * modPow(omega, BigInt(j * k), p)) % p, 0n),
  )
}
