/**
 * Renders an instance's prompt from its nodes, junctions and static inputs. Pure: the same draft,
 * registry and layout give the same text byte for byte.
 *
 * Three layouts (spec §8.1): `single` (one task: a `Define` line, the block, the answer
 * instruction), `independent` (forgetting: unrelated blocks after a preamble and the initial
 * conditions) and `dependent` (chain, multichain, DAGs: blocks in prompt order, each junction's
 * definition printed just before the first task that reads it). Every layout ends with the
 * answer instruction naming every requested output.
 * Reference: arbigraph-reference-math-generators.md §8 (structure; the sentences are ours).
 */
import type { Instance, Junction, TaskNode } from '../contracts/instance.ts'
import type { TaskTemplate } from '../contracts/template.ts'
import type { PromptLayout } from '../contracts/topology.ts'
import { ArbigraphError } from '../errors.ts'
import type { Registry } from '../registry.ts'
import { getTemplate } from '../registry.ts'
import { pyRepr } from '../values.ts'
import { answerInstruction } from './answer-instruction.ts'
import { PACK_LENGTH, packText, pickGroupText } from './junction-text.ts'
import type { PromptPart } from './prompt-parts.ts'
import { INITIAL_CONDITIONS, joinParts, PREAMBLES, taskHeading } from './prompt-parts.ts'

/** An instance before its prompt is written. */
export type InstanceDraft = Omit<Instance, 'prompt'>

/**
 * An instance whose prompt is rendered as it is written: `eachPromptPart` hands the prompt's parts
 * to `emit` in order, each made just then. The dataset writer escapes and writes each part as it
 * comes: a 10⁴-task prompt is 8 M characters, and made before writing, all of it lived through
 * the collections of the young generation, copied each time, then joined into one more string
 * only to be escaped and thrown away.
 */
export type RenderedInstance = InstanceDraft & {
  eachPromptPart(emit: (part: PromptPart) => void): void
}

/**
 * The block of one task: its heading and the template's text, trailing whitespace trimmed.
 * @example renderTaskBlock(node, registry) // 'Task 2:\nLet list_2 be …'
 */
export function renderTaskBlock(
  node: TaskNode,
  registry: Registry,
  template = getTemplate(registry, node.family, node.template),
): string {
  const body = template.text({
    n: node.number,
    source: node.source.name,
    out: `task_${node.number}_out`,
    input: node.input,
    inputKind: node.inputKind,
    params: node.params,
  })
  // Trimmed as one string: trimming flattens it, so the block is flat once, not the body first
  // and the block again when it is written. A body of whitespace alone leaves the heading's newline.
  const heading = taskHeading(node.number)
  const block = `${heading}\n${body}`.trimEnd()
  return block.length === heading.length ? `${heading}\n` : block
}

/**
 * What the body walk needs of a node or junction id, found with one look-up per reference: a
 * 10⁴-task graph has ~6000 junctions, and a map per question (is it a junction, its name, was
 * it defined, its first reader) was most of the walk.
 */
interface Reference {
  /** The junction with this id; undefined for a task node. */
  junction: Junction | undefined
  /** The task number of a task node (its value is `task_N_out`); 0 for a junction. */
  number: number
  /** The task number of the first task that reads it, in prompt order. */
  firstReader: number
  emitted: boolean
}

/** Every node and junction by id (one pass: graphs reach 10^4 nodes). */
function references(draft: InstanceDraft): Map<string, Reference> {
  const byId = new Map<string, Reference>()
  for (const node of draft.nodes)
    byId.set(node.id, { junction: undefined, number: node.number, firstReader: Infinity, emitted: false })
  for (const junction of draft.junctions)
    byId.set(junction.id, { junction, number: 0, firstReader: Infinity, emitted: false })
  for (const node of draft.nodes) {
    const from = node.source.node === null ? undefined : byId.get(node.source.node)
    if (from && from.firstReader === Infinity) from.firstReader = node.number
  }
  return byId
}

/**
 * What the body walk of one prompt shares. Its steps are functions of this module, not closures
 * made per prompt: V8 optimizes each new closure anew, and the walk's closures, made once per
 * instance, were compiled again for every 10⁴-task instance of a dataset.
 */
interface BodyWalk {
  byId: Map<string, Reference>
  picksBySource: Map<string, Junction[]>
  emitPart: (part: PromptPart) => void
}

function findReference(walk: BodyWalk, id: string, junction: string): Reference {
  const found = walk.byId.get(id)
  if (found === undefined) {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `junction "${junction}": unknown source node "${id}"`)
  }
  return found
}

const nameOf = (reference: Reference): string =>
  reference.junction ? reference.junction.name : `task_${reference.number}_out`

/** Emits a junction's definition, once, after the junctions it reads. */
function emitJunction(walk: BodyWalk, reference: Reference): void {
  if (reference.emitted) return
  const junction = reference.junction!
  // A junction fed by another junction needs that one defined first.
  const sources: (Reference | undefined)[] = []
  for (const id of junction.sources) {
    const source = walk.byId.get(id)
    sources.push(source)
    if (source?.junction) emitJunction(walk, source)
  }
  if (junction.op === 'pack') {
    reference.emitted = true
    const length = Array.isArray(junction.output) ? junction.output.length : PACK_LENGTH
    const names: string[] = []
    for (let i = 0; i < sources.length; i++) names.push(sourceName(walk, junction, sources, i))
    walk.emitPart({ kind: 'junction', text: packText(junction.name, names, length) })
    return
  }
  // Picks from the same list are defined together, as a multichain expansion is.
  const group: { pick: Junction; reference: Reference }[] = []
  for (const pick of walk.picksBySource.get(junction.sources[0]!) ?? []) {
    const picked = walk.byId.get(pick.id)!
    if (!picked.emitted) group.push({ pick, reference: picked })
  }
  group.sort(byFirstReader)
  const picks: { name: string; index: number }[] = []
  for (const { pick, reference: picked } of group) {
    picked.emitted = true
    picks.push({ name: pick.name, index: pick.index ?? 0 })
  }
  walk.emitPart({ kind: 'junction', text: pickGroupText(sourceName(walk, junction, sources, 0), picks) })
}

