/**
 * Exact discrete transforms on integer sequences: linear convolution, the Walsh–Hadamard
 * transform, the subset-sum (zeta) transform over bitmasks and the number-theoretic transform.
 * The last three expect a power-of-two length (the list inputs that feed them pad to one).
 *
 * Reference: reference spec §4.1 (task_id 0, 1, 5, 9); NTT modulus and root choice follow SymPy's
 * `ntt` (smallest prime m·N + 1, least primitive root g, ω = g^((p−1)/N)).
 */
import { ArbigraphError } from '../../src/errors.ts'
import { factorize, isPrime, isSafe, modPow } from './number-theory.ts'

/**
 * Full linear convolution: c_t = Σ_{i+j=t} a_i·b_j, length len(a) + len(b) − 1 (trailing zeros kept).
 * @example convolve([1n, 2n], [3n, 4n]) // [3n, 10n, 8n]
 */
export function convolve(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  if (a.length === 0 || b.length === 0) return []
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n)
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    if (x !== 0n) for (let j = 0; j < b.length; j++) out[i + j] = out[i + j]! + x * b[j]!
  }
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
        const x = out[j]!
        const y = out[j + h]!
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

/** Moduli below 2^26 keep a residue times a residue below 2^52, plus one more residue below 2^53. */
const SMALL_MODULUS = 1n << 26n

/** ω^0 … ω^(N−1) modulo p, as bigints and (for a small p) as numbers. */
interface RootPowers {
  big: bigint[]
  small: number[] | undefined
}

/** A dataset uses a handful of (p, N): each root's powers are computed once. Bounded in size. */
const rootPowersCache = new Map<bigint, Map<number, RootPowers>>()
const ROOT_CACHE_MAX = 256
let rootCacheSize = 0

/** The powers of ω = g^((p−1)/N) for the least primitive root g (p prime, N | p − 1). */
function rootPowers(p: bigint, length: number): RootPowers {
  const cached = rootPowersCache.get(p)?.get(length)
  if (cached !== undefined) return cached
  const omega = modPow(primitiveRoot(p), (p - 1n) / BigInt(length), p)
  const big: bigint[] = [1n % p]
  for (let i = 1; i < length; i++) big.push((big[i - 1]! * omega) % p)
  const powers = { big, small: p < SMALL_MODULUS ? big.map(Number) : undefined }
  if (rootCacheSize < ROOT_CACHE_MAX) {
    let byLength = rootPowersCache.get(p)
    if (byLength === undefined) rootPowersCache.set(p, (byLength = new Map()))
    byLength.set(length, powers)
    rootCacheSize++
  }
  return powers
}

/**
 * The same sums A_j = Σ_k x_k·ω^(jk) mod m by iterative radix-2 Cooley–Tukey (bit-reversed input,
 * then log₂ N rounds of butterflies): N·log₂ N products instead of N². Residues are below
 * m < 2^26, so a product of two stays below 2^52 and a sum of two below 2^27: exact in numbers.
 * `powers` holds ω^0 … ω^(N−1); N is a power of two.
 */
function radix2Transform(residues: readonly number[], powers: readonly number[], m: number): number[] {
  const n = residues.length
  const x = residues.slice()
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      const t = x[i]!
      x[i] = x[j]!
      x[j] = t
    }
  }
  for (let size = 2; size <= n; size *= 2) {
    const half = size / 2
    const stride = n / size
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const u = x[start + k]!
        const v = (x[start + k + half]! * powers[k * stride]!) % m
        x[start + k] = (u + v) % m
        x[start + k + half] = (u - v + m) % m
      }
    }
  }
  return x
}

/**
 * Number-theoretic transform modulo prime p: A_j = Σ_k (a_k mod p)·ω^(jk) mod p with
 * ω = g^((p−1)/N), g the least primitive root; results are least non-negative residues.
 * ω has order N, so ω^(jk) = ω^(jk mod N): N powers serve every term.
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
  const length = a.length
  const { big, small } = rootPowers(p, length)
  const out: bigint[] = []
  if (small !== undefined && a.every(isSafe)) {
    const modulus = Number(p)
    const residues: number[] = []
    for (let k = 0; k < length; k++) {
      const r = Number(a[k]!) % modulus
      residues.push(r < 0 ? r + modulus : r)
    }
    const transformed = radix2Transform(residues, small, modulus)
    for (let j = 0; j < length; j++) out.push(BigInt(transformed[j]!))
    return out
  }
  const residues = a.map((x) => ((x % p) + p) % p)
  for (let j = 0; j < length; j++) {
    let acc = 0n
    for (let k = 0; k < length; k++) acc = (acc + residues[k]! * big[(j * k) % length]!) % p
    out.push(acc)
  }
  return out
}
