/**
 * A safe interpreter for template expressions: walks the AST of `expression.ts` over the numeric
 * tower of `numbers.ts`, with only the names the reference puts in scope (`int`, `round`, `abs`,
 * `min`, `max`, `Fraction`, `is_int`, `divides`, `math.*`, plus `float`). No host `eval`, no
 * attribute access beyond `math`, and a bounded exponent, so a template cannot run code.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (the `eval` namespace).
 */
import type { Expr } from './expression.ts'
import {
  absolute,
  binary,
  compare,
  isRat,
  isWhole,
  type Num,
  type NumericMode,
  negate,
  pyRound,
  rat,
  ratOfDecimal,
  toFloat,
  toRat,
  truncate,
} from './numbers.ts'

/** What an expression can produce: numbers, strings, booleans and lists of them. */
export type EvalValue = Num | string | boolean | EvalValue[]

export type Scope = ReadonlyMap<string, EvalValue>

const isNum = (v: EvalValue): v is Num => typeof v === 'bigint' || typeof v === 'number' || isRat(v)

/** A bool is an int in arithmetic (Python: True + 1 == 2). */
function num(v: EvalValue, what: string): Num {
  if (typeof v === 'boolean') return v ? 1n : 0n
  if (isNum(v)) return v
  throw new TypeError(`${what}: expected a number, got ${typeof v === 'string' ? `"${v}"` : 'a list'}`)
}

/** Python truthiness. */
export function truthy(v: EvalValue): boolean {
  if (typeof v === 'boolean') return v
  if (typeof v === 'string' || Array.isArray(v)) return v.length > 0
  return compare(v, 0n) !== 0
}

function equal(a: EvalValue, b: EvalValue): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]!))
  return compare(num(a, '=='), num(b, '==')) === 0
}

function compareOp(op: string, a: EvalValue, b: EvalValue): boolean {
  if (op === '==') return equal(a, b)
  if (op === '!=') return !equal(a, b)
  if (op === 'in' || op === 'not in') {
    const found = Array.isArray(b) ? b.some((x) => equal(a, x)) : String(b).includes(String(a))
    return op === 'in' ? found : !found
  }
  const c =
    typeof a === 'string' && typeof b === 'string'
      ? a < b
        ? -1
        : a > b
          ? 1
          : 0
      : compare(num(a, op), num(b, op))
  if (Number.isNaN(c)) return false
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0
}

type Builtin = (args: EvalValue[], mode: NumericMode) => EvalValue

const numbersOf = (args: EvalValue[], name: string): Num[] =>
  (args.length === 1 && Array.isArray(args[0]) ? args[0] : args).map((a) => num(a, name))

const extreme =
  (name: string, sign: number): Builtin =>
  (args) => {
    const xs = numbersOf(args, name)
    if (xs.length === 0) throw new TypeError(`${name}() of an empty sequence`)
    return xs.reduce((best, x) => (compare(x, best) * sign > 0 ? x : best))
  }

function fraction(args: EvalValue[]): Num {
  const [a, b] = args
  if (a === undefined) return rat(0n)
  const p = typeof a === 'string' ? ratOfDecimal(a) : toRat(num(a, 'Fraction'))
  if (b === undefined) return p
  const q = toRat(num(b, 'Fraction'))
  return rat(p.n * q.d, p.d * q.n)
}

const BUILTINS: Record<string, Builtin> = {
  int: ([x]) => (typeof x === 'string' ? BigInt(x.trim()) : truncate(num(x!, 'int'))),
  float: ([x], mode) => {
    const v = typeof x === 'string' ? ratOfDecimal(x) : num(x!, 'float')
    return mode === 'python' ? toFloat(v) : toRat(v)
  },
  abs: ([x]) => absolute(num(x!, 'abs')),
  round: ([x, nd]) => pyRound(num(x!, 'round'), nd === undefined ? undefined : truncate(num(nd, 'round'))),
  min: extreme('min', -1),
  max: extreme('max', 1),
  Fraction: (args) => fraction(args),
  is_int: ([x]) => x !== undefined && isNum(x) && isWhole(x),
  divides: ([a, b], mode) => {
    const d = num(b!, 'divides')
    return compare(d, 0n) !== 0 && compare(binary('%', num(a!, 'divides'), d, mode), 0n) === 0
  },
  len: ([x]) => BigInt(typeof x === 'string' || Array.isArray(x) ? x.length : Number.NaN),
  sum: (args, mode) => numbersOf(args, 'sum').reduce<Num>((s, x) => binary('+', s, x, mode), 0n),
}

