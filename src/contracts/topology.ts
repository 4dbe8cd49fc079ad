/**
 * The topology contract: a named function from options (validated by zod) and an RNG to a
 * skeleton. The generator pins the target node's template and fills in the rest.
 */
import type { z } from 'zod'
import type { Rng } from '../rng.ts'
import type { Skeleton } from './skeleton.ts'

/** Which usability filter rejects generated outputs (reference spec §5). */
export type FilterName = 'shared' | 'baseline'

/** How the prompt introduces the task blocks. */
export type PromptLayout = 'single' | 'independent' | 'dependent'

export interface TopologyDefaults {
  /** Templates may appear on several nodes of one instance. */
  repeatTemplates: boolean
  filter: FilterName
  layout: PromptLayout
}

export interface Topology<Options = unknown> {
  name: string
  summary: string
  options: z.ZodType<Options>
  defaults: TopologyDefaults
  /**
   * `fixed` when `build` ignores its RNG (the same options always give the same graph): the
   * generator then builds and plans the skeleton once per target instead of once per sample.
   * @default 'random'
   */
  shape?: 'fixed' | 'random'
  /** Builds one sample's skeleton; randomness (if any) comes from `rng` only. */
  build(options: Options, rng: Rng): Skeleton
}

/**
 * Declares a topology.
 * @example topology({ name: 'chain', summary: '…', options: z.object({ length: z.int() }), defaults, build })
 */
export const topology = <Schema extends z.ZodType>(spec: {
  name: string
  summary: string
  options: Schema
  defaults: TopologyDefaults
  shape?: 'fixed' | 'random'
  build(options: z.output<Schema>, rng: Rng): Skeleton
}): Topology<z.output<Schema>> => spec as unknown as Topology<z.output<Schema>>
