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
 * An instance whose prompt is still the parts `renderPromptParts` made (`joinPrompt` joins them).
 * The dataset writer escapes the parts one by one: a 10⁴-task prompt is 8 M characters, and
 * joining it made one 16 MB string more per instance, only to be escaped and thrown away.
 */
export type RenderedInstance = InstanceDraft & { promptParts: PromptPart[] }

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
  return `${taskHeading(node.number)}\n${body.trimEnd()}`
}

/** The names under which node values appear in the prompt, by node id (one pass: graphs reach 10^4 nodes). */
function valueNames(draft: InstanceDraft): (id: string, junction: string) => string {
  const names = new Map<string, string>()
  for (const node of draft.nodes) names.set(node.id, `task_${node.number}_out`)
  for (const junction of draft.junctions) names.set(junction.id, junction.name)
  return (id, junction) => {
    const name = names.get(id)
    if (name === undefined) {
      throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `junction "${junction}": unknown source node "${id}"`)
    }
    return name
  }
}

/** Walks the tasks in prompt order and inserts each junction's text before its first reader. */
function bodyParts(draft: InstanceDraft, registry: Registry): PromptPart[] {
  const junctions = new Map(draft.junctions.map((j) => [j.id, j]))
  const firstReader = new Map<string, number>()
  for (const node of draft.nodes) {
    const from = node.source.node
    if (from !== null && !firstReader.has(from)) firstReader.set(from, node.number)
  }
  const valueName = valueNames(draft)
  const picksBySource = new Map<string, Junction[]>()
  for (const j of draft.junctions) {
    if (j.op !== 'pick') continue
    const list = picksBySource.get(j.sources[0]!) ?? []
    list.push(j)
    picksBySource.set(j.sources[0]!, list)
  }
  const emitted = new Set<string>()
  const parts: PromptPart[] = []
  const emit = (junction: Junction): void => {
    if (emitted.has(junction.id)) return
    // A junction fed by another junction needs that one defined first.
    for (const source of junction.sources) {
      const inner = junctions.get(source)
      if (inner) emit(inner)
    }
    if (junction.op === 'pack') {
      emitted.add(junction.id)
      const names = junction.sources.map((id) => valueName(id, junction.id))
      const length = Array.isArray(junction.output) ? junction.output.length : PACK_LENGTH
      parts.push({ kind: 'junction', text: packText(junction.name, names, length) })
      return
    }
    // Picks from the same list are defined together, as a multichain expansion is.
    const source = junction.sources[0]!
    const group = (picksBySource.get(source) ?? [])
      .filter((j) => !emitted.has(j.id))
      .sort((a, b) => (firstReader.get(a.id) ?? Infinity) - (firstReader.get(b.id) ?? Infinity))
    for (const pick of group) emitted.add(pick.id)
    const picks = group.map((pick) => ({ name: pick.name, index: pick.index ?? 0 }))
    parts.push({ kind: 'junction', text: pickGroupText(valueName(source, junction.id), picks) })
  }
  // Templates looked up once per instance, not per node (a look-up scans the category).
  const templates = new Map<string, Map<string, TaskTemplate>>()
  const templateOf = (node: TaskNode): TaskTemplate => {
    let family = templates.get(node.family)
    if (!family) templates.set(node.family, (family = new Map()))
    let template = family.get(node.template)
    if (!template) family.set(node.template, (template = getTemplate(registry, node.family, node.template)))
    return template
  }
  for (const node of draft.nodes) {
    const junction = node.source.node === null ? undefined : junctions.get(node.source.node)
    if (junction) emit(junction)
    parts.push({ kind: 'task', number: node.number, text: renderTaskBlock(node, registry, templateOf(node)) })
  }
  return parts
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
 * The prompt as its parts, in order (see `splitBlocks` for the inverse).
 * @example renderPromptParts(draft, registry, 'dependent').map((p) => p.kind) // ['preamble', 'inputs', 'task', …, 'answer']
 */
export function renderPromptParts(
  draft: InstanceDraft,
  registry: Registry,
  layout: PromptLayout,
): PromptPart[] {
  const preamble: PromptPart[] = layout === 'single' ? [] : [{ kind: 'preamble', text: PREAMBLES[layout] }]
  return [
    ...preamble,
    ...inputsPart(draft, layout),
    ...bodyParts(draft, registry),
    { kind: 'answer', text: answerInstruction(draft.outputs) },
  ]
}

/**
 * The prompt text of an instance: parts joined by blank lines, ending with one newline.
 * @example renderPrompt(draft, defaultRegistry(), 'single') // 'Define task_1_input = -45.\n\nTask 1:\n…'
 */
export function renderPrompt(draft: InstanceDraft, registry: Registry, layout: PromptLayout): string {
  return joinParts(renderPromptParts(draft, registry, layout))
}

/**
 * A draft with its prompt's parts.
 * @example joinPrompt(renderInstance(draft, registry, 'dependent')).prompt === renderPrompt(draft, registry, 'dependent')
 */
export const renderInstance = (
  draft: InstanceDraft,
  registry: Registry,
  layout: PromptLayout,
): RenderedInstance => ({ ...draft, promptParts: renderPromptParts(draft, registry, layout) })

/** The instance with its prompt parts joined into the prompt text. */
export function joinPrompt(rendered: RenderedInstance): Instance {
  const { promptParts, ...draft } = rendered
  return { ...draft, prompt: joinParts(promptParts) }
}
