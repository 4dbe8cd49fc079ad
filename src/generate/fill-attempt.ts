/**
 * One generation attempt: walk a planned skeleton in prompt order and give every node a value.
 * Roots draw a static input, junctions compute theirs, and each task tries its candidate
 * templates in a shuffled order, keeping the first whose output passes the filter. A node with
 * no acceptable candidate ends the attempt (the caller retries the whole sample with a fresh
 * stream): there is no backtracking into earlier nodes, so the cost is linear in the graph size
 * (the reference's custom generator backtracks exhaustively: reference spec §11 P1).
 */

import type { Junction, StaticInput, TaskNode } from '../contracts/instance.ts'
import type { Params, TaskTemplate } from '../contracts/template.ts'
import type { FilterName } from '../contracts/topology.ts'
import { ArbigraphError } from '../errors.ts'
import { firstInput } from '../graph/skeleton-index.ts'
import type { Rng } from '../rng.ts'
import { type Kind, kindOf, type PyValue, pyRepr, type Scalar, type Value } from '../values.ts'
import { chooseKindsOf, type KindPair, nodeName } from './assign-kinds.ts'
import { rejectionReason } from './filters.ts'
import { packValue, pickValue } from './junction-values.ts'
import type { SamplePlan } from './sample-plan.ts'
import type { TemplatePool } from './template-pool.ts'

export interface AttemptContext {
  plan: SamplePlan
  pool: TemplatePool
  filter: FilterName
  repeatTemplates: boolean
}

/** What an attempt produced: the filled nodes, or where and why it stopped. */
export type AttemptResult =
  | { ok: true; nodes: TaskNode[]; junctions: Junction[]; staticInputs: StaticInput[] }
  | { ok: false; node: number; reason: string }

/**
 * A random static input (reference spec §6.1): ints uniform in [−100, 100], 10 for a list.
 * @example drawStaticInput('scalar', rng) // -45n
 */
export function drawStaticInput(kind: Kind, rng: Rng): Value {
  if (kind === 'scalar') return rng.bigint(-100n, 100n)
  return Array.from({ length: 10 }, () => rng.bigint(-100n, 100n))
}

const templateKey = (template: TaskTemplate) => `${template.family}/${template.id}`

/** Instance files store preprocessing as flat JSON scalars; nested values become their repr. */
function preprocessRecord(spec: TaskTemplate['preprocess']): TaskNode['preprocess'] {
  if (spec === undefined) return undefined
  const out: NonNullable<TaskNode['preprocess']> = {}
  for (const [key, value] of Object.entries(spec)) {
    if (typeof value === 'bigint')
      out[key] = Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()
    else if (Array.isArray(value)) out[key] = pyRepr(value as PyValue)
    else out[key] = value
  }
  return out
}

interface Accepted {
  template: TaskTemplate
  params: Params
  output: Value
}

/** Tries candidates in order; the first whose output passes every check wins. */
async function firstAcceptable(
  ctx: AttemptContext,
  node: number,
  input: Value,
  kinds: KindPair,
  candidates: readonly TaskTemplate[],
  rng: Rng,
): Promise<Accepted | { reason: string }> {
  let reason = 'no candidate template'
  const reach = ctx.plan.pickReach[node]
  for (const template of candidates) {
    let params: Params
    let output: Value
    try {
      params = template.params(input, rng.split(template.id), kinds.inputKind)
      const solved = template.solve(input, params, kinds.inputKind)
      // Math solvers are synchronous and hot: awaiting only real promises saves a microtask each.
      output = solved instanceof Promise ? await solved : solved
    } catch (error) {
      // A bad setting (e.g. ARBIGRAPH_PYTHON_WORKERS) fails every candidate alike: say so at once.
      if (error instanceof ArbigraphError && error.code === 'ARBIGRAPH_BAD_CONFIG') throw error
      reason = `${template.id} failed: ${(error as Error).message}`
      continue
    }
    if (kindOf(output) !== kinds.outputKind) {
      reason = `${template.id} returned a ${kindOf(output)} where a ${kinds.outputKind} was expected`
      continue
    }
    const rejected = rejectionReason(ctx.filter, output, input)
    if (rejected !== undefined) {
      reason = `${template.id} output rejected: ${rejected}`
      continue
    }
    // Checked here, not at the pick, so a short list is one rejected candidate, not a lost attempt.
    if (reach && Array.isArray(output) && output.length <= reach.index) {
      reason = `${template.id} output has ${output.length} elements but pick ${nodeName(ctx.plan.skeleton, reach.pick)} takes index ${reach.index}`
      continue
    }
    return { template, params, output }
  }
  return { reason }
}

