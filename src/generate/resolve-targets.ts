/**
 * Target resolution: which templates of the target category can be pinned at a topology's target
 * slot. Feasibility is a kinds question (assign-kinds), answered on probe skeletons built from the
 * seed. A fixed shape needs one probe; a random shape differs per sample, so a template counts
 * when any of the first few probes takes it (each sample then builds skeletons until one does).
 */
import type { GenerateSpec } from '../contracts/dataset.ts'
import type { TaskTemplate } from '../contracts/template.ts'
import type { Topology } from '../contracts/topology.ts'
import { ArbigraphError } from '../errors.ts'
import { assertValidIndex } from '../graph/assert-valid-index.ts'
import { promptOrder } from '../graph/index-order.ts'
import { firstInput, indexSkeleton, type SkeletonIndex, sameSkeleton } from '../graph/skeleton-index.ts'
import { getCategory, getTemplate, type Registry } from '../registry.ts'
import { createRng, type Rng } from '../rng.ts'
import type { Kind } from '../values.ts'
import { feasibleKindsOf, type KindPair } from './assign-kinds.ts'
import { slotKinds } from './sample-plan.ts'
import type { TemplatePool } from './template-pool.ts'

/**
 * Skeletons a sample (or the target check) may build before giving up on an unsatisfiable one.
 * Only random topologies ever need a second.
 */
export const MAX_SKELETONS = 20

interface Probe {
  skeleton: SkeletonIndex
  order: Int32Array
  allowed: (KindPair[] | undefined)[]
  /**
   * What pinning a target slot to a template's kinds gave (null: feasible), by slot and kinds.
   * The answer depends on the kinds alone, and a category's ~40 templates share a handful of
   * kind pairs: on a 10⁵-task graph each check is a walk of the whole graph.
   */
  outcomes: Map<string, ArbigraphError | null>
}

/**
 * One skeleton of a topology as an index: laid out directly by a topology that can (`index`),
 * else made from its graph.
 * @example buildIndex(random, options, rng.split('skeleton')).ids.length
 */
export const buildIndex = (topology: Topology<unknown>, options: unknown, rng: Rng): SkeletonIndex =>
  topology.index ? topology.index(options, rng) : indexSkeleton(topology.build(options, rng))

/** Target slots of one skeleton tried for a template (a random shape has many sinks). */
export const MAX_TARGET_SLOTS = 4

const reads = (template: TaskTemplate, kind: Kind) => template.inputKinds.includes(kind)

/**
 * The target slots that could carry `template` of `family`, in target order, at most
 * MAX_TARGET_SLOTS: not pinned to anything else, and fed a kind the template reads (a pick gives
 * a scalar, a pack a list). A fixed topology with one target just gets its target back.
 * @example targetSlotsFor(index, divisorSum, 'math') // [9, 12] (node positions)
 */
export function targetSlotsFor(skeleton: SkeletonIndex, template: TaskTemplate, family: string): number[] {
  const fitting = skeleton.targets.filter((id) => {
    const slot = skeleton.slots[id]!
    if (slot.type !== 'task' || (slot.family ?? family) !== family) return false
    if (
      slot.template !== undefined &&
      slot.template !== template.id &&
      slot.template !== template.referenceName
    )
      return false
    if ((slot.outputKind ?? template.outputKind) !== template.outputKind) return false
    if (slot.inputKind !== undefined && !reads(template, slot.inputKind)) return false
    const source = firstInput(skeleton, id)
    const type = source < 0 ? 'task' : skeleton.slots[source]!.type
    return type === 'task' || reads(template, type === 'pick' ? 'scalar' : 'list')
  })
  return fitting.slice(0, MAX_TARGET_SLOTS)
}

export interface TargetQuery {
  spec: GenerateSpec
  registry: Registry
  topology: Topology<unknown>
  options: unknown
  pool: TemplatePool
}

/**
 * The first target slot of a skeleton (a topology must declare one).
 * @example targetSlot(index, 'chain').id // 't4'
 */
export function targetSlot(skeleton: SkeletonIndex, topology: string) {
  const first = skeleton.targets[0]
  if (first === undefined) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_GRAPH',
      `topology "${topology}" built a skeleton without a target`,
    )
  }
  const id = skeleton.ids[first]!
  const slot = skeleton.slots[first]!
  if (slot.type !== 'task') {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_GRAPH',
      `topology "${topology}": target "${id}" is not a task slot`,
    )
  }
  return { id, slot }
}

/** Probe k of a spec, built lazily and kept. */
function probes(query: TargetQuery): (k: number) => Probe {
  const built: Probe[] = []
  const { topology, spec } = query
  return (k) => {
    const known = built[k]
    if (known) return known
    const rng = createRng(spec.seed).split(topology.name, 'probe', k)
    const skeleton = assertValidIndex(buildIndex(topology, query.options, rng), `topology "${topology.name}"`)
    const order = promptOrder(skeleton)
    targetSlot(skeleton, topology.name)
    const made: Probe = {
      skeleton,
      order,
      allowed: slotKinds(skeleton, order, query.pool).allowed,
      outcomes: new Map(),
    }
    built[k] = made
    return made
  }
}

