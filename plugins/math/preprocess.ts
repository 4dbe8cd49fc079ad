/**
 * Input preprocessing of math tasks (reference spec §3): every task first maps its incoming
 * value into a small range, so any value of the right kind is acceptable however large or long.
 *
 * Scalars: round floats half away from zero, take the remainder of |v| modulo 100 keeping the
 * sign, optionally drop the sign, optionally add an offset. Lists: the same per element (no
 * offset), keep the first 10, optionally pad with zeros to a power of two. The sentences that
 * describe these steps to the model are written here, once.
 */
import { ArbigraphError } from '../../src/errors.ts'
import type { Kind, Scalar, Value } from '../../src/values.ts'

export const MODULUS = 100n
export const LIST_LEN_MAX = 10

export interface ScalarStepOptions {
  /** Round floats to integers, ties away from zero. @default true */
  round?: boolean
  /** Drop the sign after the modulo. @default false */
  abs?: boolean
}

/**
 * Rounds half away from zero the way the reference does, in IEEE doubles:
 * floor(v + 0.5) for v ≥ 0, ceil(v − 0.5) otherwise. Ints pass through unchanged.
 */
export function roundHalfAway(v: Scalar): bigint {
  if (typeof v === 'bigint') return v
  if (!Number.isFinite(v))
    throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `cannot convert ${v} to an integer`)
  return BigInt(v >= 0 ? Math.floor(v + 0.5) : Math.ceil(v - 0.5))
}

/** Remainder of |v| modulo 100 carrying v's sign (exact for ints, Python `%` for floats). */
export function signedMod(v: Scalar): Scalar {
  if (typeof v === 'bigint') return v < 0n ? -(-v % MODULUS) : v % MODULUS
  const m = v < 0 ? -(-v % 100) : v % 100
  return m === 0 ? 0 : m
}

/** One element's preprocessing: round (optional), signed modulo 100, abs (optional). */
export function preprocessScalar(v: Scalar, options: ScalarStepOptions = {}): Scalar {
  return reduceScalar(v, options.round ?? true, options.abs ?? false)
}

/** ±2^53 − 1 as bigints: inside, a bigint's remainder is taken exactly on a JS number. */
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER)
const SAFE_MIN = -SAFE_MAX

/** `preprocessScalar` with its options read: every element of every list input goes through it. */
function reduceScalar(v: Scalar, round: boolean, abs: boolean): Scalar {
  if (typeof v === 'bigint' && v < MODULUS && v > -MODULUS) return abs && v < 0n ? -v : v
  if (typeof v === 'bigint' && v <= SAFE_MAX && v >= SAFE_MIN) {
    // The remainder of a safe integer is exact in numbers and keeps the dividend's sign, as signedMod does.
    const m = Number(v) % 100
    return BigInt(abs ? Math.abs(m) : m)
  }
  let x: Scalar = round ? roundHalfAway(v) : v
  x = signedMod(x)
  if (abs) x = typeof x === 'bigint' ? (x < 0n ? -x : x) : Math.abs(x)
  return x
}

const ROUND_WORDS =
  'if it is a float, round it to an integer with halves going away from zero (0.5 to 1, -0.5 to -1)'
const modWords = (abs: boolean) =>
  abs
    ? 'replace it by the remainder of its absolute value divided by 100'
    : 'replace it by the remainder of its absolute value divided by 100, keeping its original sign'

function stepsText({ round = true, abs = false }: ScalarStepOptions, add = 0): string {
  const steps = [...(round ? [ROUND_WORDS] : []), modWords(abs), ...(add !== 0 ? [`add ${add} to it`] : [])]
  return steps.join('; then ')
}

/** How a task reads its chained input: the local name, the kind, the transformation and its words. */
export interface Preprocess<Adapted> {
  kind: Kind
  /** Prefix of the task-local name: `val`, `list` or `points` (suffixed with the task number). */
  local: string
  apply(raw: Value): Adapted
  /** Sentences defining `{local}_{n}` from the source name. */
  describe(ctx: { name: string; source: string; input: Value }): string
  /** Serializable summary stored with each instance node. */
  spec: Record<string, string | boolean | number>
}

/**
 * A scalar input: n = (|round(v)| mod 100, signed or not) + add.
 * @example scalarInput({ add: 1 }).apply(-45n) // 46n
 */
export function scalarInput(options: ScalarStepOptions & { add?: number } = {}): Preprocess<bigint> {
  const { add = 0, ...stepOptions } = options
  const opts = { round: true, abs: true, ...stepOptions }
  // The same words for every node of the template: worded once.
  const steps = stepsText(opts, add)
  const offset = BigInt(add)
  const round = opts.round ?? true
  const abs = opts.abs ?? false
  return {
    kind: 'scalar',
    local: 'val',
    apply(raw) {
      if (Array.isArray(raw))
        throw new ArbigraphError('ARBIGRAPH_KIND_MISMATCH', 'expected a scalar input, got a list')
      return (reduceScalar(raw, round, abs) as bigint) + offset
    },
    describe: ({ name, source }) => `Let ${name} be ${source} transformed as follows: ${steps}.`,
    spec: { kind: 'scalar', round: opts.round, abs: opts.abs, modulus: 100, add },
  }
}

/** Options of a list input. */
export interface ListInputOptions extends ScalarStepOptions {
  /** Pad with zeros to the next power of two after cutting. @default false */
  pow2?: boolean
  /** Local name prefix. @default 'list' */
  local?: string
}

function describeList(name: string, source: string, opts: Required<ListInputOptions>, steps: string): string {
  // One template per node of every list task: no array of lines to join.
  const pad = opts.pow2 ? `\nIf the length of ${name} is not a power of two, append zeros until it is.` : ''
  return (
    `Let ${name} be ${source} with every element transformed as follows: ${steps}.\n` +
    `If ${name} has more than ${LIST_LEN_MAX} elements, keep only its first ${LIST_LEN_MAX}.${pad}`
  )
}

/** Applies the per-element steps, cuts to 10 and pads to a power of two when asked. */
export function preprocessList(raw: Value, opts: ListInputOptions = {}): Scalar[] {
  if (!Array.isArray(raw))
    throw new ArbigraphError('ARBIGRAPH_KIND_MISMATCH', 'expected a list input, got a scalar')
  const round = opts.round ?? true
  const abs = opts.abs ?? false
  const out: Scalar[] = []
  for (let i = 0; i < raw.length && i < LIST_LEN_MAX; i++) out.push(reduceScalar(raw[i]!, round, abs))
  if (opts.pow2) {
    if (out.length === 0)
      throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', 'cannot pad an empty list to a power of two')
    let size = 1
    while (size < out.length) size *= 2
    while (out.length < size) out.push(0n)
  }
  return out
}

/**
 * A list input: every element rounded and reduced modulo 100, first 10 kept.
 * @example listInput({ pow2: true }).apply([1n, 2n, 3n]) // [1n, 2n, 3n, 0n]
 */
export function listInput(options: ListInputOptions = {}): Preprocess<Scalar[]> {
  const opts: Required<ListInputOptions> = { round: true, abs: false, pow2: false, local: 'list', ...options }
  // The same words for every node of the template: worded once.
  const steps = stepsText(opts)
  return {
    kind: 'list',
    local: opts.local,
    apply: (raw) => preprocessList(raw, opts),
    describe: ({ name, source }) => describeList(name, source, opts, steps),
    spec: {
      kind: 'list',
      round: opts.round,
      abs: opts.abs,
      modulus: 100,
      keep: LIST_LEN_MAX,
      pow2: opts.pow2,
    },
  }
}
