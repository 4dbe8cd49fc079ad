/**
 * Exact number theory on bigint: gcd, factorizations, divisor functions, Euler's totient,
 * primes (p_1 = 2), Legendre symbols, multiplicative orders and binomials. Arguments and results
 * are bigints; small values are looked up in a smallest-prime-factor table built once by a linear
 * sieve and grown on demand, because a random graph of 10,000 nodes calls these functions hundreds
 * of thousands of times on numbers below ~10^4. Table entries are exact small integers, so reading
 * them as JS numbers loses nothing. Numbers above the table fall back to bigint trial division
 * (factorizations) or Miller–Rabin (primality).
 *
 * Where every operand and every intermediate result is provably below 2^53 (checked explicitly,
 * never assumed), the arithmetic runs on JS numbers, whose integer operations are exact there,
 * and only the result becomes a bigint: each bigint operation allocates, and these functions run
 * in the inner loops of whole datasets. Every fast path returns exactly what the bigint path does.
 *
 * Reference: definitions as in SymPy's `factorint`, `totient`, `divisor_sigma`,
 * `udivisor_sigma`, `prime`, `primerange`, `nextprime`, `legendre_symbol`, `n_order`, `binomial`. */

/** |x| for a bigint. @example abs(-3n) // 3n */
export const abs = (x: bigint): bigint => (x < 0n ? -x : x)

/** The largest integer n with every integer of [−n, n] exact as a JS number: 2^53 − 1. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/** Whether |x| ≤ 2^53 − 1, so `Number(x)` is exact. */
export const isSafe = (x: bigint): boolean => x <= SAFE && x >= -SAFE

/**
 * gcd(a, b) ≥ 0 of safe integers (|a|, |b| < 2^53) as JS numbers: remainders of such integers are
 * exact, and so is every step of Euclid's algorithm.
 * @example gcdSmall(-12, 18) // 6
 */
function gcdSmall(a: number, b: number): number {
  a = Math.abs(a)
  b = Math.abs(b)
  while (b !== 0) {
    const r = a % b
    a = b
    b = r
  }
  return a
}

/** gcd(a, b) ≥ 0, with gcd(0, 0) = 0. @example gcd(-12n, 18n) // 6n */
export function gcd(a: bigint, b: bigint): bigint {
  if (isSafe(a) && isSafe(b)) return BigInt(gcdSmall(Number(a), Number(b)))
  a = abs(a)
  b = abs(b)
  // No destructuring swap: it builds an array per step.
  while (b !== 0n) {
    const r = a % b
    a = b
    b = r
  }
  return a
}

const SMALL_TERM = 1n << 32n

/**
 * Σ gcd(a_i, a_j) over all pairs i < j. In numbers when each |a_i| < 2^32 and there are fewer
 * than 2^10 elements: fewer than 2^20 gcds, each below 2^32, so the sum stays below 2^52.
 * @example sumPairwiseGcd([4n, 6n, 0n]) // 2 + 4 + 6 = 12n
 */
export function sumPairwiseGcd(a: readonly bigint[]): bigint {
  if (a.length < 1 << 10 && a.every((x) => x < SMALL_TERM && x > -SMALL_TERM)) {
    const values = a.map(Number)
    let sum = 0
    for (let i = 0; i < values.length; i++)
      for (let j = i + 1; j < values.length; j++) sum += gcdSmall(values[i]!, values[j]!)
    return BigInt(sum)
  }
  let sum = 0n
  for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) sum += gcd(a[i]!, a[j]!)
  return sum
}

/** Integer square root: the largest r with r² ≤ n (n ≥ 0). @example isqrt(99n) // 9n */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError(`isqrt of negative ${n}`)
  if (n < 2n) return n
  let x = BigInt(Math.floor(Math.sqrt(Number(n))))
  while (x * x > n) x--
  while ((x + 1n) * (x + 1n) <= n) x++
  return x
}

// The first table covers every value the math operators meet (≤ (100 + 1)² and 100·100), and no
// more: a short command builds it cold. The cap bounds memory at 16 MiB if a caller asks for
// large primes.
const SIEVE_START = 1 << 14
const SIEVE_CAP = 1 << 22

let spf = new Uint32Array(0)
let primeTable: number[] = []

