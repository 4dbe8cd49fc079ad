/**
 * Variable domains of a template's `#init` section and how to draw from them: `range`,
 * `frange` and `fix_floats(np.arange(...))` (floats rounded to 6 places), `numbers_within`
 * (inclusive), `sample(table[+table…][, count])`, `sample([inline list][, count])`,
 * `sample_sequential(table, count)` and plain literals. Anything else is `unsupported`, with the
 * text, so the importer can say why a template cannot be used.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (supported domains).
 */
import type { Rng } from '../../src/rng.ts'
import { evaluate } from './evaluate.ts'
import { type Expr, parseExpression } from './expression.ts'
import { isRat, type Rat, ratOfDecimal, toFloat } from './numbers.ts'
import { type DisplayItem, TABLES, type TableItem } from './tables.ts'

/** A drawn value: a word, or a number with the text it prints as. */
export type VarValue = string | NumberValue

export interface NumberValue {
  text: string
  value: bigint | Rat
  /** A Python float in the reference (from `frange` or a float literal), even when whole. */
  float?: boolean
}

export type Domain =
  | { kind: 'range'; lo: bigint; hi: bigint; step: bigint }
  | { kind: 'frange'; values: string[] }
  | { kind: 'numbers_within'; lo: bigint; hi: bigint }
  | { kind: 'sample'; items: TableItem[]; count: number; sequential: boolean; tables: string[] }
  | { kind: 'literal'; value: VarValue }
  | { kind: 'unsupported'; reason: string; text?: string }

const EMPTY = new Map()

const constant = (e: Expr): bigint => {
  const v = evaluate(e, EMPTY, 'exact')
  if (typeof v !== 'bigint') throw new TypeError('expected an integer')
  return v
}

/** Decimal text of a number rounded to 6 places, whole values without a point. */
const sixPlaces = (x: number): string => String(Number(x.toFixed(6)))

function floatRange(args: Expr[]): Domain {
  const [a, b, s] = args.map((e) => toFloat(evaluate(e, EMPTY, 'python') as bigint | number))
  const step = s ?? 1
  if (a === undefined || b === undefined || !(step > 0))
    return { kind: 'unsupported', reason: 'bad float range' }
  const values: string[] = []
  // numpy's arange computes start + i*step; the count is ceil((stop - start) / step).
  const count = Math.ceil((b - a) / step)
  for (let i = 0; i < count; i++) values.push(sixPlaces(a + i * step))
  return { kind: 'frange', values }
}

function itemOf(e: Expr): TableItem {
  if (e.t === 'str') return e.value
  if (e.t === 'list' && e.items.length === 2 && e.items[0]!.t === 'str') {
    // A (text, value) pair: prints the text, computes with the value.
    const v = evaluate(e.items[1]!, EMPTY, 'exact')
    if (typeof v === 'bigint' || isRat(v)) return { text: e.items[0].value, value: v }
  }
  const v = evaluate(e, EMPTY, 'exact')
  if (typeof v === 'bigint') return { text: v.toString(), value: v }
  if (isRat(v) && e.t === 'num') return { text: e.text, value: v }
  if (isRat(v) && e.t === 'unary' && e.operand.t === 'num') return { text: `-${e.operand.text}`, value: v }
  throw new TypeError('inline list items must be words or number literals')
}

function tableItems(e: Expr, tables: string[]): TableItem[] {
  if (e.t === 'list') return e.items.map(itemOf)
  if (e.t === 'name') {
    const table = TABLES[e.id]
    if (!table) throw new TypeError(`unknown table "${e.id}"`)
    tables.push(e.id)
    return [...table]
  }
  if (e.t === 'bin' && e.op === '+') return [...tableItems(e.left, tables), ...tableItems(e.right, tables)]
  if (e.t === 'bin' && e.op === '*' && e.right.t === 'num') {
    const items = tableItems(e.left, tables)
    return Array.from({ length: Number(e.right.text) }, () => items).flat()
  }
  throw new TypeError('expected a table name or an inline list')
}

function sampleDomain(args: Expr[], sequential: boolean): Domain {
  const tables: string[] = []
  const items = tableItems(args[0]!, tables)
  const count = args[1] === undefined ? 1 : Number(constant(args[1]))
  if (items.length === 0) return { kind: 'unsupported', reason: 'samples from an empty list' }
  if (count < 1 || count > items.length)
    return { kind: 'unsupported', reason: `samples ${count} distinct items from a list of ${items.length}` }
  return { kind: 'sample', items, count, sequential, tables }
}