/** The name of a junction's `i`th source, as the definition writes it. */
const sourceName = (
  walk: BodyWalk,
  junction: Junction,
  sources: readonly (Reference | undefined)[],
  i: number,
): string => nameOf(sources[i] ?? findReference(walk, junction.sources[i]!, junction.id))

const byFirstReader = (a: { reference: Reference }, b: { reference: Reference }): number =>
  a.reference.firstReader - b.reference.firstReader

/** A node's template, looked up once per instance, not per node (a look-up scans the category). */
function templateOf(
  templates: Map<string, Map<string, TaskTemplate>>,
  registry: Registry,
  node: TaskNode,
): TaskTemplate {
  let family = templates.get(node.family)
  if (!family) {
    family = new Map()
    templates.set(node.family, family)
  }
  let template = family.get(node.template)
  if (!template) {
    template = getTemplate(registry, node.family, node.template)
    family.set(node.template, template)
  }
  return template
}

/** Walks the tasks in prompt order and inserts each junction's text before its first reader. */
function bodyParts(draft: InstanceDraft, registry: Registry, emitPart: (part: PromptPart) => void): void {
  const picksBySource = new Map<string, Junction[]>()
  for (const j of draft.junctions) {
    if (j.op !== 'pick') continue
    const list = picksBySource.get(j.sources[0]!) ?? []
    list.push(j)
    picksBySource.set(j.sources[0]!, list)
  }
  const walk: BodyWalk = { byId: references(draft), picksBySource, emitPart }
  const templates = new Map<string, Map<string, TaskTemplate>>()
  for (const node of draft.nodes) {
    const from = node.source.node === null ? undefined : walk.byId.get(node.source.node)
    if (from?.junction) emitJunction(walk, from)
    emitPart({
      kind: 'task',
      number: node.number,
      text: renderTaskBlock(node, registry, templateOf(templates, registry, node)),
    })
  }
}

/** The static inputs: `Define x = v.` lines (single) or an `Initial Conditions:` list. */
function inputsPart(draft: InstanceDraft, layout: PromptLayout): PromptPart[] {
  if (draft.staticInputs.length === 0) return []
  if (layout === 'single') {
    const lines = draft.staticInputs.map((input) => `Define ${input.name} = ${pyRepr(input.value)}.`)
    return [{ kind: 'inputs', text: lines.join('\n') }]
  }
  const lines = draft.staticInputs.map((input) => `${input.name} = ${pyRepr(input.value)}`)
  return [{ kind: 'inputs', text: [INITIAL_CONDITIONS, ...lines].join('\n') }]
}

/**
 * Hands the prompt's parts to `emit` in order, each made just before (see `splitBlocks` for the inverse).
 * @example eachPromptPart(draft, registry, 'dependent', (part) => write(part.text))
 */
export function eachPromptPart(
  draft: InstanceDraft,
  registry: Registry,
  layout: PromptLayout,
  emit: (part: PromptPart) => void,
): void {
  if (layout !== 'single') emit({ kind: 'preamble', text: PREAMBLES[layout] })
  for (const part of inputsPart(draft, layout)) emit(part)
  bodyParts(draft, registry, emit)
  emit({ kind: 'answer', text: answerInstruction(draft.outputs) })
}

/**
 * The prompt as its parts, in order (see `splitBlocks` for the inverse).
 * @example renderPromptParts(draft, registry, 'dependent').map((p) => p.kind) // ['preamble', 'inputs', 'task', …, 'answer']
 */
export function renderPromptParts(
  draft: InstanceDraft,
  registry: Registry,
  layout: PromptLayout,
): PromptPart[] {
  const parts: PromptPart[] = []
  eachPromptPart(draft, registry, layout, (part) => parts.push(part))
  return parts
}

/**
 * The prompt text of an instance: parts joined by blank lines, ending with one newline.
 * @example renderPrompt(draft, defaultRegistry(), 'single') // 'Define task_1_input = -45.\n\nTask 1:\n…'
 */
export function renderPrompt(draft: InstanceDraft, registry: Registry, layout: PromptLayout): string {
  return joinParts(renderPromptParts(draft, registry, layout))
}

/**
 * A draft whose prompt is rendered part by part when it is written or joined.
 * @example joinPrompt(renderInstance(draft, registry, 'dependent')).prompt === renderPrompt(draft, registry, 'dependent')
 */
export const renderInstance = (
  draft: InstanceDraft,
  registry: Registry,
  layout: PromptLayout,
): RenderedInstance => ({
  ...draft,
  eachPromptPart: (emit) => eachPromptPart(draft, registry, layout, emit),
})

/** The instance with its prompt parts rendered and joined into the prompt text. */
export function joinPrompt(rendered: RenderedInstance): Instance {
  const { eachPromptPart: each, ...draft } = rendered
  const parts: PromptPart[] = []
  each((part) => parts.push(part))
  return { ...draft, prompt: joinParts(parts) }
}
