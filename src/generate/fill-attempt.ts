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
import { firstInput, type SkeletonIndex } from '../graph/skeleton-index.ts'
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
  // `BigInt(rng.int(-100, 100))` is `rng.bigint(-100n, 100n)`, the same draw, without bigint
  // arithmetic on the range for every number.
  if (kind === 'scalar') return BigInt(rng.int(-100, 100))
  const list: bigint[] = new Array(10)
  for (let i = 0; i < 10; i++) list[i] = BigInt(rng.int(-100, 100))
  return list
}

/** Each template's key in an attempt's set of used templates, made once rather than per lookup. */
const templateKeys = new WeakMap<TaskTemplate, string>()

function templateKey(template: TaskTemplate): string {
  let key = templateKeys.get(template)
  if (key === undefined) {
    key = `${template.family}/${template.id}`
    templateKeys.set(template, key)
  }
  return key
}

/** Each template's preprocessing record, made once: every node of a 10⁴-task graph carries one. */
const preprocessRecords = new WeakMap<TaskTemplate, TaskNode['preprocess']>()

/** Instance files store preprocessing as flat JSON scalars; nested values become their repr. */
function preprocessRecord(template: TaskTemplate): TaskNode['preprocess'] {
  if (preprocessRecords.has(template)) return preprocessRecords.get(template)
  const spec = template.preprocess
  if (spec === undefined) {
    preprocessRecords.set(template, undefined)
    return undefined
  }
  const out: NonNullable<TaskNode['preprocess']> = {}
  for (const [key, value] of Object.entries(spec)) {
    if (typeof value === 'bigint')
      out[key] = Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()
    else if (Array.isArray(value)) out[key] = pyRepr(value as PyValue)
    else out[key] = value
  }
  // Shared by every node of the template, so nobody may change it.
  Object.freeze(out)
  preprocessRecords.set(template, out)
  return out
}

interface Accepted {
  template: TaskTemplate
  params: Params
  output: Value
}

/** A candidate's verdict: accepted, or the reason it was not. */
function judge(
  ctx: AttemptContext,
  node: number,
  input: Value,
  kinds: KindPair,
  template: TaskTemplate,
  params: Params,
  output: Value,
): Accepted | { reason: string } {
  if (kindOf(output) !== kinds.outputKind)
    return { reason: `${template.id} returned a ${kindOf(output)} where a ${kinds.outputKind} was expected` }
  const rejected = rejectionReason(ctx.filter, output, input)
  if (rejected !== undefined) return { reason: `${template.id} output rejected: ${rejected}` }
  // Checked here, not at the pick, so a short list is one rejected candidate, not a lost attempt.
  const reach = ctx.plan.pickReach[node]
  if (reach && Array.isArray(output) && output.length <= reach.index)
    return {
      reason: `${template.id} output has ${output.length} elements but pick ${nodeName(ctx.plan.skeleton, reach.pick)} takes index ${reach.index}`,
    }
  return { template, params, output }
}

/** The reason a candidate that threw is dropped; a bad setting stops the whole generation. */
function failure(template: TaskTemplate, error: unknown): { reason: string } {
  // A bad setting (e.g. ARBIGRAPH_PYTHON_WORKERS) fails every candidate alike: say so at once.
  if (error instanceof ArbigraphError && error.code === 'ARBIGRAPH_BAD_CONFIG') throw error
  return { reason: `${template.id} failed: ${(error as Error).message}` }
}

type Verdict = Accepted | { reason: string }

/** One node's candidates being tried: everything a candidate's verdict depends on. */
interface Trial {
  ctx: AttemptContext
  node: number
  input: Value
  kinds: KindPair
  candidates: readonly TaskTemplate[]
  rng: Rng
}

/**
 * Tries candidates in order from `start`; the first whose output passes every check wins.
 * Synchronous until a solver returns a promise (Python runs in a sandbox; math solves at once):
 * a promise per node of a 10⁴-task graph was a tenth of filling it. A plain function rather
 * than a closure made per node, for the same reason.
 */