const MATH: Record<string, Builtin> = {
  floor: ([x]) => {
    const r = toRat(num(x!, 'math.floor'))
    return r.n / r.d - (r.n % r.d !== 0n && r.n < 0n ? 1n : 0n)
  },
  ceil: ([x]) => {
    const r = toRat(num(x!, 'math.ceil'))
    return r.n / r.d + (r.n % r.d !== 0n && r.n > 0n ? 1n : 0n)
  },
  sqrt: ([x], mode) => binary('**', num(x!, 'math.sqrt'), mode === 'exact' ? rat(1n, 2n) : 0.5, mode),
  gcd: (args) =>
    numbersOf(args, 'math.gcd')
      .map((x) => truncate(x))
      .reduce((a, b) => {
        let [p, q] = [a < 0n ? -a : a, b < 0n ? -b : b]
        while (q) [p, q] = [q, p % q]
        return p
      }, 0n),
  isclose: ([a, b]) =>
    Math.abs(toFloat(num(a!, 'isclose')) - toFloat(num(b!, 'isclose'))) <=
    1e-9 * Math.max(Math.abs(toFloat(num(a!, 'isclose'))), Math.abs(toFloat(num(b!, 'isclose')))),
}

const MATH_CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E }

function call(e: Extract<Expr, { t: 'call' }>, scope: Scope, mode: NumericMode): EvalValue {
  const args = e.args.map((a) => evaluate(a, scope, mode))
  let fn: Builtin | undefined
  if (e.fn.t === 'name' && !scope.has(e.fn.id)) fn = BUILTINS[e.fn.id]
  else if (e.fn.t === 'attr' && e.fn.obj.t === 'name' && e.fn.obj.id === 'math') fn = MATH[e.fn.name]
  if (!fn) throw new ReferenceError(`unknown function ${describeCallee(e.fn)}`)
  return fn(args, mode)
}

const describeCallee = (fn: Expr): string =>
  fn.t === 'name' ? fn.id : fn.t === 'attr' ? `${describeCallee(fn.obj)}.${fn.name}` : 'expression'

function literal(text: string, mode: NumericMode): Num {
  if (/^\d+$/.test(text)) return BigInt(text)
  return mode === 'python' ? Number(text) : ratOfDecimal(text)
}

/**
 * Evaluates an expression in a scope of template variables.
 * @example evaluate(parseExpression('n * p / 100'), new Map([['n', 80n], ['p', 20n]]), 'exact') // 16/1
 */
export function evaluate(e: Expr, scope: Scope, mode: NumericMode): EvalValue {
  switch (e.t) {
    case 'num':
      return literal(e.text, mode)
    case 'str':
      return e.value
    case 'name': {
      const v = scope.get(e.id)
      if (v !== undefined) return v
      if (e.id === 'True' || e.id === 'False') return e.id === 'True'
      throw new ReferenceError(`name "${e.id}" is not defined`)
    }
    case 'attr':
      if (e.obj.t === 'name' && e.obj.id === 'math' && e.name in MATH_CONSTANTS)
        return MATH_CONSTANTS[e.name]!
      throw new ReferenceError(`attribute access ${describeCallee(e)} is not allowed`)
    case 'call':
      return call(e, scope, mode)
    case 'sub': {
      const obj = evaluate(e.obj, scope, mode)
      // The reference wraps display values so that `x[1]` (its numeric half) returns the value itself.
      if (!Array.isArray(obj) && typeof obj !== 'string') return obj
      const i = Number(truncate(num(evaluate(e.index, scope, mode), 'index')))
      const item = obj.at(i)
      if (item === undefined) throw new RangeError(`index ${i} out of range`)
      return item
    }
    case 'bin': {
      const left = evaluate(e.left, scope, mode)
      const right = evaluate(e.right, scope, mode)
      if (e.op === '+' && typeof left === 'string' && typeof right === 'string') return left + right
      return binary(e.op, num(left, e.op), num(right, e.op), mode)
    }
    case 'unary': {
      const v = num(evaluate(e.operand, scope, mode), e.op)
      return e.op === '-' ? negate(v) : v
    }
    case 'not':
      return !truthy(evaluate(e.operand, scope, mode))
    case 'bool': {
      const left = evaluate(e.left, scope, mode)
      if (e.op === 'and' ? !truthy(left) : truthy(left)) return left
      return evaluate(e.right, scope, mode)
    }
    case 'cmp': {
      let left = evaluate(e.first, scope, mode)
      for (const [op, expr] of e.rest) {
        const right = evaluate(expr, scope, mode)
        if (!compareOp(op, left, right)) return false
        left = right
      }
      return true
    }
    case 'if':
      return truthy(evaluate(e.test, scope, mode))
        ? evaluate(e.then, scope, mode)
        : evaluate(e.else, scope, mode)
    case 'list':
      return e.items.map((x) => evaluate(x, scope, mode))
  }
}

/**
 * A template answer as a graded value: whole numbers become ints (Python's `int` conversion of
 * an integral float or a Fraction with denominator 1), anything else a float. Non-finite or
 * non-numeric answers are errors.
 * @example answerValue(rat(244n)) // 244n
 */
export function answerValue(v: EvalValue): bigint | number {
  if (typeof v === 'boolean') return v ? 1n : 0n
  if (!isNum(v)) throw new TypeError('the answer is not a number')
  if (typeof v === 'number' && !Number.isFinite(v)) throw new RangeError(`the answer is ${v}`)
  if (isWhole(v)) return typeof v === 'number' ? BigInt(v) : truncate(v)
  return toFloat(v)
}