function literalDomain(text: string): Domain {
  const t = text.trim()
  if (/^-?\d+$/.test(t)) return { kind: 'literal', value: { text: t, value: BigInt(t) } }
  if (/^-?\d*\.\d+$/.test(t))
    return { kind: 'literal', value: { text: t, value: ratOfDecimal(t), float: true } }
  const quoted = /^(['"])(.*)\1$/.exec(t)
  if (quoted) return { kind: 'literal', value: quoted[2]! }
  if (/^[A-Za-z][\w ]*$/.test(t)) return { kind: 'literal', value: t }
  return { kind: 'unsupported', reason: `unsupported domain "${t}"`, text: t }
}

/**
 * Parses the right-hand side of an `#init` line.
 * @example parseDomain('range(50, 200)') // { kind: 'range', lo: 50n, hi: 200n, step: 1n }
 */
export function parseDomain(text: string): Domain {
  let e: Expr
  try {
    e = parseExpression(text)
  } catch {
    return literalDomain(text)
  }
  const callee = e.t === 'call' ? calleeName(e.fn) : undefined
  if (e.t !== 'call' || callee === undefined) return literalDomain(text)
  try {
    switch (callee) {
      case 'range': {
        const [a, b, s] = e.args.map(constant)
        if (a === undefined) break
        const [lo, hi] = b === undefined ? [0n, a] : [a, b]
        if ((s ?? 1n) <= 0n) return { kind: 'unsupported', reason: `range step ${s} is not positive` }
        if (hi <= lo) return { kind: 'unsupported', reason: `empty range in "${text}"` }
        return { kind: 'range', lo, hi, step: s ?? 1n }
      }
      case 'frange':
        return floatRange(e.args)
      case 'fix_floats': {
        const inner = e.args[0]
        if (inner?.t === 'call' && calleeName(inner.fn) === 'np.arange') return floatRange(inner.args)
        break
      }
      case 'numbers_within': {
        const [lo, hi] = e.args.map(constant)
        if (lo === undefined || hi === undefined || hi < lo) break
        return { kind: 'numbers_within', lo, hi }
      }
      case 'sample':
      case 'sample_sequential':
        return sampleDomain(e.args, callee === 'sample_sequential')
    }
  } catch (error) {
    return {
      kind: 'unsupported',
      reason: `${(error as Error).message} in "${text.trim()}"`,
      text: text.trim(),
    }
  }
  return { kind: 'unsupported', reason: `unsupported domain "${text.trim()}"`, text: text.trim() }
}

const calleeName = (fn: Expr): string | undefined =>
  fn.t === 'name' ? fn.id : fn.t === 'attr' && fn.obj.t === 'name' ? `${fn.obj.id}.${fn.name}` : undefined

const numberItem = (item: DisplayItem): NumberValue => ({ text: item.text, value: item.value })

/** A number's value from a domain that yields numbers. */
export const intValue = (v: bigint): NumberValue => ({ text: v.toString(), value: v })

export const floatValue = (text: string): NumberValue => ({ text, value: ratOfDecimal(text), float: true })

const asValue = (item: TableItem): VarValue => (typeof item === 'string' ? item : numberItem(item))

/**
 * Draws `count` values (one per name of a multi-name spec).
 * @example drawFrom({ kind: 'range', lo: 1n, hi: 4n, step: 1n }, rng, 1) // [{ text: '2', value: 2n }]
 */
export function drawFrom(domain: Domain, rng: Rng, count: number): VarValue[] {
  switch (domain.kind) {
    case 'range': {
      const steps = (domain.hi - 1n - domain.lo) / domain.step
      return [intValue(domain.lo + rng.bigint(0n, steps) * domain.step)]
    }
    case 'numbers_within':
      return [intValue(rng.bigint(domain.lo, domain.hi))]
    case 'frange':
      return [floatValue(rng.choice(domain.values))]
    case 'literal':
      return [domain.value]
    case 'sample': {
      const n = Math.max(count, domain.count)
      if (domain.sequential) {
        const start = rng.int(0, domain.items.length - n)
        return domain.items.slice(start, start + n).map(asValue)
      }
      return rng.shuffle(domain.items).slice(0, n).map(asValue)
    }
    case 'unsupported':
      // The reference takes anything it cannot read as a literal string; so do we, so a
      // template whose odd domain is only printed still works, and arithmetic on it fails.
      return [domain.text ?? domain.reason]
  }
}
