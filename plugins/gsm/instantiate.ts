/**
 * One instantiation of a GSM template: draw every variable (some may be fixed in advance),
 * accept the draw when every condition holds and the answer is a finite number, and print the
 * question with each placeholder replaced by its value's text. A condition that raises counts
 * as false, as in the reference.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (evaluation and rendering).
 */
import type { Rng } from '../../src/rng.ts'
import type { NumberValue, VarValue } from './domains.ts'
import { drawFrom } from './domains.ts'
import { answerValue, type EvalValue, evaluate, truthy } from './evaluate.ts'
import { type NumericMode, toFloat } from './numbers.ts'
import type { GsmTemplate, InitSpec } from './parse.ts'
import { PLACEHOLDER } from './parse.ts'

export type Assignment = Map<string, VarValue>

/** A variable's value inside expressions: python mode sees floats where the reference has them. */
export function scopeValue(v: VarValue, mode: NumericMode): EvalValue {
  if (typeof v === 'string') return v
  if (mode === 'exact') return v.value
  return typeof v.value === 'bigint' && !v.float ? v.value : toFloat(v.value)
}

export const scopeOf = (vars: Assignment, mode: NumericMode): Map<string, EvalValue> =>
  new Map([...vars].map(([k, v]) => [k, scopeValue(v, mode)]))

/**
 * Draws the variables of `specs` into `into`, skipping names already set.
 * @example drawSpecs(template.inits, rng, new Map([['n', intValue(5n)]]))
 */
export function drawSpecs(specs: readonly InitSpec[], rng: Rng, into: Assignment): Assignment {
  for (const spec of specs) {
    if (spec.names.every((n) => into.has(n))) continue
    const values = drawFrom(spec.domain, rng, spec.names.length)
    spec.names.forEach((name, i) => {
      if (!into.has(name)) into.set(name, values[i] ?? values[0]!)
    })
  }
  return into
}

/** Why a draw is rejected, or undefined when it is accepted. */
export function rejection(template: GsmTemplate, vars: Assignment, mode: NumericMode): string | undefined {
  const scope = scopeOf(vars, mode)
  for (const condition of template.conditions) {
    try {
      if (!truthy(evaluate(condition.expr, scope, mode))) return `condition "${condition.source}" is false`
    } catch (error) {
      return `condition "${condition.source}" raised: ${(error as Error).message}`
    }
  }
  try {
    answerValue(evaluate(template.answer.expr, scope, mode))
  } catch (error) {
    return `answer "${template.answer.source}" failed: ${(error as Error).message}`
  }
  return undefined
}

/**
 * The answer for an assignment: an int when whole, else a float.
 * @example answerOf(template, vars, 'exact') // 244n
 */
export function answerOf(template: GsmTemplate, vars: Assignment, mode: NumericMode): bigint | number {
  return answerValue(evaluate(template.answer.expr, scopeOf(vars, mode), mode))
}

/** The text a value prints as. */
export const displayText = (v: VarValue): string => (typeof v === 'string' ? v : v.text)

/**
 * The question with every placeholder filled; names in `literal` print as given (the bound
 * variable prints as `val_N`); an unset variable prints its default, as in the reference.
 */
export function renderQuestion(
  template: GsmTemplate,
  vars: Assignment,
  literal: ReadonlyMap<string, string> = new Map(),
): string {
  return template.question.replace(PLACEHOLDER, (whole, name: string) => {
    const fixed = literal.get(name)
    if (fixed !== undefined) return fixed
    const v = vars.get(name)
    if (v !== undefined) return displayText(v)
    const comma = whole.indexOf(',')
    return comma < 0 ? whole : whole.slice(comma + 1, -1).trim()
  })
}

export type { NumberValue }