/** The declared target nodes, by the names a user's graph file gives them. */
const targetNames = (skeleton: SkeletonIndex): string =>
  skeleton.targets.map((i) => `"${skeleton.slots[i]!.label ?? skeleton.ids[i]}"`).join(', ')

/**
 * The target category and the target template ids, in category order (or the spec's order).
 * Unknown requested ids throw ARBIGRAPH_UNKNOWN_TEMPLATE; an infeasible requested one throws
 * ARBIGRAPH_UNSATISFIABLE; infeasible templates are skipped by default.
 * @example resolveTargets(query).targets // ['Convolution', 'FWHT', …]
 */
export function resolveTargets(query: TargetQuery): { family: string; targets: string[] } {
  const probe = probes(query)
  const first = probe(0)
  const { slot } = targetSlot(first.skeleton, query.topology.name)
  const family = slot.family ?? query.spec.categories[0]!
  const templates = getCategory(query.registry, family).templates
  // A second probe is built only when the first rejects a template: equal probes mean a fixed
  // shape, where more probes cannot help.
  let limit: number | undefined
  const fitsProbe = (
    { skeleton, order, allowed, outcomes }: Probe,
    template: TaskTemplate,
  ): ArbigraphError | undefined => {
    const pairs = template.inputKinds.map((inputKind) => ({ inputKind, outputKind: template.outputKind }))
    const kinds = `${template.inputKinds.join(',')}>${template.outputKind}`
    let last: ArbigraphError | undefined
    for (const target of targetSlotsFor(skeleton, template, family)) {
      const key = `${target}:${kinds}`
      let outcome = outcomes.get(key)
      if (outcome === undefined) {
        try {
          const pinned = allowed.slice()
          pinned[target] = pairs
          feasibleKindsOf(skeleton, order, pinned)
          outcome = null
        } catch (error) {
          if (!(error instanceof ArbigraphError) || error.code !== 'ARBIGRAPH_UNSATISFIABLE') throw error
          outcome = error
        }
        outcomes.set(key, outcome)
      }
      if (outcome === null) return undefined
      last = outcome
    }
    return (
      last ??
      new ArbigraphError(
        'ARBIGRAPH_UNSATISFIABLE',
        `topology "${query.topology.name}": no target node (${targetNames(skeleton)}) can read what "${template.id}" takes (${template.inputKinds.join(' or ')} input, ${template.outputKind} output); check the target's pinned kinds and what feeds it`,
      )
    )
  }
  const fits = (template: TaskTemplate): void => {
    for (let k = 0; ; k++) {
      const error = fitsProbe(probe(k), template)
      if (error === undefined) return
      limit ??= sameSkeleton(first.skeleton, probe(1).skeleton) ? 1 : MAX_SKELETONS
      if (k + 1 >= limit) throw error
    }
  }
  if (query.spec.targets !== undefined) {
    const targets = query.spec.targets.map((wanted) => {
      const template = templates.find((t) => t.id === wanted || t.referenceName === wanted)
      if (!template)
        throw new ArbigraphError(
          'ARBIGRAPH_UNKNOWN_TEMPLATE',
          `targets: unknown template "${wanted}" in category "${family}"`,
        )
      fits(template)
      return template.id
    })
    return { family, targets }
  }
  if (slot.template !== undefined) {
    // A pinned target has one candidate: its failure is the user's to see, reason and node included.
    const template = getTemplate(query.registry, family, slot.template)
    fits(template)
    return { family, targets: [template.id] }
  }
  let rejected: ArbigraphError | undefined
  const targets = templates.flatMap((template) => {
    try {
      fits(template)
      return [template.id]
    } catch (error) {
      if (!(error instanceof ArbigraphError) || error.code !== 'ARBIGRAPH_UNSATISFIABLE') throw error
      rejected ??= error
      return []
    }
  })
  // When none fits, say why: the kinds the category offers, and why the first template did not
  // fit (a GSM-only multichain: GSM templates are scalar->scalar, the pack feeds the target a list).
  if (targets.length === 0 && rejected !== undefined) {
    const kinds = [...new Set(templates.map((t) => `${t.inputKinds.join('|')}->${t.outputKind}`))]
    const offers =
      kinds.length === 1 ? `has only ${kinds[0]} templates` : `has templates of kinds ${kinds.join(', ')}`
    throw new ArbigraphError(
      'ARBIGRAPH_UNSATISFIABLE',
      `topology "${query.topology.name}": no template of category "${family}" fits the target slot (category "${family}" ${offers}): ${rejected.message}`,
    )
  }
  return { family, targets }
}
