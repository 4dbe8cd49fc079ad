/**
 * Reading a rendered GSM question back into its variables: the template's question becomes a
 * regular expression (each placeholder a named group shaped by its domain, repeats as
 * back-references, the chained variable accepted as `val_N`), the printed texts are mapped back
 * to values (display texts through the tables), and the bound variable takes the value the
 * preprocessing sentence defines. With the values known, the answer is recomputed.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.3–8.5.
 */
import { floatValue, intValue, type VarValue } from './domains.ts'
import type { Assignment } from './instantiate.ts'
import type { GsmTemplate, InitSpec } from './parse.ts'
import { PLACEHOLDER } from './parse.ts'
import { displayValue } from './tables.ts'

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const NUMBER = '-?\\d+(?:\\.\\d+)?'

function patternFor(spec: InitSpec | undefined): string {
  const d = spec?.domain
  if (!d) return '[\\s\\S]+?'
  if (d.kind === 'range' || d.kind === 'numbers_within' || d.kind === 'frange') return `val_\\d+|${NUMBER}`
  if (d.kind === 'sample' && d.tables.length === 0) {
    const texts = [...new Set(d.items.map((i) => (typeof i === 'string' ? i : i.text)))]
    return texts
      .sort((a, b) => b.length - a.length)
      .map(escapeRegex)
      .join('|')
  }
  return '[\\s\\S]+?'
}

/** The question of a template as a regular expression with one named group per variable. */
export function questionPattern(template: GsmTemplate): RegExp {
  const specOf = new Map(template.inits.flatMap((s) => s.names.map((n) => [n, s] as const)))
  const seen = new Set<string>()
  let source = ''
  let last = 0
  for (const m of template.question.matchAll(PLACEHOLDER)) {
    source += escapeRegex(template.question.slice(last, m.index))
    const name = m[1]!
    source += seen.has(name) ? `\\k<${name}>` : `(?<${name}>${patternFor(specOf.get(name))})`
    seen.add(name)
    last = m.index + m[0].length
  }
  source += escapeRegex(template.question.slice(last))
  return new RegExp(`^\\s*${source}\\s*$`)
}

function printedValue(text: string, spec: InitSpec): VarValue {
  const d = spec.domain
  if (d.kind === 'range' || d.kind === 'numbers_within') return intValue(BigInt(text))
  if (d.kind === 'frange') return floatValue(text)
  if (d.kind === 'literal') return d.value
  if (d.kind === 'sample') {
    const inline = d.items.find((i) => typeof i !== 'string' && i.text === text)
    if (inline && typeof inline !== 'string') return { text, value: inline.value }
    if (spec.numeric) {
      const display = displayValue(text)
      if (display) return { text, value: display.value }
      if (new RegExp(`^${NUMBER}$`).test(text))
        return text.includes('.') ? floatValue(text) : intValue(BigInt(text))
      throw new TypeError(`unknown display text "${text}" for ${spec.names.join(', ')}`)
    }
  }
  return text
}

export interface Recovered {
  vars: Assignment
  /** The variable printed as `val_N`, if any. */
  bound: string | undefined
}

/**
 * The variables of a rendered question; `boundValue` is what `val_N` stands for.
 * @example recoverVariables(template, 'Omar receives 100 emails a day. val_1% …', 39n).vars.get('n') // { text: '100', value: 100n }
 */
export function recoverVariables(template: GsmTemplate, question: string, boundValue: bigint): Recovered {
  const m = questionPattern(template).exec(question)
  if (!m?.groups) throw new TypeError(`the question does not match template ${template.id}`)
  const vars: Assignment = new Map()
  let bound: string | undefined
  for (const spec of template.inits) {
    for (const name of spec.names) {
      const text = m.groups[name]
      if (text === undefined) {
        if (spec.domain.kind === 'literal') vars.set(name, spec.domain.value)
        continue
      }
      if (/^val_\d+$/.test(text) && spec.numeric) {
        bound = name
        vars.set(name, intValue(boundValue))
      } else vars.set(name, printedValue(text, spec))
    }
  }
  return { vars, bound }
}

/** Every value a finite domain can take, or undefined when it is not enumerable. */
function enumerate(spec: InitSpec): VarValue[] | undefined {
  const d = spec.domain
  const LIMIT = 10_000n
  if (d.kind === 'range' && (d.hi - d.lo) / d.step <= LIMIT) {
    const out: VarValue[] = []
    for (let v = d.lo; v < d.hi; v += d.step) out.push(intValue(v))
    return out
  }
  if (d.kind === 'numbers_within' && d.hi - d.lo <= LIMIT) {
    const out: VarValue[] = []
    for (let v = d.lo; v <= d.hi; v++) out.push(intValue(v))
    return out
  }
  if (d.kind === 'frange') return d.values.map(floatValue)
  if (d.kind === 'literal') return [d.value]
  if (d.kind === 'sample' && spec.names.length === 1)
    return d.items.map((i) => (typeof i === 'string' ? i : { text: i.text, value: i.value }))
  return undefined
}

const MAX_COMBINATIONS = 200_000

/**
 * Fills the variables a question does not print: the ones the conditions pin down (the
 * reference's template 0009 asks for a value that only a condition defines). Returns every
 * completion that satisfies the conditions, up to `limit`.
 */
export function completions(
  template: GsmTemplate,
  vars: Assignment,
  accept: (vars: Assignment) => boolean,
  limit = 2,
): Assignment[] {
  const unknown = template.inits.flatMap((s) =>
    s.names.filter((n) => !vars.has(n)).map((n) => [n, s] as const),
  )
  if (unknown.length === 0) return accept(vars) ? [vars] : []
  const domains = unknown.map(([, s]) => enumerate(s))
  if (domains.some((d) => d === undefined)) return []
  const sizes = domains.map((d) => d!.length)
  if (sizes.reduce((a, b) => a * b, 1) > MAX_COMBINATIONS) return []
  const found: Assignment[] = []
  const walk = (i: number, current: Assignment): void => {
    if (found.length >= limit) return
    if (i === unknown.length) {
      if (accept(current)) found.push(new Map(current))
      return
    }
    for (const v of domains[i]!) walk(i + 1, new Map(current).set(unknown[i]![0], v))
  }
  walk(0, vars)
  return found
}
