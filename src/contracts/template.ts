/**
 * The task-template contract: what a category provides for each task.
 *
 * A template is pure: `params` draws (or derives) everything random from an RNG the generator
 * passes in, `solve` computes the exact ground truth from the raw incoming value and the
 * parameters (any preprocessing is part of the template), and `text` writes the task block. The
 * generator owns randomness, order, filters and retries.
 */
import type { Rng } from '../rng.ts'
import type { Kind, PyValue, Value } from '../values.ts'

/** Parameters of one instantiation, by name: everything `solve` reads besides the input. */
export type Params = Record<string, PyValue>

/** What a template's `text` sees. Every name in it carries the task number. */
export interface TaskTextContext {
  /** Task number in prompt order (1-based). */
  n: number
  /** Name of the incoming value, e.g. `task_1_input` or `task_3_out`. */
  source: string
  /** The name the task must define, `task_{n}_out`. */
  out: string
  /** The raw incoming value (already printed elsewhere; for derived sizes). */
  input: Value
  /** Kind the incoming value was read as. */
  inputKind: Kind
  params: Params
}

export interface TaskTemplate {
  /** Stable id, unique within its family, e.g. `Convolution`. Filter suites by it with `-t`. */
  id: string
  /** Category name, e.g. `math`. */
  family: string
  /** The reference implementation's name for this task, when it has one (`ConvolutionTask`). */
  referenceName?: string
  /** One-line description for listings. */
  summary: string
  /** Kinds the chained input may have. */
  inputKinds: readonly Kind[]
  outputKind: Kind
  /** A serializable description of how the input is preprocessed (stored with each node). */
  preprocess?: Record<string, PyValue | string | boolean>
  /** Draws or derives the parameters for one instantiation. */
  params(input: Value, rng: Rng, inputKind: Kind): Params
  /** Exact ground truth. May be async (e.g. Python executed in a sandbox). */
  solve(input: Value, params: Params, inputKind: Kind): Value | Promise<Value>
  /** The task block after its `Task {n}:` heading, ending in a sentence that defines `out`. */
  text(ctx: TaskTextContext): string
}

/** A category: a named set of templates. */
export interface Category {
  name: string
  templates: readonly TaskTemplate[]
}