/** Makes the smallest-prime-factor table cover 0..limit (limit < SIEVE_CAP), doubling its size. */
function sieveTo(limit: number): void {
  if (limit < spf.length) return
  let size = Math.max(SIEVE_START, spf.length * 2)
  while (size <= limit) size *= 2
  size = Math.min(size, SIEVE_CAP)
  const table = new Uint32Array(size)
  const found: number[] = []
  for (let i = 2; i < size; i++) {
    if (table[i] === 0) {
      table[i] = i
      found.push(i)
    }
    const least = table[i]!
    for (let k = 0; k < found.length; k++) {
      const p = found[k]!
      if (p > least || i * p >= size) break
      table[i * p] = p
    }
  }
  spf = table
  primeTable = found
}

const CAP = BigInt(SIEVE_CAP)

const inTable = (n: bigint): boolean => n < CAP

/**
 * n as a JS number when 1 ≤ n is inside the table (grown to cover it), else 0: the divisor
 * functions then walk the table in numbers instead of building factor pairs of bigints.
 */
function tableIndex(n: bigint): number {
  if (n < 1n || n >= CAP) return 0
  const m = Number(n)
  sieveTo(m)
  return m
}

/** Prime factorization as [prime, exponent] pairs in ascending order (n ≥ 1). @example factorize(12n) // [[2n, 2], [3n, 1]] */
export function factorize(n: bigint): [bigint, number][] {
  if (n < 1n) throw new RangeError(`factorize needs n ≥ 1, got ${n}`)
  const out: [bigint, number][] = []
  let m = tableIndex(n)
  if (m > 0) {
    while (m > 1) {
      const p = spf[m]!
      let e = 0
      while (m % p === 0) {
        m /= p
        e++
      }
      out.push([BigInt(p), e])
    }
    return out
  }
  // Above the table: trial division, stopping as soon as the cofactor is prime (a large prime
  // would otherwise cost √n divisions).
  let cofactorIsPrime = isPrime(n)
  for (let p = 2n; !cofactorIsPrime && p * p <= n; p += p === 2n ? 1n : 2n) {
    let e = 0
    while (n % p === 0n) {
      n /= p
      e++
    }
    if (e > 0) {
      out.push([p, e])
      cofactorIsPrime = isPrime(n)
    }
  }
  if (n > 1n) out.push([n, 1])
  return out
}

/**
 * σ_k(m) for k ∈ {0, 1, 2} and m inside the table, in numbers: σ_2(m) < ζ(2)·m² < 2^45 for
 * m < 2^22, and every partial sum and product is at most σ_k(m), so each step is exact.
 */
function sigmaInTable(k: number, m: number): number {
  let product = 1
  while (m > 1) {
    const p = spf[m]!
    const step = k === 0 ? 1 : k === 1 ? p : p * p
    let term = 1
    let sum = 1
    while (m % p === 0) {
      m /= p
      term *= step
      sum += k === 0 ? 1 : term
    }
    product *= sum
  }
  return product
}

/** Number of positive divisors d(n) for n ≥ 1. @example divisorCount(12n) // 6n */
export function divisorCount(n: bigint): bigint {
  const m = tableIndex(n)
  if (m > 0) return BigInt(sigmaInTable(0, m))
  return factorize(n).reduce((acc, [, e]) => acc * BigInt(e + 1), 1n)
}

/**
 * σ_k(n): the sum of the k-th powers of the positive divisors of n (n ≥ 1, k ≥ 0).
 * @example sigma(2n, 6n) // 1 + 4 + 9 + 36 = 50n
 */
export function sigma(k: bigint, n: bigint): bigint {
  if (k < 0n) throw new RangeError(`sigma needs k ≥ 0, got ${k}`)
  const m = k <= 2n ? tableIndex(n) : 0
  if (m > 0) return BigInt(sigmaInTable(Number(k), m))
  let product = 1n
  for (const [p, e] of factorize(n)) {
    const step = p ** k
    let term = 1n
    let sum = 1n
    for (let i = 0; i < e; i++) {
      term *= step
      sum += term
    }
    product *= sum
  }
  return product
}

/**
 * Sum of the unitary divisors of n (divisors d with gcd(d, n/d) = 1): the product of 1 + p^e.
 * @example unitarySigma(12n) // 1 + 3 + 4 + 12 = 20n
 */
export function unitarySigma(n: bigint): bigint {
  let m = tableIndex(n)
  if (m > 0) {
    // Each factor 1 + p^e is at most σ(p^e), so the product is at most σ(m) < 2^53.
    let product = 1
    while (m > 1) {
      const p = spf[m]!
      let power = 1
      while (m % p === 0) {
        m /= p
        power *= p
      }
      product *= 1 + power
    }
    return BigInt(product)
  }
  return factorize(n).reduce((acc, [p, e]) => acc * (1n + p ** BigInt(e)), 1n)
}

