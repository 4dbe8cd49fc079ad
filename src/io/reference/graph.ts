/**
 * A reference record as a task graph we can check and import: every stage with its task name,
 * family, raw incoming value, the node that value comes from, its recorded ground truth and its
 * task block; plus the adapters (junctions) and static inputs. Stage inputs are resolved by the
 * name the stage reads: `task_1_input` is the chain input, `task_k_out` the ground truth of
 * stage k, and any other `task_k_input` an adapter's output or a value the prompt prints.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §7 (generators) and §9.3.
 */
import type { Params } from '../../contracts/template.ts'
import { ArbigraphError } from '../../errors.ts'
import { isValue, type Value } from '../../values.ts'
import { familyFromMode, familyFromTaskName, gsmTaskName } from './family.ts'
import { customParts, multichainParts, typedSeed } from './graph-dag.ts'
import { promptDefinitions, splitTaskBlocks } from './prompt-blocks.ts'
import type { RecordKind, ReferenceRecord } from './record.ts'
import type { ChainStage, ForgettingRecord } from './schema.ts'

export interface ReferenceStage {
  number: number
  /** Our node id, `t{number}`. */
  id: string
  family: string
  /** The reference's name for the task: `ConvolutionTask`, `GSM_0018.json`, `findMin`. */
  taskName: string
  inputName: string
  /** Node the input comes from (`t{k}` or a junction `j{k}`); null for a static input. */
  sourceNode: string | null
  input: Value
  /** The recorded ground truth; undefined where the reference does not record it. */
  expected: Value | undefined
  /** The block text after `Task {number}:`. */
  block: string
  /** Python static arguments printed as `task_{n}_<name>_static`. */
  statics: Params
}

export interface ReferenceJunction {
  /** `j{n}`: the junction feeding task n. */
  id: string
  op: 'pick' | 'pack'
  index?: number
  sources: string[]
  name: string
  output: Value
}

export interface ReferenceGraph {
  kind: RecordKind
  taskName: string
  taskId: number
  sampleIdx: number
  family: string
  prompt: string
  stages: ReferenceStage[]
  junctions: ReferenceJunction[]
  staticInputs: { node: string; name: string; value: Value }[]
  targetNumber: number
  groundTruth: Value
}

/** A named value available to stages, with the node that produces it (null: static). */
export type NamedValue = { value: Value; node: string | null }

/** What every record kind provides before inputs are resolved. */
export interface StageSeed {
  number: number
  family: string
  taskName: string
  inputName: string
  expected: Value | undefined
  /** Set where the record stores the stage input directly (custom DAGs). */
  input?: NamedValue
}

const fail = (message: string): never => {
  throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', message)
}

const chainSeed = (stage: ChainStage, family: (name: string) => string): StageSeed => {
  const taskName =
    stage.task_name ?? (stage.template_index !== undefined ? gsmTaskName(stage.template_index) : undefined)
  if (taskName === undefined)
    return fail(`stage ${stage.task_number} has neither task_name nor template_index`)
  return {
    number: stage.task_number,
    family: family(taskName),
    taskName,
    inputName: stage.input_name,
    expected: stage.ground_truth,
  }
}

/** A record's stages, named values and junctions, before inputs are resolved. */
export interface Parts {
  seeds: StageSeed[]
  named: Map<string, NamedValue>
  junctions: ReferenceJunction[]
  targetNumber: number
}

/** Released forgetting: every task reads its own printed input; distractor outputs are not recorded. */
function forgettingParts(
  record: ForgettingRecord,
  named: Map<string, NamedValue>,
  family: (name: string) => string,
): Parts {
  const { distractors, target_task_number } = record.forgetting
  const seeds: StageSeed[] = distractors.map((d) => {
    named.set(`task_${d.task_number}_input`, { value: d.chain_input, node: null })
    const base = {
      number: d.task_number,
      family: family(d.task_name),
      taskName: d.task_name,
      expected: undefined,
    }
    return { ...base, inputName: `task_${d.task_number}_input` }
  })
  named.set(`task_${target_task_number}_input`, { value: record.chain_input, node: null })
  const target = { number: target_task_number, family: family(record.task_name), taskName: record.task_name }
  seeds.push({ ...target, inputName: `task_${target_task_number}_input`, expected: record.ground_truth })
  return { seeds, named, junctions: [], targetNumber: target_task_number }
}

