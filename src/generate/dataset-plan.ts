/**
 * Dataset plan: a generation spec resolved against a registry — the topology and its parsed
 * options, the target templates (in category order), and the template pool — plus
 * `generateSample`, which makes sample i of target t from the plan alone. Every worker builds the
 * same plan from the same spec, so which thread makes a sample never changes its bytes.
 */
import type { GenerateSpec } from '../contracts/dataset.ts'
import { generateSpecSchema } from '../contracts/dataset.ts'
import type { Instance } from '../contracts/instance.ts'
import type { TaskTemplate } from '../contracts/template.ts'
import type { Topology } from '../contracts/topology.ts'
import { ArbigraphError, formatPath } from '../errors.ts'
import { indexSkeleton, pinTemplate, type SkeletonIndex } from '../graph/skeleton-index.ts'
import { getCategory, getTemplate, getTopology, type Registry } from '../registry.ts'
import { joinPrompt, type RenderedInstance } from '../render/render-prompt.ts'
import { createRng } from '../rng.ts'
import { instantiateRendered } from './instantiate.ts'
import { buildIndex, MAX_SKELETONS, resolveTargets, targetSlotsFor } from './resolve-targets.ts'
import { planSample, type SamplePlan } from './sample-plan.ts'
import { createTemplatePool, type TemplatePool } from './template-pool.ts'

export { GENERATOR } from '../version.ts'

export interface DatasetPlan {
  spec: GenerateSpec
  registry: Registry
  topology: Topology<unknown>
  /** Topology options after parsing (defaults filled in). */
  options: Record<string, unknown>
  /** The category the target templates come from. */
  family: string
  /** Target template ids, in category order. */
  targets: string[]
  pool: TemplatePool
  /**
   * Set for fixed-shape topologies (chain, multichain, dag, …): then one skeleton and one sample
   * plan per (target, slot) serve every sample — building and validating a graphology graph per
   * sample was most of the generation time.
   */
  fixedSkeleton: SkeletonIndex | undefined
  samplePlans: Map<string, { skeleton: SkeletonIndex; plan: SamplePlan }>
  /** Each target's template and, on the fixed skeleton, the slots it may take: looked up once per target, not per sample. */
  targetSlots: Map<string, { template: TaskTemplate; fixedSlots: number[] | undefined }>
}

function usage(message: string): ArbigraphError {
  return new ArbigraphError('ARBIGRAPH_USAGE', message)
}

const ONE_PARSE = { jitless: true } as const

/** Parses the spec and the topology options; a problem names the field or option. */
function parseSpec(
  spec: unknown,
  registry: Registry,
): { spec: GenerateSpec; topology: Topology<unknown>; options: Record<string, unknown> } {
  // Without zod's compiled fast path (`jitless`): it compiles a parser per object schema with
  // `new Function` on first use, which costs more than the one parse a spec gets. Same result.
  const parsed = generateSpecSchema.safeParse(spec, ONE_PARSE)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw usage(`generation spec: ${formatPath(issue.path) || '(root)'}: ${issue.message}`)
  }
  const topology = getTopology(registry, parsed.data.topology)
  const options = topology.options.safeParse(parsed.data.options, ONE_PARSE)
  if (!options.success) {
    const issue = options.error.issues[0]!
    const option = formatPath(issue.path)
    throw usage(`topology "${topology.name}": ${option ? `option "${option}"` : 'options'}: ${issue.message}`)
  }
  for (const name of parsed.data.categories) getCategory(registry, name)
  return { spec: parsed.data, topology, options: options.data as Record<string, unknown> }
}

/** The target category and templates a plan settled on (what target resolution answers). */
export type ResolvedTargets = Pick<DatasetPlan, 'family' | 'targets'>

/**
 * Resolves a spec (validated here) against a registry. `resolved` passes on the targets another
 * thread already resolved for the same spec and registry: resolving them builds and checks a
 * probe skeleton per template, seconds for a 10⁴-task random DAG, which every worker repeated.
 * @example planDataset({ topology: 'chain', options: { length: 4 }, categories: ['math'], samplesPerTask: 16, seed: '0' }, registry).targets.length // 40
 */
export function planDataset(rawSpec: unknown, registry: Registry, resolved?: ResolvedTargets): DatasetPlan {
  const { spec, topology, options } = parseSpec(rawSpec, registry)
  const pool = createTemplatePool(registry, spec.categories)
  const { family, targets } = resolved ?? resolveTargets({ spec, registry, topology, options, pool })
  if (targets.length === 0) {
    throw new ArbigraphError(
      'ARBIGRAPH_UNSATISFIABLE',
      `topology "${topology.name}": no template of category "${family}" fits the target slot`,
    )
  }
  return {
    spec,
    registry,
    topology,
    options,
    family,
    pool,
    targets,
    fixedSkeleton: fixedSkeleton(topology, options),
    samplePlans: new Map(),
    targetSlots: new Map(),
  }
}

