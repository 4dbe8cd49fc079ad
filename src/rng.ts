/**
 * Seeded, splittable random numbers.
 *
 * `split(...labels)` derives a child stream from its parent's seed and the labels, without
 * consuming the parent, so any sample can be regenerated on its own, in any order and on any
 * worker: the reference reseeds one global generator per attempt, so one rejected candidate
 * shifts every later sample (reference spec §11 D2). The same split path from the same seed
 * always gives the same stream; `key` spells that path out for messages.
 *
 * Streams are xoshiro128**. A child's seed hashes the parent's 128-bit seed with the label text
 * through four interleaved 32-bit multiply-xorshift lanes finished with murmur3's avalanche:
 * generation splits a stream per node and candidate, and SHA-256 through node:crypto cost more
 * than the math it seeded. No cryptographic strength is needed, only unrelated sibling states
 * (a test checks collisions and bit balance over 20,000 siblings).
 *
 * Reference: Blackman & Vigna, "Scrambled linear pseudorandom number generators" (xoshiro128**);
 * Appleby, MurmurHash3 (fmix32).
 */

export type RngLabel = string | number | bigint

export interface Rng {
  /** The stream's split path, for messages (`arbigraph:0/chain/target/…`). */
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

/** 2^32, made once: every static input of a graph is drawn through `bigint`. */
const TWO_TO_32 = 2n ** 32n

/**
 * The state is kept in signed 32-bit words (`| 0`), the same bits a Uint32Array would hold: on a
 * 64-bit Node without pointer compression every such word is a small integer, while a word at or
 * above 2^31 kept unsigned is a heap number, one allocation per step and per seed word. Streams
 * draw in every node of generation, so those allocations were a tenth of what a sample allocated.
 */
const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k))

