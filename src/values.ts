/**
 * Exact values that flow along task-graph edges.
 *
 * A Python `int` is a `bigint` and a Python `float` is a `number`, always: integers never pass
 * through floating point, and `3` and `3.0` stay distinct, as they are for the reference's
 * grader. A `Value` is a scalar or a flat list of scalars (what edges carry); a `PyValue` may nest
 * (matrices and other printed parameters). On disk every value is its Python repr, so files keep
 * integers beyond 2^53 exact and any JSON tool can still read them as strings.
 */
import { ArbigraphError } from './errors.ts'

export type Scalar = bigint | number
export type Value = Scalar | Scalar[]
export type PyValue = Scalar | PyValue[]
export type Kind = 'scalar' | 'list'

/** The kind of a value: `list` for arrays, `scalar` otherwise. */
export const kindOf = (value: Value): Kind => (Array.isArray(value) ? 'list' : 'scalar')

export const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'bigint' || typeof value === 'number'

/** A `Value` check: a scalar or a flat array of scalars. */
export const isValue = (value: unknown): value is Value =>
  isScalar(value) || (Array.isArray(value) && value.every(isScalar))

/**
 * Python's `repr` of a float: shortest round-trip digits, fixed notation for exponents in
 * [-4, 16), `e±XX` otherwise, and always a `.0` on integral values.
 * @example pyFloatRepr(3) // '3.0'; pyFloatRepr(1e16) // '1e+16'; pyFloatRepr(1e-7) // '1e-07'
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan'
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf'
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const [mantissa, expText] = Math.abs(x).toExponential().split('e') as [string, string]
  const digits = mantissa.replace('.', '')
  const exp = Number(expText)
  const sign = x < 0 ? '-' : ''
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`
    const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0')
    const frac = digits.slice(exp + 1)
    return `${sign}${whole}.${frac === '' ? '0' : frac}`
  }
  const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
  const e = Math.abs(exp).toString().padStart(2, '0')
  return `${sign}${body}e${exp < 0 ? '-' : '+'}${e}`
}

/**
 * Python `repr` of a value: `-45`, `3.0`, `[1, -2, 3]`, `[[1, 2], [3, 4]]`.
 * @example pyRepr([1n, -2n]) // '[1, -2]'
 */
export function pyRepr(value: PyValue): string {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number') return pyFloatRepr(value)
  // Concatenated in place: a 10⁴-task instance prints ~10⁵ lists, and map + join made two
  // temporary arrays for each.
  let text = '['
  for (let i = 0; i < value.length; i++) {
    const item = value[i]!
    const repr = typeof item === 'bigint' ? item.toString() : pyRepr(item)
    text += i === 0 ? repr : `, ${repr}`
  }
  return `${text}]`
}

/** Exact equality in Python's sense for ints and lists; floats compare by value. */
export function valuesEqual(a: PyValue, b: PyValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((x, i) => valuesEqual(x, b[i]!))
  }
  return scalarsEqual(a, b)
}

/**
 * Python's `==` on two numbers: 2 == 2.0 is True. An int is compared with a float exactly,
 * without rounding the int: a float equals it only when it is an integer that `BigInt` converts.
 * @example scalarsEqual(2n, 2.0) // true
 */
export function scalarsEqual(a: Scalar, b: Scalar): boolean {
  if (typeof a === 'bigint') return typeof b === 'bigint' ? a === b : Number.isInteger(b) && BigInt(b) === a
  if (typeof b === 'bigint') return Number.isInteger(a) && BigInt(a) === b
  return a === b
}

const MAX_LITERAL_CHARS = 1_000_000
const MAX_DEPTH = 64

/**
 * Parses a Python literal made of ints, floats, lists and tuples (tuples become lists).
 * Exact: `12345678901234567890` stays a bigint. Rejects anything else with a message that
 * says where (`at 7: expected "]"`).
 * @example parsePyLiteral('[1, -2, 3.5]') // [1n, -2n, 3.5]
 */
export function parsePyLiteral(text: string): PyValue {
  if (text.length > MAX_LITERAL_CHARS) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_LITERAL',
      `literal is ${text.length} characters long (limit ${MAX_LITERAL_CHARS})`,
    )
  }
  let pos = 0
  const fail = (what: string): never => {
    const near = JSON.stringify(text.slice(pos, pos + 12))
    throw new ArbigraphError('ARBIGRAPH_BAD_LITERAL', `bad Python literal at ${pos}: ${what} (near ${near})`)
  }
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++
  }
  const number = (): Scalar => {
    const m = /^[+-]?(?:(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?|inf|nan)/.exec(text.slice(pos))
    if (!m || m[0] === '' || m[0] === '+' || m[0] === '-') return fail('expected a number')
    let token = m![0]
    // `1.` is a valid Python float; the regex above needs a digit after '.', so take it here.
    if (text[pos + token.length] === '.' && /^[+-]?\d[\d_]*$/.test(token)) token += '.'
    pos += token.length
    const clean = token.replace(/_/g, '')
    if (/^[+-]?\d+$/.test(clean)) return BigInt(clean)
    if (/inf$/.test(clean)) return clean.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
    if (/nan$/.test(clean)) return Number.NaN
    return Number(clean)
  }
  const item = (depth: number): PyValue => {
    if (depth > MAX_DEPTH) return fail(`nesting deeper than ${MAX_DEPTH}`)
    skip()
    const open = text[pos]
    if (open === '[' || open === '(') {
      const close = open === '[' ? ']' : ')'
      pos++
      const out: PyValue[] = []
      skip()
      while (text[pos] !== close) {
        out.push(item(depth + 1))
        skip()
        if (text[pos] === ',') {
          pos++
          skip()
        } else if (text[pos] !== close) return fail(`expected "," or "${close}"`)
      }
      pos++
      return out
    }
    if (text.startsWith('True', pos) || text.startsWith('False', pos)) {
      const truth = text.startsWith('True', pos)
      pos += truth ? 4 : 5
      return truth ? 1n : 0n
    }
    return number()
  }
  const value = item(0)
  skip()
  if (pos !== text.length) fail('unexpected trailing text')
  return value
}

/** Parses a Python literal and checks it is a `Value` (scalar or flat list). */
export function parseValue(text: string): Value {
  const value = parsePyLiteral(text)
  if (!isValue(value))
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_LITERAL',
      `expected a scalar or a flat list, got "${text.slice(0, 40)}"`,
    )
  return value
}

/** Converts a JSON number (from a reference file) to a Value scalar: integral → bigint. */
export function fromJsonNumber(x: number, path = 'value'): Scalar {
  if (Number.isInteger(x)) {
    if (!Number.isSafeInteger(x)) {
      throw new ArbigraphError(
        'ARBIGRAPH_UNSAFE_INTEGER',
        `${path}: integer ${x} exceeds 2^53 and lost precision in JSON.parse`,
      )
    }
    return BigInt(x)
  }
  return x
}

/** Converts a JSON value read by `JSON.parse` (numbers and arrays) to a PyValue. */
export function fromJson(x: unknown, path = 'value'): PyValue {
  if (typeof x === 'number') return fromJsonNumber(x, path)
  if (typeof x === 'boolean') return x ? 1n : 0n
  if (Array.isArray(x)) return x.map((v, i) => fromJson(v, `${path}[${i}]`))
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_VALUE',
    `${path}: expected a number or a list, got ${JSON.stringify(x)?.slice(0, 40)}`,
  )
}