/** The template of `target` and its slots on the fixed skeleton (if any). */
function targetOf(plan: DatasetPlan, target: string) {
  let entry = plan.targetSlots.get(target)
  if (!entry) {
    const template = getTemplate(plan.registry, plan.family, target)
    const fixedSlots =
      plan.fixedSkeleton && targetSlotsFor(plan.fixedSkeleton, template, plan.family, plan.pool)
    entry = { template, fixedSlots }
    plan.targetSlots.set(target, entry)
  }
  return entry
}

/** A fixed-shape topology's one skeleton (built with a throwaway stream it ignores), else undefined. */
function fixedSkeleton(
  topology: Topology<unknown>,
  options: Record<string, unknown>,
): SkeletonIndex | undefined {
  return topology.shape === 'fixed'
    ? indexSkeleton(topology.build(options, createRng('arbigraph:fixed-shape')))
    : undefined
}

/** The skeleton with `target` pinned at `slot`, and its sample plan, built once per pair. */
function pinnedPlan(plan: DatasetPlan, base: SkeletonIndex, target: string, slot: number) {
  const key = `${target}\u0000${slot}`
  let entry = plan.samplePlans.get(key)
  if (!entry) {
    const skeleton = pinTemplate(base, slot, plan.family, target)
    entry = { skeleton, plan: planSample(skeleton, plan.pool) }
    plan.samplePlans.set(key, entry)
  }
  return entry
}

/**
 * Sample `sample` of target `target`: its own stream, its own skeleton, the target pinned. When a
 * random skeleton cannot take the pinned target (e.g. a node feeding both a pack and a
 * list-reading target), the next skeleton of the sample's stream is built instead.
 * @example await generateSample(plan, 'Convolution', 5) // equals sample 5 of a full run
 */
export const generateSample = async (plan: DatasetPlan, target: string, sample: number): Promise<Instance> =>
  joinPrompt(await renderSample(plan, target, sample))

/** `generateSample`, the prompt rendered part by part when it is written (what the dataset writer takes). */
export async function renderSample(
  plan: DatasetPlan,
  target: string,
  sample: number,
): Promise<RenderedInstance> {
  const { spec, topology } = plan
  const rng = createRng(spec.seed).split(topology.name, 'target', target, 'sample', sample)
  const { template, fixedSlots } = targetOf(plan, target)
  const common = {
    target: -1,
    registry: plan.registry,
    topology,
    // The options as the spec gave them: plain JSON, whereas parsed options may hold objects
    // (a custom DAG's graph) that would not serialize the same after crossing threads.
    options: spec.options,
    categories: spec.categories,
    seed: spec.seed,
    sample,
    rng,
    repeatTemplates: spec.repeatTemplates,
    maxAttempts: spec.maxAttempts,
    pool: plan.pool,
  }
  let last: unknown
  const unsatisfiable = (error: unknown) => {
    if (!(error instanceof ArbigraphError) || error.code !== 'ARBIGRAPH_UNSATISFIABLE') throw error
    last = error
  }
  if (plan.fixedSkeleton && fixedSlots) {
    for (const slot of fixedSlots) {
      try {
        // Inside the try: a slot the template's kinds cannot take (its plan is unsatisfiable)
        // passes the sample on to the next target slot, as resolution found one that can.
        const pinned = pinnedPlan(plan, plan.fixedSkeleton, target, slot)
        return await instantiateRendered({
          ...common,
          target: slot,
          skeleton: pinned.skeleton,
          samplePlan: pinned.plan,
        })
      } catch (error) {
        unsatisfiable(error)
      }
    }
  }
  for (let k = 0; k < MAX_SKELETONS && !plan.fixedSkeleton; k++) {
    const skeleton = buildIndex(
      topology,
      plan.options,
      k === 0 ? rng.split('skeleton') : rng.split('skeleton', k),
    )
    for (const slot of targetSlotsFor(skeleton, template, plan.family, plan.pool)) {
      try {
        const pinned = pinTemplate(skeleton, slot, plan.family, target)
        return await instantiateRendered({ ...common, target: slot, skeleton: pinned })
      } catch (error) {
        unsatisfiable(error)
      }
    }
  }
  throw (
    last ??
    new ArbigraphError(
      'ARBIGRAPH_UNSATISFIABLE',
      `topology "${topology.name}": no target slot of sample ${sample} can take "${target}" in ${MAX_SKELETONS} skeletons`,
    )
  )
}
