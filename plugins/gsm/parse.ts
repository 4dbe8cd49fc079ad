/**
 * Reading an annotated GSM template: the question with `{var,default}` placeholders, then
 * `#init:` lines (`- [$]name[, name2] = <domain>`, `$` marking numeric variables),
 * `#conditions:` lines (Python booleans) and `#answer: <Python expression>`. Parsing happens once
 * per template; a malformed template is an error naming the template and the line.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (template format).
 */
import { ArbigraphError } from '../../src/errors.ts'
import { type Domain, parseDomain } from './domains.ts'
import { type Expr, parseExpression } from './expression.ts'

export interface InitSpec {
  names: string[]
  numeric: boolean
  /** The domain as written, for messages. */
  text: string
  domain: Domain
}

export interface Compiled {
  source: string
  expr: Expr
}

export interface GsmTemplate {
  /** Template id, e.g. `0027` for an Apple file or `bakery-boxes` for ours. */
  id: string
  /** The question with its placeholders. */
  question: string
  /** Variable names in order of first appearance in the question. */
  placeholders: string[]
  inits: InitSpec[]
  conditions: Compiled[]
  answer: Compiled
}

/** `{name,default}`, `{name, default}` and `{name}`. */
export const PLACEHOLDER = /\{\s*(\w+)\s*(?:,[^{}]*)?\}/g

const bad = (id: string, message: string): never => {
  throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `GSM template "${id}": ${message}`)
}

function compile(id: string, source: string, where: string): Compiled {
  try {
    return { source, expr: parseExpression(source) }
  } catch (error) {
    return bad(id, `${where}: ${(error as Error).message}`)
  }
}

function section(text: string, heading: string): string | undefined {
  const at = text.indexOf(heading)
  if (at < 0) return undefined
  const rest = text.slice(at + heading.length)
  const next = rest.search(/^#\w+:/m)
  return next < 0 ? rest : rest.slice(0, next)
}

function parseInit(id: string, line: string): InitSpec {
  const m = /^-\s*(\$?)\s*([\w\s,$]+?)\s*=\s*(.+)$/.exec(line.trim())
  if (!m) return bad(id, `cannot read #init line "${line.trim()}"`)
  const names = m[2]!.split(',').map((n) => n.replace('$', '').trim())
  if (names.some((n) => !/^\w+$/.test(n))) return bad(id, `bad variable name in "${line.trim()}"`)
  return { names, numeric: m[1] === '$', text: m[3]!.trim(), domain: parseDomain(m[3]!) }
}

const bulletLines = (text: string | undefined): string[] =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('-'))

/**
 * Parses a `question_annotated` text.
 * @example parseTemplate('0001', '{n,3} cats\n#init:\n- $n = range(2, 9)\n#answer: n * 4').inits[0].names // ['n']
 */
export function parseTemplate(id: string, annotated: string): GsmTemplate {
  const initAt = annotated.indexOf('#init:')
  if (initAt < 0) return bad(id, 'no "#init:" section')
  const question = annotated.slice(0, initAt).trim()
  const answerText = /#answer:\s*(.+?)\s*$/s.exec(annotated)?.[1]
  if (!answerText) return bad(id, 'no "#answer:" line')
  const inits = bulletLines(section(annotated, '#init:')).map((l) => parseInit(id, l))
  const conditions = bulletLines(section(annotated, '#conditions:')).map((l, i) =>
    compile(id, l.slice(1).trim(), `condition ${i + 1}`),
  )
  const placeholders = [...new Set([...question.matchAll(PLACEHOLDER)].map((m) => m[1]!))]
  return { id, question, placeholders, inits, conditions, answer: compile(id, answerText.trim(), '#answer') }
}
