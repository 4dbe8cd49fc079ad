/**
 * The DAG-shaped reference records: multichain (a flat chain that fans out into scalar
 * branches and recombines them into a list) and custom DAGs (pick and pack adapters). Their
 * adapters become junctions `j{n}`, named after the task n they feed, so ids never collide with
 * task ids `t{n}` whatever the user called the adapter nodes.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §7.4, §7.5 and §9.3.
 */
import { ArbigraphError } from '../../errors.ts'
import type { NamedValue, Parts, ReferenceJunction, StageSeed } from './graph.ts'
import { pickIndex } from './prompt-blocks.ts'
import type { CustomRecord, MultichainRecord, TypedStage } from './schema.ts'

const fail = (message: string): never => {
  throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', message)
}

/** The task number inside a name such as `task_5_input` or `task_4_out`. */
const numberIn = (name: string, suffix: 'input' | 'out'): number => {
  const m = new RegExp(`^task_(\\d+)_${suffix}$`).exec(name)
  return m ? Number(m[1]) : fail(`expected a name like "task_N_${suffix}", got "${name}"`)
}

/** Seeds for stages that carry their family (cross-family chain, fresh forgetting, multichain). */
export const typedSeed = (stage: TypedStage): StageSeed => ({
  number: stage.task_number,
  family: stage.family,
  taskName: stage.task_name,
  inputName: stage.input_name,
  expected: stage.ground_truth,
})

/** Multichain: expansions are picks of the expanding task's list, recombinations are packs. */
export function multichainParts(record: MultichainRecord): Parts {
  const { stages, branch_blocks, target_task_number } = record.multi_chain
  const seeds = new Map<number, StageSeed>()
  const named = new Map<string, NamedValue>([['task_1_input', { value: record.chain_input, node: null }]])
  const junctions: ReferenceJunction[] = []
  for (const block of branch_blocks) {
    for (const branch of block.branches) {
      for (const stage of branch.stages) seeds.set(stage.task_number, typedSeed(stage))
      const id = `j${numberIn(branch.input_name, 'input')}`
      const pick = {
        id,
        op: 'pick' as const,
        index: branch.branch_index,
        sources: [`t${block.expansion_task_number}`],
      }
      junctions.push({ ...pick, name: branch.input_name, output: branch.input_value })
      named.set(branch.input_name, { value: branch.input_value, node: id })
    }
    const id = `j${numberIn(block.next_input_name, 'input')}`
    const sources = block.branches.map((b) => `t${numberIn(b.final_output_name, 'out')}`)
    junctions.push({ id, op: 'pack', sources, name: block.next_input_name, output: block.next_input_value })
    named.set(block.next_input_name, { value: block.next_input_value, node: id })
  }
  // The top-level list holds every stage; branch copies fill in if a writer left them out.
  for (const stage of stages) seeds.set(stage.task_number, typedSeed(stage))
  return { seeds: [...seeds.values()], named, junctions, targetNumber: target_task_number }
}

/** Custom DAG: stages store their input value; adapters store their output. */
export function customParts(record: CustomRecord): Parts {
  const { stages, adapters } = record.custom_dag
  const ids = new Map<string, string>()
  for (const stage of stages) ids.set(stage.node_id, `t${stage.task_number}`)
  for (const adapter of adapters) ids.set(adapter.node_id, `j${numberIn(adapter.output_name, 'input')}`)
  const ourId = (nodeId: string) =>
    ids.get(nodeId) ?? fail(`node "${nodeId}" is neither a stage nor an adapter`)
  const junctions = adapters.map((adapter): ReferenceJunction => {
    const base = { id: ourId(adapter.node_id), op: adapter.op, sources: adapter.input_node_ids.map(ourId) }
    const rest = { name: adapter.output_name, output: adapter.ground_truth }
    if (adapter.op === 'pack') return { ...base, ...rest }
    const index = pickIndex(record.prompt, adapter.output_name)
    if (index === undefined)
      return fail(`prompt does not say which element pick adapter "${adapter.node_id}" takes`)
    return { ...base, index, ...rest }
  })
  const seeds = stages.map((stage): StageSeed => {
    const node = stage.input_node_id === null ? null : ourId(stage.input_node_id)
    return { ...typedSeed(stage), input: { value: stage.input_value, node } }
  })
  const target = stages.find((s) => s.node_id === record.target_node)
  if (!target) return fail(`target_node "${record.target_node}" is not a stage`)
  return { seeds, named: new Map(), junctions, targetNumber: target.task_number }
}