const fmix32 = (h: number): number => {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/** A 128-bit state as four 32-bit words in plain fields (two typed arrays per split cost more). */
interface Words {
  readonly a: number
  readonly b: number
  readonly c: number
  readonly d: number
}

const ROOT: Words = { a: 0x9e3779b9 | 0, b: 0x243f6a88 | 0, c: 0xb7e15162 | 0, d: 0xdeadbeef | 0 }

/** The seed state of `parent/text`: the parent's seed mixed with the label text only. */
function deriveSeed(parent: Words, key: string): Words {
  let h1 = parent.a
  let h2 = parent.b
  let h3 = parent.c
  let h4 = parent.d ^ key.length
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ c, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ c, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ c, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ c, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  return { a: fmix32(h1 ^ h2 ^ h3 ^ h4), b: fmix32(h2 ^ h1), c: fmix32(h3 ^ h1), d: fmix32(h4 ^ h1) }
}

/** 2^31: `below` takes its signed path for every n up to it. */
const TWO_TO_31 = 2 ** 31

/** 2^32 mod n for every n up to SMALL_BOUND, made once (see `below`). */
const SMALL_BOUND = 1024
const SMALL_WRAPS = Int32Array.from({ length: SMALL_BOUND + 1 }, (_, n) => (n === 0 ? 0 : 2 ** 32 % n))

class Xoshiro128 implements Rng {
  /**
   * The parent's seed and this stream's label. The stream's own seed (from which its state and
   * its children's seeds come) is derived on first use: generation splits a stream for every
   * candidate template, and most candidates draw nothing (their parameters follow from the input).
   */
  private readonly parentSeed: Words
  private readonly label: string
  /**
   * The stream split from (none for a root, whose label is its key). The key is spelled out
   * only when asked for: a sample splits thousands of streams and reads none of their keys,
   * and each path made as a string was a tenth of the strings generation made.
   */
  private readonly parent: Xoshiro128 | undefined
  private path: string | undefined
  private derived: Words | undefined
  private s0: number
  private s1: number
  private s2: number
  private s3: number

  constructor(parent: Xoshiro128 | undefined, parentSeed: Words, label: string) {
    this.parent = parent
    this.path = undefined
    this.parentSeed = parentSeed
    this.label = label
    this.derived = undefined
    this.s0 = 0
    this.s1 = 0
    this.s2 = 0
    this.s3 = 0
  }

  /** This stream's seed, deriving it (and the state it starts from) on first use. */
  private seed(): Words {
    if (this.derived !== undefined) return this.derived
    const seed = deriveSeed(this.parentSeed, this.label)
    this.derived = seed
    const zero = seed.a === 0 && seed.b === 0 && seed.c === 0 && seed.d === 0
    this.s0 = zero ? 1 : seed.a
    this.s1 = seed.b
    this.s2 = seed.c
    this.s3 = seed.d
    return seed
  }

  get key(): string {
    if (this.path === undefined)
      this.path = this.parent === undefined ? this.label : `${this.parent.key}/${this.label}`
    return this.path
  }

  split(...labels: RngLabel[]): Rng {
    let text = labels.length === 0 ? '' : String(labels[0])
    for (let i = 1; i < labels.length; i++) text += `/${String(labels[i])}`
    return new Xoshiro128(this, this.seed(), text)
  }

  /** The next output as a signed 32-bit word: `uint32()` is this `>>> 0`. */
  private next(): number {
    if (this.derived === undefined) this.seed()
    const s1 = this.s1
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9)
    const t = s1 << 9
    const s2 = this.s2 ^ this.s0
    const s3 = this.s3 ^ s1
    this.s1 = s1 ^ s2
    this.s0 = this.s0 ^ s3
    this.s2 = s2 ^ t
    this.s3 = rotl(s3, 11)
    return result
  }

  uint32(): number {
    return this.next() >>> 0
  }

  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`rng.below: n must be an integer in [1, 2^32], got ${n}`)
    if (n <= TWO_TO_31) {
      // The unsigned draw r is the signed word w, or w + 2^32 when w < 0. Draws at or above the
      // largest multiple of n below 2^32, 2^32 − (2^32 mod n), are rejected: never a w ≥ 0 (that
      // bound exceeds 2^31), and a w < 0 exactly when w ≥ −(2^32 mod n). A kept w < 0 gives
      // (w + 2^32) mod n = (w mod n + 2^32 mod n) mod n, with no number outside ±2^31 made.
      // 2^32 mod n is a float remainder, a call out of optimized code: small n (a shuffle's)
      // read it from a table.
      const wrap = n <= SMALL_BOUND ? SMALL_WRAPS[n]! : 2 ** 32 % n
      // `next`'s step, written out: generation shuffles some forty templates for every task of
      // a graph (16 M draws for 10^4 x 40), and runs without V8's inlining (bin/arbigraph.js),
      // where the calls to `next` and `rotl` were half the cost of a draw. The state is written
      // back once, on the draw that is kept; a test holds the streams equal.
      if (this.derived === undefined) this.seed()
      let s0 = this.s0
      let s1 = this.s1
      let s2 = this.s2
      let s3 = this.s3
      for (;;) {
        const x = Math.imul(s1, 5)
        const w = Math.imul((x << 7) | (x >>> 25), 9)
        const t = s1 << 9
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = (s3 << 11) | (s3 >>> 21)
        if (w >= 0 || w < -wrap) {
          this.s0 = s0
          this.s1 = s1
          this.s2 = s2
          this.s3 = s3
          if (w >= 0) return w % n
          const r = (w % n) + wrap
          return r < 0 ? r + n : r
        }
      }
    }
    // Draws at or above the largest multiple of n that fits in 2^32 are rejected. That multiple
    // exceeds 2^32 − n, so a draw below 2^32 − n is kept without computing it (a float remainder).
    for (;;) {
      const r = this.uint32()
      if (r < 2 ** 32 - n || r < 2 ** 32 - (2 ** 32 % n)) return r % n
    }
  }

  int(lo: number, hi: number): number {
    if (hi < lo) throw new RangeError(`rng.int: empty range [${lo}, ${hi}]`)
    return lo + this.below(hi - lo + 1)
  }

  bigint(lo: bigint, hi: bigint): bigint {
    if (hi < lo) throw new RangeError(`rng.bigint: empty range [${lo}, ${hi}]`)
    const span = hi - lo + 1n
    if (span <= TWO_TO_32) return lo + BigInt(this.below(Number(span)))
    const bits = span.toString(2).length
    for (;;) {
      let r = 0n
      for (let got = 0; got < bits; got += 32) r = (r << 32n) | BigInt(this.uint32())
      r &= (1n << BigInt(bits)) - 1n
      if (r < span) return lo + r
    }
  }

  float(): number {
    const hi = this.next() >>> 5
    const lo = this.next() >>> 6
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
export const createRng = (seed: RngLabel): Rng => {
  const key = `arbigraph:${String(seed)}`
  return new Xoshiro128(undefined, ROOT, key)
}
