/**
 * Seeded, splittable random numbers.
 *
 * A stream is named by its key (`seed/chain/target:7/sample:3/...`). `split(label)` derives a
 * child stream by hashing the parent's key with the label, without consuming the parent, so any
 * sample can be regenerated on its own, in any order and on any worker: the reference reseeds
 * one global generator per attempt, so one rejected candidate shifts every later sample
 * (reference spec §11 D2). Streams are xoshiro128** seeded from SHA-256 of the key.
 *
 * Reference: Blackman & Vigna, "Scrambled linear pseudorandom number generators" (xoshiro128**).
 */
import { createHash } from 'node:crypto'

export type RngLabel = string | number | bigint

export interface Rng {
  /** The stream's name; equal keys give equal streams. */
  readonly key: string
  /** An independent child stream; does not consume this one. */
  split(...labels: RngLabel[]): Rng
  /** Uniform 32-bit unsigned integer. */
  uint32(): number
  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^32, by rejection (no modulo bias). */
  below(n: number): number
  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number
  /** Uniform bigint in [lo, hi], both included. */
  bigint(lo: bigint, hi: bigint): bigint
  /** Uniform float in [0, 1) with 53 random bits. */
  float(): number
  /** One item, uniformly. Throws on an empty array. */
  choice<T>(items: readonly T[]): T
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[]
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0

function stateFromKey(key: string): Uint32Array {
  const digest = createHash('sha256').update(key).digest()
  const s = new Uint32Array(4)
  for (let i = 0; i < 4; i++) s[i] = digest.readUInt32LE(i * 4)
  if (s[0]! === 0 && s[1]! === 0 && s[2]! === 0 && s[3]! === 0) s[0] = 1
  return s
}

class Xoshiro128 implements Rng {
  readonly key: string
  private readonly s: Uint32Array

  constructor(key: string) {
    this.key = key
    this.s = stateFromKey(key)
  }

  split(...labels: RngLabel[]): Rng {
    return new Xoshiro128(`${this.key}/${labels.map(String).join('/')}`)
  }

  uint32(): number {
    const s = this.s
    const result = Math.imul(rotl(Math.imul(s[1]!, 5) >>> 0, 7), 9) >>> 0
    const t = (s[1]! << 9) >>> 0
    s[2] = s[2]! ^ s[0]!
    s[3] = s[3]! ^ s[1]!
    s[1] = s[1]! ^ s[2]!
    s[0] = s[0]! ^ s[3]!
    s[2] = s[2]! ^ t
    s[3] = rotl(s[3]!, 11)
    return result
  }

  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`rng.below: n must be an integer in [1, 2^32], got ${n}`)
    // Largest multiple of n that fits in 2^32; draws at or above it are rejected.
    const limit = 2 ** 32 - (2 ** 32 % n)
    for (;;) {
      const r = this.uint32()
      if (r < limit) return r % n
    }
  }

  int(lo: number, hi: number): number {
    if (hi < lo) throw new RangeError(`rng.int: empty range [${lo}, ${hi}]`)
    return lo + this.below(hi - lo + 1)
  }

  bigint(lo: bigint, hi: bigint): bigint {
    if (hi < lo) throw new RangeError(`rng.bigint: empty range [${lo}, ${hi}]`)
    const span = hi - lo + 1n
    if (span <= 2n ** 32n) return lo + BigInt(this.below(Number(span)))
    const bits = span.toString(2).length
    for (;;) {
      let r = 0n
      for (let got = 0; got < bits; got += 32) r = (r << 32n) | BigInt(this.uint32())
      r &= (1n << BigInt(bits)) - 1n
      if (r < span) return lo + r
    }
  }

  float(): number {
    const hi = this.uint32() >>> 5
    const lo = this.uint32() >>> 6
    return (hi * 67108864 + lo) / 9007199254740992
  }

  choice<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('rng.choice: empty array')
    return items[this.below(items.length)]!
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1)
      const tmp = out[i]!
      out[i] = out[j]!
      out[j] = tmp
    }
    return out
  }
}

/**
 * The root stream for a seed.
 * @example createRng(0).split('chain', 'target:7', 'sample:3').int(-100, 100)
 */
export const createRng = (seed: RngLabel): Rng => new Xoshiro128(`arbigraph:${String(seed)}`)
