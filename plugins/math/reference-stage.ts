/**
 * Recomputing a math stage of a reference record: find our template by the reference's class
 * name, take the parameters the block prints (or derive them as the template does, for the
 * operators whose parameters follow from the input), and run the exact solver on the raw input.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §12.1.
 */
import type { Params, TaskTemplate } from '../../src/contracts/template.ts'
import { ArbigraphError } from '../../src/errors.ts'
import type { ReferenceStage } from '../../src/io/reference/graph.ts'
import { parseMathParams, printsParams } from '../../src/io/reference/math-params.ts'
import type { ReferenceStageHandler } from '../../src/io/reference/stage-handler.ts'
import { createRng } from '../../src/rng.ts'
import { kindOf, type Value } from '../../src/values.ts'
import { mathTemplates } from './index.ts'

let byReferenceName: Map<string, TaskTemplate> | undefined

/**
 * Our math template for a reference class name (`ConvolutionTask` → `Convolution`).
 * @example mathTemplateFor('DivisorSumTask').id // 'DivisorSum'
 */
export function mathTemplateFor(referenceName: string): TaskTemplate {
  byReferenceName ??= new Map(
    mathTemplates.flatMap((t) => (t.referenceName ? [[t.referenceName, t] as const] : [])),
  )
  const template = byReferenceName.get(referenceName)
  if (!template)
    throw new ArbigraphError('ARBIGRAPH_UNKNOWN_TEMPLATE', `unknown math task "${referenceName}"`)
  return template
}

/** Template and parameters of a math stage, read from its block. */
export function mathStageParams(stage: ReferenceStage): { template: TaskTemplate; params: Params } {
  const template = mathTemplateFor(stage.taskName)
  if (printsParams(stage.taskName))
    return { template, params: parseMathParams(stage.taskName, stage.block, stage.number) }
  // Derived parameters do not depend on the stream; any fixed RNG gives the printed constants.
  const params = template.params(stage.input, createRng('reference-import'), kindOf(stage.input))
  return { template, params }
}

/**
 * The output our operator computes for a reference math stage.
 * @example await solveMathStage(stage) // [280n, 286n, …]
 */
export async function solveMathStage(stage: ReferenceStage): Promise<Value> {
  const { template, params } = mathStageParams(stage)
  return template.solve(stage.input, params, kindOf(stage.input))
}

/** Math stages: rerun our operator on the printed parameters; imported under our template ids. */
export const mathReferenceStage: ReferenceStageHandler = {
  check: async (stage) => ({ value: await solveMathStage(stage) }),
  template: (stage) => mathStageParams(stage).template.id,
  params: (stage) => mathStageParams(stage).params,
  solve: solveMathStage,
}
