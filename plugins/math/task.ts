/**
 * `mathTask`: declares one math operator as a task template. An operator is its preprocessing,
 * its parameter draws, an exact solver (bigint) and the words of its block.
 */
import type { Params, TaskTemplate } from '../../src/contracts/template.ts'
import type { Rng } from '../../src/rng.ts'
import type { Kind, Scalar, Value } from '../../src/values.ts'
import type { Preprocess } from './preprocess.ts'

export interface MathTextContext<Adapted> {
  /** Task number. */
  n: number
  /** The task-local name of the preprocessed input, e.g. `list_3` or `val_3`. */
  arg: string
  /** Name of the incoming value. */
  source: string
  /** `task_{n}_out`. */
  out: string
  params: Params
  /** The raw incoming value (sizes derived from its length are printed). */
  input: Value
  /** The preprocessed input. */
  adapted: Adapted
}

export interface MathTaskSpec<Adapted> {
  id: string
  referenceName: string
  summary: string
  output: Kind
  input: Preprocess<Adapted>
  /** Random parameters, drawn after preprocessing (reference spec §6.4). */
  params?: (adapted: Adapted, rng: Rng, input: Value) => Params
  solve: (adapted: Adapted, params: Params, input: Value) => Value
  /**
   * `solve` reads nothing but its preprocessed scalar input (no params, not the raw value), so
   * each answer is kept per input: a scalar input takes at most 200 values once preprocessed,
   * and a dataset of 10⁴-task graphs asks each template for them hundreds of thousands of times.
   */
  answerPerInput?: boolean
  text: (ctx: MathTextContext<Adapted>) => string
}

/** Answers kept per template: more than a preprocessed scalar input can take. */
const ANSWERS_MAX = 1024

/**
 * A text's context. Most texts never read the preprocessed input, so it is made on first read
 * (once); a class keeps that getter on the prototype instead of defining one per context.
 */
class TextContext<Adapted> implements MathTextContext<Adapted> {
  private made: { value: Adapted } | undefined
  constructor(
    readonly n: number,
    readonly arg: string,
    readonly source: string,
    readonly out: string,
    readonly params: Params,
    readonly input: Value,
    private readonly preprocess: Preprocess<Adapted>,
  ) {
    this.made = undefined
  }

  get adapted(): Adapted {
    this.made ??= { value: this.preprocess.apply(this.input) }
    return this.made.value
  }
}

/**
 * Declares a math task template.
 * @example mathTask({ id: 'DivisorSum', output: 'scalar', input: scalarInput({ add: 1 }), solve: (n) => sigma(1n, n), … })
 */
export function mathTask<Adapted>(spec: MathTaskSpec<Adapted>): TaskTemplate {
  // The generator draws a candidate's parameters and then solves it on the same input: the
  // preprocessed input made for the draw is handed to that solve instead of being made again.
  // Only that once (`solve` may work on it in place, and parameter draws never change it).
  let drawnFor: { raw: Value; adapted: Adapted } | undefined
  const adaptForSolve = (input: Value): Adapted => {
    const drawn = drawnFor
    drawnFor = undefined
    return drawn !== undefined && Object.is(drawn.raw, input) ? drawn.adapted : spec.input.apply(input)
  }
  if (spec.answerPerInput && (spec.params !== undefined || spec.input.kind !== 'scalar'))
    throw new TypeError(`mathTask ${spec.id}: answerPerInput needs a scalar input and no params`)
  const answers = spec.answerPerInput ? new Map<Adapted, Value>() : undefined
  return {
    id: spec.id,
    family: 'math',
    referenceName: spec.referenceName,
    summary: spec.summary,
    inputKinds: [spec.input.kind],
    outputKind: spec.output,
    preprocess: spec.input.spec,
    params: (input, rng) => {
      if (!spec.params) return {}
      const adapted = spec.input.apply(input)
      const params = spec.params(adapted, rng, input)
      drawnFor = { raw: input, adapted }
      return params
    },
    solve: answers
      ? (input, params) => {
          const adapted = adaptForSolve(input)
          let answer = answers.get(adapted)
          if (answer === undefined) {
            answer = spec.solve(adapted, params, input)
            if (answers.size < ANSWERS_MAX) answers.set(adapted, answer)
          }
          // A fresh list each time: the caller owns the value it is given.
          return Array.isArray(answer) ? answer.slice() : answer
        }
      : (input, params) => spec.solve(adaptForSolve(input), params, input),
    text({ n, source, out, input, params }) {
      const arg = `${spec.input.local}_${n}`
      const head = spec.input.describe({ name: arg, source, input })
      return `${head}\n${spec.text(new TextContext(n, arg, source, out, params, input, spec.input))}`
    },
  }
}

/** Narrows a preprocessed list to bigints (every list input except MatrixMul's is rounded). */
export function ints(list: readonly Scalar[]): bigint[] {
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!
    if (typeof x !== 'bigint') throw new TypeError(`expected an integer element, got ${x}`)
  }
  return list.slice() as bigint[]
}
