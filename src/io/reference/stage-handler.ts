/**
 * What a category plugin provides to read the reference's datasets: how one of its stages is
 * recomputed (`check-reference`) and how it becomes one of our task nodes (`import-reference`).
 * The reference's families are fixed (family.ts); each handler lives in its category's plugin and
 * reaches these readers through the plugin's `reference` entries.
 */
import type { Params } from '../../contracts/template.ts'
import type { Value } from '../../values.ts'
import type { ReferenceStage } from './graph.ts'

export interface ReferenceStageHandler {
  /**
   * Settings from the command line (`--gsm-pool`, …, paths already resolved), applied before any
   * stage is read; a handler ignores the ones that are not its own.
   */
  configure?(settings: Readonly<Record<string, string | undefined>>): void
  /** Our output for a stage, recomputed, or why it cannot be. */
  check(stage: ReferenceStage): Promise<{ value: Value } | { skipped: string }>
  /** Our template id for the stage. */
  template(stage: ReferenceStage): string
  /** The parameters of the stage, as our template takes them. */
  params(stage: ReferenceStage): Params
  /** Computes an output the reference did not record; absent when the category cannot. */
  solve?(stage: ReferenceStage): Promise<Value>
}

/** Finds the handler of a family; undefined when no plugin reads it. */
export type StageHandlers = (family: string) => Promise<ReferenceStageHandler | undefined>