function firstAcceptable(trial: Trial, start: number, reason: string): Verdict | Promise<Verdict> {
  const { ctx, node, input, kinds, candidates, rng } = trial
  for (let k = start; k < candidates.length; k++) {
    const template = candidates[k]!
    let params: Params
    let solved: Value | Promise<Value>
    try {
      params = template.params(input, rng.split(template.id), kinds.inputKind)
      solved = template.solve(input, params, kinds.inputKind)
    } catch (error) {
      reason = failure(template, error).reason
      continue
    }
    if (solved instanceof Promise) {
      return solved.then(
        (output) => {
          const verdict = judge(ctx, node, input, kinds, template, params, output)
          return 'template' in verdict ? verdict : firstAcceptable(trial, k + 1, verdict.reason)
        },
        (error) => firstAcceptable(trial, k + 1, failure(template, error).reason),
      )
    }
    const verdict = judge(ctx, node, input, kinds, template, params, solved)
    if ('template' in verdict) return verdict
    reason = verdict.reason
  }
  return { reason }
}

/** The templates of `family` a slot of these kinds may take (unused ones, unless repeats are allowed). */
function unusedTemplates(
  ctx: AttemptContext,
  family: string,
  kinds: KindPair,
  used: Set<string>,
): readonly TaskTemplate[] {
  const fitting = ctx.pool.fitting(family, kinds.inputKind, kinds.outputKind)
  if (ctx.repeatTemplates) return fitting
  const unused: TaskTemplate[] = []
  for (let i = 0; i < fitting.length; i++) if (!used.has(templateKey(fitting[i]!))) unused.push(fitting[i]!)
  return unused
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
  const families = slot.type === 'task' && slot.family !== undefined ? [slot.family] : ctx.pool.categoryNames
  // Each family with a template left, as its templates: listed once, then one of them drawn.
  const open: (readonly TaskTemplate[])[] = []
  for (let f = 0; f < families.length; f++) {
    const unused = unusedTemplates(ctx, families[f]!, kinds, used)
    if (unused.length > 0) open.push(unused)
  }
  if (open.length === 0) {
    const repeat = ctx.repeatTemplates ? '' : ' unused'
    return `no${repeat} template of ${families.map((f) => `"${f}"`).join(', ')} reads a ${kinds.inputKind} and returns a ${kinds.outputKind}`
  }
  // A draw from a split stream leaves this one as it was: with one family open, the draw (which
  // can only pick it) is skipped.
  return rng.shuffle(open.length === 1 ? open[0]! : rng.split('family').choice(open))
}

/** The pack slot of input edge `e` (an edge without one counts as slot 0). */
const slotOf = (skeleton: SkeletonIndex, e: number): number => Math.max(0, skeleton.inputSlots[e]!)

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
  const { start, to } = skeleton.inputs
  // Sources in slot order: a stable sort of the input edges by slot, as on the graph's edges
  // (equal slots keep the graph's input order). Inputs already in that order (as the built-in
  // topologies lay them out) are not sorted: a sort per pack, its comparator and its pairs were
  // a fifth of what filling a 10⁴-task graph allocated.
  const edges: number[] = []
  let sorted = true
  for (let e = start[node]!; e < start[node + 1]!; e++) {
    if (edges.length > 0 && slotOf(skeleton, e - 1) > slotOf(skeleton, e)) sorted = false
    edges.push(e)
  }
  if (!sorted) edges.sort((a, b) => slotOf(skeleton, a) - slotOf(skeleton, b))
  const sources: string[] = []
  const scalars: Scalar[] = []
  for (const e of edges) {
    sources.push(skeleton.ids[to[e]!]!)
    scalars.push(values[to[e]!] as Scalar)
  }
  return { id, op: 'pack', sources, name, output: packValue(scalars) }
}

interface AttemptState {
  kinds: (KindPair | undefined)[]
  used: Set<string>
  values: Value[]
  staticInputs: StaticInput[]
}

/** Where a task reads from: what its record says besides the accepted template. */
interface TaskSite {
  id: string
  number: number
  kinds: KindPair
  /** The source node's id, or null for a root (then `input` is a drawn static input). */
  source: string | null
  sourceName: string
  input: Value
}

/** The record of a task whose candidate was accepted (and what the attempt remembers of it). */
function taskRecord(state: AttemptState, site: TaskSite, { template, params, output }: Accepted): TaskNode {
  state.used.add(templateKey(template))
  if (site.source === null)
    state.staticInputs.push({ node: site.id, name: site.sourceName, value: site.input })
  const record: TaskNode = {
    id: site.id,
    number: site.number,
    family: template.family,
    template: template.id,
    inputKind: site.kinds.inputKind,
    outputKind: site.kinds.outputKind,
    source: { node: site.source, name: site.sourceName },
    input: site.input,
    params,
    output,
  }
  // Last, as it is written: only templates with preprocessing have the field at all.
  const preprocess = preprocessRecord(template)
  if (preprocess !== undefined) record.preprocess = preprocess
  return record
}

