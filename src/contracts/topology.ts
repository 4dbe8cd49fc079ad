/**
 * The topology contract: a named function from options (validated by zod) and an RNG to a
 * skeleton. The generator pins the target node's template and fills in the rest. A topology also
 * declares what an agent may spend on one of its instances (`harness`: turn cap and repair
 * budgets), since a longer graph needs more turns and repairs than a single task.
 */
import { z } from 'zod'
import { ArbigraphError, describeZodError } from '../errors.ts'
import type { SkeletonIndex } from '../graph/skeleton-index.ts'
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

const budgetCount = z.int().min(0)

/**
 * The agent budget a topology grants each instance: the tool agent's turn cap and repair budgets
 * (see `HarnessProfile`). Omitted fields take the defaults of `topologyBudget` (the chain budget).
 * @example topologyHarnessSchema.parse({ maxTurns: 1200, repairs: { finalAnswerRepair: 12 } })
 */
export const topologyHarnessSchema = z.strictObject({
  /** Generated turns per sample before it ends as `timeout`. */
  maxTurns: z.int().positive().optional(),
  /** Repairs per kind: first calculator call, missing final answers, cut-off turns. */
  repairs: z
    .strictObject({
      toolRepair: budgetCount.optional(),
      finalAnswerRepair: budgetCount.optional(),
      cutoffRepair: budgetCount.optional(),
    })
    .optional(),
})

export type TopologyHarness = z.input<typeof topologyHarnessSchema>

/** What a topology grants one instance, resolved: a turn cap and all three repair budgets. */
export interface TopologyBudget {
  maxTurns: number
  repairBudget: { toolRepair: number; finalAnswerRepair: number; cutoffRepair: number }
}

/**
 * A topology's `harness` field, checked; a bad one is an `ARBIGRAPH_BAD_CONFIG` naming the topology.
 * @example checkTopologyHarness('chain', { maxTurns: 0 }) // throws 'topology "chain": harness.maxTurns: …'
 */
export function checkTopologyHarness(name: string, harness: unknown): TopologyHarness {
  const parsed = topologyHarnessSchema.optional().safeParse(harness)
  if (parsed.success) return parsed.data ?? {}
  const error = { issues: parsed.error.issues.map((i) => ({ ...i, path: ['harness', ...i.path] })) }
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', describeZodError(error, `topology "${name}"`))
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
  /** The agent budget per instance. @default the chain budget (1200 turns, repairs 5/12/12) */
  harness?: TopologyHarness
  /** Builds one sample's skeleton; randomness (if any) comes from `rng` only. */
  build(options: Options, rng: Rng): Skeleton
  /**
   * The same skeleton as `build` with the same options and stream, laid out directly as a
   * skeleton index (graph/skeleton-index.ts), for topologies whose graphs are big enough that
   * building a graphology graph per sample matters; the generator uses it instead of `build`
   * and validates it as it would the graph.
   */
  index?(options: Options, rng: Rng): SkeletonIndex
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
  harness?: TopologyHarness
  build(options: z.output<Schema>, rng: Rng): Skeleton
  index?(options: z.output<Schema>, rng: Rng): SkeletonIndex
}): Topology<z.output<Schema>> => {
  // Fail where the topology is declared, not in the middle of a run.
  checkTopologyHarness(spec.name, spec.harness)
  return spec as unknown as Topology<z.output<Schema>>
}