/**
 * Euler's totient φ(n): how many m in 1..n have gcd(m, n) = 1 (n ≥ 1).
 * @example totient(12n) // 4n
 */
export function totient(n: bigint): bigint {
  let m = tableIndex(n)
  if (m > 0) {
    // φ = m·Π(1 − 1/p): dividing by p first is exact, since p still divides the running value.
    let phi = m
    while (m > 1) {
      const p = spf[m]!
      phi = (phi / p) * (p - 1)
      while (m % p === 0) m /= p
    }
    return BigInt(phi)
  }
  return factorize(n).reduce((acc, [p, e]) => acc * (p - 1n) * p ** BigInt(e - 1), 1n)
}

/**
 * ω(n): the number of distinct prime factors of n (n ≥ 1; ω(1) = 0).
 * @example omega(12n) // 2n
 */
export function omega(n: bigint): bigint {
  let m = tableIndex(n)
  if (m === 0) return BigInt(factorize(n).length)
  let count = 0
  while (m > 1) {
    const p = spf[m]!
    while (m % p === 0) m /= p
    count++
  }
  return BigInt(count)
}

/**
 * The least prime factor of n ≥ 2.
 * @example smallestPrimeFactor(91n) // 7n
 */
export function smallestPrimeFactor(n: bigint): bigint {
  if (n < 2n) throw new RangeError(`smallestPrimeFactor needs n ≥ 2, got ${n}`)
  const m = tableIndex(n)
  return m > 0 ? BigInt(spf[m]!) : factorize(n)[0]![0]
}

/** Moduli below 2^26 keep every product of two residues below 2^52: exact in JS numbers. */
const SMALL_MODULUS = 1n << 26n

/**
 * b^e mod m in numbers, for 1 ≤ m < 2^26, 0 ≤ b < m and a safe e ≥ 0: each product of two
 * residues is below 2^52, and halving a safe integer is exact.
 */
function modPowSmall(b: number, e: number, m: number): number {
  let result = 1 % m
  while (e > 0) {
    if (e % 2 === 1) result = (result * b) % m
    b = (b * b) % m
    e = Math.floor(e / 2)
  }
  return result
}

/**
 * b^e mod m for e ≥ 0, m ≥ 1, in [0, m).
 * @example modPow(2n, 10n, 1000n) // 24n
 */
export function modPow(b: bigint, e: bigint, m: bigint): bigint {
  if (m < 1n || e < 0n) throw new RangeError(`modPow needs m ≥ 1 and e ≥ 0, got m = ${m}, e = ${e}`)
  if (m < SMALL_MODULUS && isSafe(e) && isSafe(b)) {
    const modulus = Number(m)
    const base = Number(b) % modulus
    return BigInt(modPowSmall(base < 0 ? base + modulus : base, Number(e), modulus))
  }
  let result = 1n % m
  b = ((b % m) + m) % m
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m
    b = (b * b) % m
  }
  return result
}

// Deterministic for n < 3.3·10^24 (Sorenson & Webster); beyond that a strong probable-prime test.
const WITNESSES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n]

function millerRabin(n: bigint): boolean {
  let d = n - 1n
  let s = 0
  while ((d & 1n) === 0n) {
    d >>= 1n
    s++
  }
  witness: for (const a of WITNESSES) {
    if (a % n === 0n) continue
    let x = modPow(a, d, n)
    if (x === 1n || x === n - 1n) continue
    for (let r = 1; r < s; r++) {
      x = (x * x) % n
      if (x === n - 1n) continue witness
    }
    return false
  }
  return true
}

/**
 * Whether n is prime.
 * @example isPrime(97n) // true
 */
export function isPrime(n: bigint): boolean {
  if (n < 2n) return false
  if (inTable(n)) {
    sieveTo(Number(n))
    return spf[Number(n)] === Number(n)
  }
  return millerRabin(n)
}

/**
 * The smallest prime strictly greater than n.
 * @example nextPrime(13n) // 17n
 */
export function nextPrime(n: bigint): bigint {
  let q = n < 2n ? 2n : n + 1n
  while (!isPrime(q)) q++
  return q
}

