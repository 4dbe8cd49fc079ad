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
import { getCategory, type Registry } from '../registry.ts'
import { createRng, type Rng } from '../rng.ts'
import type { Kind } from '../values.ts'
import { feasibleKindsOf, type KindPair, nodeName } from './assign-kinds.ts'
import { slotKinds } from './sample-plan.ts'
import { pinText, type TemplatePool } from './template-pool.ts'

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

const kindsText = (template: TaskTemplate) => `${template.inputKinds.join(' or ')}->${template.outputKind}`

/**
 * Why target `node` cannot carry `template` of `family`, or undefined when it can as far as the
 * node itself goes (its pin, declared kinds and the junction feeding it; successors are the kind
 * pass's question). A pin is resolved through the pool, so a node-link `task_id` (kept as
 * `#<task_id>`) is the template it indexes, not a name no template has.
 * @example targetMisfit(index, 2, divisorSum, 'math', pool) // 'node "t2" is pinned to task_id 30 …'
 */
export function targetMisfit(
  skeleton: SkeletonIndex,
  node: number,
  template: TaskTemplate,
  family: string,
  pool: TemplatePool,
): string | undefined {
  const slot = skeleton.slots[node]!
  // Named only when there is something to say: this runs on every target of 10⁵-task graphs.
  const name = () => nodeName(skeleton, node)
  if (slot.type !== 'task') return `node ${name()} is a ${slot.type} junction, not a task`
  if ((slot.family ?? family) !== family)
    return `node ${name()} is a task of category "${slot.family}", not "${family}"`
  const pinned = slot.template === undefined ? undefined : pool.pinned(slot, name())
  if (pinned !== undefined && (pinned.family !== template.family || pinned.id !== template.id))
    return `node ${name()} is pinned to ${pinText(slot.template!, pinned)}, so "${template.id}" cannot be its template`
  const what = () => `"${template.id}" (${kindsText(template)})`
  if (slot.outputKind !== undefined && slot.outputKind !== template.outputKind)
    return `node ${name()} declares output_kind ${slot.outputKind}, but ${what()} returns a ${template.outputKind}`
  if (slot.inputKind !== undefined && !reads(template, slot.inputKind))
    return `node ${name()} declares input_kind ${slot.inputKind}, but ${what()} does not read a ${slot.inputKind}`
  const source = firstInput(skeleton, node)
  const type = source < 0 ? 'task' : skeleton.slots[source]!.type
  if (type === 'task') return undefined
  const fed: Kind = type === 'pick' ? 'scalar' : 'list'
  return reads(template, fed)
    ? undefined
    : `node ${name()} reads a ${fed} from the ${type} junction ${nodeName(skeleton, source)}, but ${what()} does not read a ${fed}`
}

/**
 * The target slots that could carry `template` of `family`, in target order, at most
 * MAX_TARGET_SLOTS (see `targetMisfit`). A fixed topology with one target just gets its target back.
 * @example targetSlotsFor(index, divisorSum, 'math', pool) // [9, 12] (node positions)
 */
export function targetSlotsFor(
  skeleton: SkeletonIndex,
  template: TaskTemplate,
  family: string,
  pool: TemplatePool,
): number[] {
  const fitting: number[] = []
  for (const node of skeleton.targets) {
    if (targetMisfit(skeleton, node, template, family, pool) === undefined) fitting.push(node)
    if (fitting.length === MAX_TARGET_SLOTS) break
  }
  return fitting
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

/** Why no target node of a skeleton can carry `template`: each target's own reason. */
const misfits = (skeleton: SkeletonIndex, template: TaskTemplate, family: string, pool: TemplatePool) =>
  skeleton.targets.map((node) => targetMisfit(skeleton, node, template, family, pool)).join('; ')

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
  // A pin is the template it names however it names it (id, reference name or task_id).
  const pinned = query.pool.pinned(slot, nodeName(first.skeleton, first.skeleton.targets[0]!))
  const family = pinned?.family ?? slot.family ?? query.spec.categories[0]!
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
    for (const target of targetSlotsFor(skeleton, template, family, query.pool)) {
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
        `topology "${query.topology.name}": "${template.id}" cannot be a target: ${misfits(skeleton, template, family, query.pool)}`,
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
  if (pinned !== undefined) {
    // A pinned target has one candidate: its failure is the user's to see, reason and node included.
    fits(pinned)
    return { family, targets: [pinned.id] }
  }
  // Why templates were left out, once per kinds (templates of the same kinds fail alike): if none
  // is left, they are the answer.
  const reasons = new Map<string, string>()
  const targets = templates.flatMap((template) => {
    try {
      fits(template)
      return [template.id]
    } catch (error) {
      if (!(error instanceof ArbigraphError) || error.code !== 'ARBIGRAPH_UNSATISFIABLE') throw error
      const kinds = kindsText(template)
      if (!reasons.has(kinds)) reasons.set(kinds, error.message)
      return []
    }
  })
  // When none fits, say why. One cause shared by templates of several kinds lies away from the
  // target (a pinned neighbour): it is said alone. Otherwise the kinds the category offers come
  // first (a GSM-only multichain: GSM templates are scalar->scalar while the pack feeds the target
  // a list), then the cause, per kinds when they differ.
  if (targets.length === 0 && reasons.size > 0) {
    const kinds = [...reasons.keys()]
    const causes = [...new Set(reasons.values())]
    if (causes.length === 1 && kinds.length > 1)
      throw new ArbigraphError('ARBIGRAPH_UNSATISFIABLE', causes[0]!)
    const offers =
      kinds.length === 1 ? `has only ${kinds[0]} templates` : `has templates of kinds ${kinds.join(', ')}`
    throw new ArbigraphError(
      'ARBIGRAPH_UNSATISFIABLE',
      `topology "${query.topology.name}": no template of category "${family}" fits the target slot (category "${family}" ${offers}): ` +
        (causes.length === 1 ? causes[0]! : [...reasons].map(([k, why]) => `${k}: ${why}`).join(' | ')),
    )
  }
  return { family, targets }
}
