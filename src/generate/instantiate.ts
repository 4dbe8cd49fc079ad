/**
 * Instantiation: one sample's skeleton (its target template pinned) becomes one Instance — every
 * node's template, parameters, input and exact output, plus the prompt. Attempt a draws from
 * `rng.split('attempt', a)`, so a sample never depends on another sample's rejections and can be
 * regenerated alone (reference spec §11 D2); after `maxAttempts` failed attempts the error names
 * the target, the sample, the node and the last rejection.
 *
 * Reference: reference spec §6.3 (attempts), §7 (generators).
 */
import type { Instance } from '../contracts/instance.ts'
import { INSTANCE_SCHEMA } from '../contracts/schema-ids.ts'
import type { Topology } from '../contracts/topology.ts'
import { ArbigraphError } from '../errors.ts'
import type { SkeletonIndex } from '../graph/skeleton-index.ts'
import type { Registry } from '../registry.ts'
import { joinPrompt, type RenderedInstance, renderInstance } from '../render/render-prompt.ts'
import type { Rng } from '../rng.ts'
import { nodeName } from './assign-kinds.ts'
import { type AttemptContext, fillAttempt } from './fill-attempt.ts'
import { planSample, type SamplePlan } from './sample-plan.ts'
import { createTemplatePool, type TemplatePool } from './template-pool.ts'

/** The reference gives up on a sample after 100 attempts (reference spec §6.3). */
export const DEFAULT_MAX_ATTEMPTS = 100

export interface InstantiateOptions {
  /** This sample's skeleton, with the target slot's template pinned. */
  skeleton: SkeletonIndex
  /** The target node (position) whose pinned template names the instance; @default the first target. */
  target?: number
  registry: Registry
  topology: Topology<unknown>
  /** The topology options as the spec gave them, recorded in the instance. */
  options: Record<string, unknown>
  categories: readonly string[]
  /** The dataset seed, recorded in the instance. */
  seed: string
  sample: number
  /** This sample's stream (e.g. `createRng(seed).split(topology, 'target', id, 'sample', i)`). */
  rng: Rng
  /** @default topology.defaults.repeatTemplates */
  repeatTemplates?: boolean
  /** @default 100 */
  maxAttempts?: number
  /** Reuse one pool across samples (it only depends on registry and categories). */
  pool?: TemplatePool
  /** The skeleton's plan, when the caller already made it (it depends only on the skeleton and pool). */
  samplePlan?: SamplePlan
}

/** The first target's pinned template, for messages before any attempt succeeded. */
function targetLabel(skeleton: SkeletonIndex, first: number | undefined): string {
  const slot = first === undefined ? undefined : skeleton.slots[first]
  return slot?.type === 'task' && slot.template !== undefined
    ? slot.template
    : String(first === undefined ? undefined : skeleton.ids[first])
}

/**
 * Generates one instance; throws ARBIGRAPH_UNSATISFIABLE (no kinds fit) or
 * ARBIGRAPH_GENERATION_FAILED (every attempt rejected).
 * @example await instantiate({ skeleton, registry, topology, options, categories: ['math'], seed: '0', sample: 0, rng })
 */
export const instantiate = async (o: InstantiateOptions): Promise<Instance> =>
  joinPrompt(await instantiateRendered(o))

/** `instantiate`, the prompt rendered part by part when it is written (what the dataset writer takes). */
export async function instantiateRendered(o: InstantiateOptions): Promise<RenderedInstance> {
  const pool = o.pool ?? createTemplatePool(o.registry, o.categories)
  const plan = o.samplePlan ?? planSample(o.skeleton, pool)
  const ctx: AttemptContext = {
    plan,
    pool,
    filter: o.topology.defaults.filter,
    repeatTemplates: o.repeatTemplates ?? o.topology.defaults.repeatTemplates,
  }
  const maxAttempts = o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  let last = { node: -1, reason: 'no attempt was made' }
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const result = await fillAttempt(ctx, o.rng.split('attempt', attempt))
    if (!result.ok) {
      last = result
      continue
    }
    const targets = o.skeleton.targets.map((t) => o.skeleton.ids[t]!)
    const wanted = o.skeleton.ids[o.target ?? o.skeleton.targets[0]!]
    const target = result.nodes.find((node) => node.id === wanted)!
    const draft: Omit<Instance, 'prompt'> = {
      schema: INSTANCE_SCHEMA,
      id: `${o.topology.name}/${target.family}/${target.template}#${o.sample}`,
      topology: { name: o.topology.name, options: o.options },
      categories: [...o.categories],
      seed: o.seed,
      sample: o.sample,
      task: target.template,
      family: target.family,
      staticInputs: result.staticInputs,
      nodes: result.nodes,
      junctions: result.junctions,
      targets,
      outputs: result.nodes.map((node) => `task_${node.number}_out`),
    }
    return renderInstance(draft, o.registry, o.topology.defaults.layout)
  }
  const number = last.node < 0 ? 0 : plan.numbers[last.node]!
  const where =
    last.node < 0
      ? ''
      : ` at node ${nodeName(o.skeleton, last.node)}${number === 0 ? '' : ` (task ${number})`}`
  throw new ArbigraphError(
    'ARBIGRAPH_GENERATION_FAILED',
    `target "${targetLabel(o.skeleton, o.target ?? o.skeleton.targets[0])}" sample ${o.sample}: no usable instance in ${maxAttempts} attempts; last rejection${where}: ${last.reason}. Allow template repeats, add categories or raise maxAttempts`,
  )
}