/** The candidate templates of a task slot, shuffled; an empty list comes with its reason. */
function candidatesFor(
  ctx: AttemptContext,
  node: number,
  kinds: KindPair,
  used: Set<string>,
  rng: Rng,
): TaskTemplate[] | string {
  const pinned = ctx.plan.pinned[node]
  if (pinned) return [pinned]
  const slot = ctx.plan.skeleton.slots[node]!
  const unused = (family: string) =>
    ctx.pool
      .fitting(family, kinds.inputKind, kinds.outputKind)
      .filter((t) => ctx.repeatTemplates || !used.has(templateKey(t)))
  const families =
    slot.type === 'task' && slot.family !== undefined ? [slot.family] : ctx.pool.categories.map((c) => c.name)
  const open = families.filter((family) => unused(family).length > 0)
  if (open.length === 0) {
    const repeat = ctx.repeatTemplates ? '' : ' unused'
    return `no${repeat} template of ${families.map((f) => `"${f}"`).join(', ')} reads a ${kinds.inputKind} and returns a ${kinds.outputKind}`
  }
  return rng.shuffle(unused(rng.split('family').choice(open)))
}

/** A junction's record and value, or why it has none (a pick past the end of its list). */
function fillJunction(plan: SamplePlan, node: number, values: Value[]): Junction | { reason: string } {
  const { skeleton } = plan
  const attributes = skeleton.slots[node]!
  const id = skeleton.ids[node]!
  const name = plan.names[node]!
  if (attributes.type === 'pick') {
    const source = firstInput(skeleton, node)
    const picked = pickValue(values[source]!, attributes.index)
    if ('reason' in picked) return picked
    return {
      id,
      op: 'pick',
      index: attributes.index,
      sources: [skeleton.ids[source]!],
      name,
      output: picked.value,
    }
  }
  const slots: { slot: number; source: number }[] = []
  const { start, to } = skeleton.inputs
  for (let e = start[node]!; e < start[node + 1]!; e++)
    slots.push({ slot: Math.max(0, skeleton.inputSlots[e]!), source: to[e]! })
  // A stable sort, as on the graph's edges: equal slots keep the graph's input order.
  slots.sort((a, b) => a.slot - b.slot)
  return {
    id,
    op: 'pack',
    sources: slots.map((s) => skeleton.ids[s.source]!),
    name,
    output: packValue(slots.map((s) => values[s.source] as Scalar)),
  }
}

interface AttemptState {
  kinds: (KindPair | undefined)[]
  used: Set<string>
  values: Value[]
  staticInputs: StaticInput[]
}

/** A task's record: its input (drawn for a root), the first acceptable template and output. */
async function fillTask(
  ctx: AttemptContext,
  state: AttemptState,
  node: number,
  rng: Rng,
): Promise<TaskNode | { reason: string }> {
  const { plan } = ctx
  const id = plan.skeleton.ids[node]!
  const pair = state.kinds[node]!
  const nodeRng = rng.split('node', id)
  const from = firstInput(plan.skeleton, node)
  const number = plan.numbers[node]!
  const input = from < 0 ? drawStaticInput(pair.inputKind, nodeRng.split('input')) : state.values[from]!
  const sourceName = from < 0 ? `task_${number}_input` : plan.names[from]!
  const candidates = candidatesFor(ctx, node, pair, state.used, nodeRng)
  if (typeof candidates === 'string') return { reason: candidates }
  const accepted = await firstAcceptable(ctx, node, input, pair, candidates, nodeRng)
  if ('reason' in accepted) return accepted
  const { template, params, output } = accepted
  state.used.add(templateKey(template))
  if (from < 0) state.staticInputs.push({ node: id, name: sourceName, value: input })
  const preprocess = preprocessRecord(template.preprocess)
  return {
    id,
    number,
    family: template.family,
    template: template.id,
    inputKind: pair.inputKind,
    outputKind: pair.outputKind,
    source: { node: from < 0 ? null : plan.skeleton.ids[from]!, name: sourceName },
    input,
    params,
    output,
    ...(preprocess === undefined ? {} : { preprocess }),
  }
}

/**
 * Runs one attempt over the plan with `rng` (the attempt's own stream).
 * @example await fillAttempt(ctx, sampleRng.split('attempt', 0))
 */
export async function fillAttempt(ctx: AttemptContext, rng: Rng): Promise<AttemptResult> {
  const { plan } = ctx
  const state: AttemptState = {
    kinds: chooseKindsOf(plan.skeleton, plan.order, plan.feasible, rng.split('kinds')),
    used: new Set(ctx.repeatTemplates ? [] : plan.pinned.filter((t) => t !== undefined).map(templateKey)),
    values: new Array(plan.skeleton.ids.length),
    staticInputs: [],
  }
  const nodes: TaskNode[] = []
  const junctions: Junction[] = []
  for (const node of plan.order) {
    const isTask = plan.numbers[node] !== 0
    const filled = isTask ? await fillTask(ctx, state, node, rng) : fillJunction(plan, node, state.values)
    if ('reason' in filled) return { ok: false, node, reason: filled.reason }
    state.values[node] = filled.output
    if (isTask) nodes.push(filled as TaskNode)
    else junctions.push(filled as Junction)
  }
  return { ok: true, nodes, junctions, staticInputs: state.staticInputs }
}