function linearParts(ref: ReferenceRecord, family: (name: string) => string): Parts {
  const named = new Map<string, NamedValue>()
  const { record } = ref
  const chainInput = (record as { chain_input?: Value }).chain_input
  if (chainInput !== undefined) named.set('task_1_input', { value: chainInput, node: null })
  switch (ref.kind) {
    case 'baseline': {
      const seed = {
        number: 1,
        family: family(record.task_name),
        taskName: record.task_name,
        inputName: 'task_1_input',
      }
      return { seeds: [{ ...seed, expected: record.ground_truth }], named, junctions: [], targetNumber: 1 }
    }
    case 'chain': {
      const { distractors, target, target_task_number } = ref.record.chain
      return {
        seeds: [...distractors, target].map((s) => chainSeed(s, family)),
        named,
        junctions: [],
        targetNumber: target_task_number,
      }
    }
    case 'forgetting':
      return forgettingParts(ref.record, named, family)
    case 'cross-chain':
    case 'fresh-forgetting': {
      const meta = ref.kind === 'cross-chain' ? ref.record.chain : ref.record.forgetting
      return {
        seeds: meta.stages.map(typedSeed),
        named,
        junctions: [],
        targetNumber: meta.target_task_number,
      }
    }
    default:
      return fail(`unexpected record kind ${ref.kind}`)
  }
}

function staticsFor(n: number, printed: Map<string, unknown>, extra: Params | undefined): Params {
  const statics: Params = {}
  const prefix = `task_${n}_`
  for (const [name, value] of printed) {
    if (name.startsWith(prefix) && name.endsWith('_static'))
      statics[name.slice(prefix.length, -'_static'.length)] = value as Params[string]
  }
  return Object.keys(statics).length > 0 ? statics : { ...extra }
}

/**
 * The record as a graph of stages and junctions, inputs resolved.
 * @example referenceGraph(parseReferenceRecord(sample, 'f: samples[0]'), { mode: 'math_chain' }).stages[0].input // -45n
 */
export function referenceGraph(ref: ReferenceRecord, options: { mode: string }): ReferenceGraph {
  const fileFamily = familyFromMode(options.mode)
  const family = (name: string) => fileFamily ?? familyFromTaskName(name)
  const parts =
    ref.kind === 'multichain'
      ? multichainParts(ref.record)
      : ref.kind === 'custom'
        ? customParts(ref.record)
        : linearParts(ref, family)
  const { record } = ref
  const blocks = splitTaskBlocks(record.prompt)
  const printed = promptDefinitions(record.prompt)
  for (const [name, value] of printed) {
    if (/^task_\d+_input$/.test(name) && !parts.named.has(name) && isValue(value))
      parts.named.set(name, { value, node: null })
  }
  const seeds = [...parts.seeds].sort((a, b) => a.number - b.number)
  for (const seed of seeds) {
    if (seed.expected !== undefined)
      parts.named.set(`task_${seed.number}_out`, { value: seed.expected, node: `t${seed.number}` })
  }
  const stages = seeds.map((seed, i): ReferenceStage => {
    if (seeds[i - 1]?.number === seed.number) fail(`two stages have task_number ${seed.number}`)
    const block = blocks.get(seed.number) ?? fail(`prompt has no "Task ${seed.number}:" block`)
    const source =
      seed.input ??
      parts.named.get(seed.inputName) ??
      fail(`stage ${seed.number} reads "${seed.inputName}", which nothing defines`)
    const extra = seed.number === 1 || ref.kind === 'baseline' ? record.extra_inputs : undefined
    const { input: _, ...rest } = seed
    return {
      ...rest,
      id: `t${seed.number}`,
      sourceNode: source.node,
      input: source.value,
      block,
      statics: staticsFor(seed.number, printed, extra),
    }
  })
  if (!stages.some((s) => s.number === parts.targetNumber))
    fail(`target task ${parts.targetNumber} is not among the stages`)
  const staticInputs = stages
    .filter((s) => s.sourceNode === null)
    .map((s) => ({ node: s.id, name: s.inputName, value: s.input }))
  const base = {
    kind: ref.kind,
    taskName: record.task_name,
    taskId: record.task_id,
    sampleIdx: record.sample_idx,
    prompt: record.prompt,
  }
  const targetFamily = stages.find((s) => s.number === parts.targetNumber)!.family
  return {
    ...base,
    family: targetFamily,
    stages,
    junctions: parts.junctions,
    staticInputs,
    targetNumber: parts.targetNumber,
    groundTruth: record.ground_truth,
  }
}
