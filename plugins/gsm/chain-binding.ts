/**
 * Binding a chained value to a GSM template: the incoming scalar becomes c = |round(v)| mod 100;
 * the first numeric variable with a `range`, `numbers_within` or `frange` domain (in template
 * order) whose conditions can hold takes c snapped to its domain, and the prompt tells the model
 * to add the offset `bound − c`. Snapping keeps the reference's quirks on purpose (banker's
 * rounding onto the step grid, then a clamp that may leave it; `frange` is not adjusted), so
 * the same input binds the same value. The other variables are drawn from our seeded RNG.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.3.
 */
import type { Rng } from '../../src/rng.ts'
import { intValue } from './domains.ts'
import { type Assignment, drawSpecs, rejection } from './instantiate.ts'
import { rat, roundHalfEven } from './numbers.ts'
import type { GsmTemplate, InitSpec } from './parse.ts'

/** Rejection-sampling attempts per candidate variable (the reference's budget). */
export const BIND_ATTEMPTS = 200

/** The variables a chained value can bind to, in template order. */
export function bindCandidates(template: GsmTemplate): InitSpec[] {
  return template.inits.filter(
    (s) =>
      s.numeric &&
      s.names.length === 1 &&
      // A variable the question does not print could not show as val_N.
      template.placeholders.includes(s.names[0]!) &&
      (s.domain.kind === 'range' || s.domain.kind === 'numbers_within' || s.domain.kind === 'frange'),
  )
}

/**
 * The value a variable takes for c ∈ [0, 99].
 * @example snapToDomain(42n, { kind: 'range', lo: 300000n, hi: 500000n, step: 10000n }) // 300000n
 */
export function snapToDomain(c: bigint, domain: InitSpec['domain']): bigint {
  if (domain.kind === 'range') {
    let v = c
    if (domain.step > 1n) v = domain.lo + roundHalfEven(rat(c - domain.lo, domain.step)) * domain.step
    return v < domain.lo ? domain.lo : v > domain.hi - 1n ? domain.hi - 1n : v
  }
  if (domain.kind === 'numbers_within') return c < domain.lo ? domain.lo : c > domain.hi ? domain.hi : c
  return c
}

export interface Binding {
  /** The bound variable. */
  name: string
  value: bigint
  /** bound − c, printed as "add …" when non-zero. */
  offset: bigint
}

export interface Bound {
  binding: Binding
  vars: Assignment
}

/**
 * Draws an instantiation with the chained value c bound, or explains why none was found.
 * `draw` fills the other variables (the category splits them into printed numbers and wording).
 * @example bindChained(template, 81n, rng) // { binding: { name: 'p', value: 39n, offset: -42n }, vars }
 */
export function bindChained(
  template: GsmTemplate,
  c: bigint,
  rng: Rng,
  draw: (vars: Assignment, rng: Rng) => Assignment = (vars, r) => drawSpecs(template.inits, r, vars),
): Bound | { reason: string } {
  const candidates = bindCandidates(template)
  if (candidates.length === 0)
    return { reason: 'no numeric variable with a range, numbers_within or frange domain' }
  let reason = ''
  for (const spec of candidates) {
    const name = spec.names[0]!
    const value = snapToDomain(c, spec.domain)
    const stream = rng.split('bind', name)
    for (let attempt = 0; attempt < BIND_ATTEMPTS; attempt++) {
      let vars: Assignment
      try {
        vars = draw(new Map([[name, intValue(value)]]), stream.split(attempt))
      } catch (error) {
        return { reason: `cannot draw the variables: ${(error as Error).message}` }
      }
      const why = rejection(template, vars, 'exact')
      if (why === undefined) return { binding: { name, value, offset: value - c }, vars }
      reason = why
    }
  }
  return { reason: `no draw satisfied the template for c = ${c} (last: ${reason})` }
}