/** A task's record: its input (drawn for a root), the first acceptable template and output. */
function fillTask(
  ctx: AttemptContext,
  state: AttemptState,
  node: number,
  rng: Rng,
): TaskNode | { reason: string } | Promise<TaskNode | { reason: string }> {
  const { plan } = ctx
  const id = plan.skeleton.ids[node]!
  const kinds = state.kinds[node]!
  const nodeRng = rng.split('node', id)
  const from = firstInput(plan.skeleton, node)
  const number = plan.numbers[node]!
  const site: TaskSite = {
    id,
    number,
    kinds,
    source: from < 0 ? null : plan.skeleton.ids[from]!,
    sourceName: from < 0 ? `task_${number}_input` : plan.names[from]!,
    input: from < 0 ? drawStaticInput(kinds.inputKind, nodeRng.split('input')) : state.values[from]!,
  }
  const candidates = candidatesFor(ctx, node, kinds, state.used, nodeRng)
  if (typeof candidates === 'string') return { reason: candidates }
  const trial: Trial = { ctx, node, input: site.input, kinds, candidates, rng: nodeRng }
  const accepted = firstAcceptable(trial, 0, 'no candidate template')
  if (accepted instanceof Promise)
    return accepted.then((verdict) => ('reason' in verdict ? verdict : taskRecord(state, site, verdict)))
  return 'reason' in accepted ? accepted : taskRecord(state, site, accepted)
}

/** The keys of a plan's pinned templates, listed once per plan rather than per attempt. */
const pinnedKeysOf = new WeakMap<SamplePlan, string[]>()

function pinnedKeys(plan: SamplePlan): string[] {
  let keys = pinnedKeysOf.get(plan)
  if (keys === undefined) {
    keys = []
    for (const template of plan.pinned) if (template !== undefined) keys.push(templateKey(template))
    pinnedKeysOf.set(plan, keys)
  }
  return keys
}

/** What a filled node adds to the attempt; the attempt's failure when it could not be filled. */
function keep(
  state: AttemptState,
  lists: { nodes: TaskNode[]; junctions: Junction[] },
  node: number,
  isTask: boolean,
  filled: TaskNode | Junction | { reason: string },
): AttemptResult | undefined {
  if ('reason' in filled) return { ok: false, node, reason: filled.reason }
  state.values[node] = filled.output
  if (isTask) lists.nodes.push(filled as TaskNode)
  else lists.junctions.push(filled as Junction)
  return undefined
}

/**
 * Fills the plan's nodes from position `from` of its order on. Synchronous until a node's fill
 * returns a promise (a Python candidate), as `firstAcceptable` is: the math chain never waits,
 * and an async function per attempt was a promise and its resolution each time for nothing.
 */
function fillFrom(
  ctx: AttemptContext,
  state: AttemptState,
  rng: Rng,
  lists: { nodes: TaskNode[]; junctions: Junction[] },
  from: number,
): AttemptResult | Promise<AttemptResult> {
  const { plan } = ctx
  const { order } = plan
  for (let i = from; i < order.length; i++) {
    const node = order[i]!
    const isTask = plan.numbers[node] !== 0
    const made = isTask ? fillTask(ctx, state, node, rng) : fillJunction(plan, node, state.values)
    if (made instanceof Promise) {
      return made.then(
        (filled) => keep(state, lists, node, isTask, filled) ?? fillFrom(ctx, state, rng, lists, i + 1),
      )
    }
    const stop = keep(state, lists, node, isTask, made)
    if (stop) return stop
  }
  return { ok: true, nodes: lists.nodes, junctions: lists.junctions, staticInputs: state.staticInputs }
}

/**
 * Runs one attempt over the plan with `rng` (the attempt's own stream); a promise only when a
 * candidate's solver returned one.
 * @example await fillAttempt(ctx, sampleRng.split('attempt', 0))
 */
export function fillAttempt(ctx: AttemptContext, rng: Rng): AttemptResult | Promise<AttemptResult> {
  const { plan } = ctx
  const state: AttemptState = {
    kinds: chooseKindsOf(plan.skeleton, plan.order, plan.feasible, rng.split('kinds')),
    used: new Set(ctx.repeatTemplates ? [] : pinnedKeys(plan)),
    values: new Array(plan.skeleton.ids.length),
    staticInputs: [],
  }
  return fillFrom(ctx, state, rng, { nodes: [], junctions: [] }, 0)
}
