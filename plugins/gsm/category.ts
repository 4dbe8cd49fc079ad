/**
 * A parsed GSM template as a task template. Parameters are the numbers the question prints
 * (every one of them appears verbatim in the block); the chained variable is derived from the
 * input; wording choices (names, units, "twice", "a third") are drawn from a stream keyed by the
 * printed numbers, so `solve` and `text` rebuild the exact question from the parameters alone
 * while the generator's RNG stays the only source of randomness.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.3–8.4.
 */

import type { Params, TaskTemplate } from '../../src/contracts/template.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { createRng, type Rng } from '../../src/rng.ts'
import { pyRepr, type Value } from '../../src/values.ts'
import { scalarInput } from '../math/preprocess.ts'
import { bindCandidates, bindChained, snapToDomain } from './chain-binding.ts'
import { floatValue, intValue, type VarValue } from './domains.ts'
import { type Assignment, answerOf, drawSpecs, renderQuestion } from './instantiate.ts'
import type { GsmTemplate, InitSpec } from './parse.ts'

const NUMERAL = /^-?\d+(?:\.\d+)?$/

/** Specs whose values are numerals printed in the question: these become parameters. */
export function printedSpecs(template: GsmTemplate): InitSpec[] {
  return template.inits.filter((s) => {
    if (!s.numeric || !s.names.every((n) => template.placeholders.includes(n))) return false
    const d = s.domain
    if (d.kind === 'range' || d.kind === 'numbers_within' || d.kind === 'frange') return true
    return d.kind === 'sample' && d.items.every((i) => typeof i !== 'string' && NUMERAL.test(i.text))
  })
}

/** c = |round(v)| mod 100, as every GSM task reads its input. */
const chainedC = (input: Value): bigint => scalarInput({ abs: true }).apply(input)

function paramOf(v: VarValue): bigint | number {
  if (typeof v === 'string') throw new TypeError('a printed parameter must be a number')
  if (typeof v.value === 'bigint') return v.value
  return v.value.d === 1n ? v.value.n : Number(v.text)
}

const valueOfParam = (p: Params[string]): VarValue => {
  if (typeof p === 'bigint') return intValue(p)
  if (typeof p === 'number') return floatValue(pyRepr(p))
  throw new TypeError('GSM parameters are numbers')
}

const wordingRng = (id: string, params: Params): Rng =>
  createRng(
    `gsm-wording:${id}:${Object.entries(params)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${pyRepr(v)}`)
      .join(';')}`,
  )

interface Rebuilt {
  vars: Assignment
  bound: string
  offset: bigint
}

/** The full assignment of an instantiation, from its input and printed parameters. */
export function rebuild(template: GsmTemplate, input: Value, params: Params): Rebuilt {
  const spec = bindCandidates(template).find((s) => !(s.names[0]! in params))
  if (!spec)
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `GSM template "${template.id}": no bound variable`)
  const c = chainedC(input)
  const value = snapToDomain(c, spec.domain)
  const bound = spec.names[0]!
  const vars: Assignment = new Map([[bound, intValue(value)]])
  for (const [k, p] of Object.entries(params)) vars.set(k, valueOfParam(p!))
  drawSpecs(template.inits, wordingRng(template.id, params), vars)
  return { vars, bound, offset: value - c }
}

function drawParams(template: GsmTemplate, input: Value, rng: Rng): Params {
  const printed = printedSpecs(template)
  const result = bindChained(template, chainedC(input), rng, (vars, r) => {
    drawSpecs(printed, r, vars)
    const params = Object.fromEntries([...vars].slice(1).map(([k, v]) => [k, paramOf(v)]))
    return drawSpecs(template.inits, wordingRng(template.id, params), vars)
  })
  if ('reason' in result)
    throw new ArbigraphError('ARBIGRAPH_GENERATION_FAILED', `GSM template "${template.id}": ${result.reason}`)
  const { name } = result.binding
  const keys = printed.flatMap((s) => s.names).filter((n) => n !== name)
  return Object.fromEntries(keys.map((k) => [k, paramOf(result.vars.get(k)!)]))
}

export interface GsmTaskOptions {
  id: string
  summary: string
  referenceName?: string
}

/**
 * A GSM template as a scalar → scalar task.
 * @example gsmTask(parseTemplate('0027', text), { id: 'GSM_0027', summary: 'emails' }).params(81n, rng)
 */
export function gsmTask(template: GsmTemplate, options: GsmTaskOptions): TaskTemplate {
  return {
    id: options.id,
    family: 'gsm',
    ...(options.referenceName ? { referenceName: options.referenceName } : {}),
    summary: options.summary,
    inputKinds: ['scalar'],
    outputKind: 'scalar',
    preprocess: { kind: 'scalar', round: true, abs: true, modulus: 100 },
    params: (input, rng) => drawParams(template, input, rng),
    solve: (input, params) => answerOf(template, rebuild(template, input, params).vars, 'exact'),
    text({ n, source, out, input, params }) {
      const { vars, bound, offset } = rebuild(template, input, params)
      const name = `val_${n}`
      const head = scalarInput({ abs: true, add: Number(offset) }).describe({ name, source, input })
      const question = renderQuestion(template, vars, new Map([[bound, name]]))
      return `${head}\n${question}\nSave the final numerical answer in ${out}.`
    },
  }
}