/**
 * The k-th prime, counting from p_1 = 2.
 * @example nthPrime(1n) // 2n; nthPrime(100n) // 541n
 */
export function nthPrime(k: bigint): bigint {
  if (k < 1n) throw new RangeError(`nthPrime needs k ≥ 1 (the 1st prime is 2), got ${k}`)
  while (primeTable.length < k && spf.length < SIEVE_CAP) sieveTo(spf.length)
  if (primeTable.length < k) throw new RangeError(`nthPrime supports k ≤ ${primeTable.length}, got ${k}`)
  return BigInt(primeTable[Number(k) - 1]!)
}

/** Index of the first table prime ≥ x (binary search). */
function firstPrimeAtLeast(x: number): number {
  let lo = 0
  let hi = primeTable.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (primeTable[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The primes q with lo ≤ q < hi, ascending (SymPy `primerange` semantics).
 * @example primeRange(10n, 20n) // [11n, 13n, 17n, 19n]
 */
export function primeRange(lo: bigint, hi: bigint): bigint[] {
  if (hi <= lo) return []
  if (inTable(hi)) {
    sieveTo(Number(hi))
    const out: bigint[] = []
    for (let i = firstPrimeAtLeast(Number(lo)); i < primeTable.length && primeTable[i]! < hi; i++) {
      out.push(BigInt(primeTable[i]!))
    }
    return out
  }
  const out: bigint[] = []
  for (let q = nextPrime(lo - 1n); q < hi; q = nextPrime(q)) out.push(q)
  return out
}

/**
 * The primes q ≤ n, ascending.
 * @example primesUpTo(10n) // [2n, 3n, 5n, 7n]
 */
export const primesUpTo = (n: bigint): bigint[] => primeRange(2n, n + 1n)

/**
 * Which residues modulo m (1 ≤ m < 2^22) are squares: entry r is 1 when x² ≡ r (mod m) for some x,
 * 0 included. x and m − x have the same square, so x ≤ m/2 reach them all; x² < 2^44 is exact.
 * @example squaresModulo(7n) // [1, 1, 1, 0, 1, 0, 0]: 0, 1, 2 and 4
 */
export function squaresModulo(m: bigint): Uint8Array {
  if (m < 1n || m >= CAP) throw new RangeError(`squaresModulo needs 1 ≤ m < ${SIEVE_CAP}, got ${m}`)
  const size = Number(m)
  const table = new Uint8Array(size)
  for (let x = 0; x <= size / 2; x++) table[(x * x) % size] = 1
  return table
}

/**
 * Legendre symbol (a / p) for an odd prime p: 0 if p | a, 1 if a is a non-zero square mod p, else −1
 * (Euler's criterion). p's primality is the caller's promise.
 * @example legendre(2n, 7n) // 1n
 */
export function legendre(a: bigint, p: bigint): bigint {
  if (p < 3n || p % 2n === 0n) throw new RangeError(`legendre needs an odd prime p, got ${p}`)
  const r = modPow(a, (p - 1n) / 2n, p)
  return r === p - 1n ? -1n : r
}

/**
 * The least k ≥ 1 with a^k ≡ 1 (mod m), for m ≥ 1 and gcd(a, m) = 1. It divides φ(m), so
 * strip prime factors from φ(m) while the power stays 1.
 * @example multiplicativeOrder(2n, 7n) // 3n
 */
export function multiplicativeOrder(a: bigint, m: bigint): bigint {
  if (m < 1n) throw new RangeError(`multiplicativeOrder needs a modulus m ≥ 1, got ${m}`)
  if (gcd(a, m) !== 1n)
    throw new RangeError(`multiplicativeOrder needs gcd(a, m) = 1, got a = ${a}, m = ${m}`)
  let order = totient(m)
  for (const [q] of factorize(order)) {
    while (order % q === 0n && modPow(a, order / q, m) === 1n) order /= q
  }
  return order
}

/**
 * The binomial coefficient C(n, k) for n ≥ 0; 0 when k < 0 or k > n.
 * @example binomial(10n, 3n) // 120n
 */
export function binomial(n: bigint, k: bigint): bigint {
  if (n < 0n) throw new RangeError(`binomial needs n ≥ 0, got ${n}`)
  if (k < 0n || k > n) return 0n
  if (k > n - k) k = n - k
  let result = 1n
  // Each partial product is C(n − k + i, i), so the division is exact.
  for (let i = 1n; i <= k; i++) result = (result * (n - k + i)) / i
  return result
}
