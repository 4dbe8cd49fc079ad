/**
 * Small hand-made reference records (spec §9.3 shapes) for the formats we have no released file
 * of: forgetting, fresh forgetting, cross-family chain, multichain, custom DAG and harness
 * results. Prompts are short blocks in our own words; only the `Task N:` headings, input lines
 * and printed parameters matter to the reader. Values are known from the spec's test vectors:
 * GrayCodeSequence(2) = [6, 7, 5], DivisorSum(-25) = 42 (n = |v| mod 100 + 1, so DivisorSum(6) = 8
 * and DivisorSum(7) = 15), PrimeOmegaSum(3) = 4, UnitaryDivisorSum(-12) = 14, and MatrixFrobeniusSq
 * is the sum of squares of the first 9 elements of a 10-element list (11554 for the multichain
 * pack [8, 15, 17, …], 15859 for the custom pack [15, 8, 31, …]).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the reference files live, for parity tests only. */
export const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ??
  fileURLToPath(new URL('../../../../shared/reference', import.meta.url))
export const arbigraphDir = join(referenceDir, 'arbigraph')
export const haveReference = existsSync(join(arbigraphDir, 'math_chain.json'))
if (!haveReference)
  console.warn(
    `[reference parity] skipped: ${join(arbigraphDir, 'math_chain.json')} not found (set ARBIGRAPH_REFERENCE_DIR)`,
  )

const block = (n: number, source: string, what: string) =>
  `Task ${n}:\nTake ${source}, reduce it as task ${n} says, and ${what}; call the result task_${n}_out.`

/** The pack of [a, b]: m·v + (m − 1) for m = 1…5, as the recombination defines it. */
export const packOf = (a: number, b: number) => [1, 2, 3, 4, 5].flatMap((m) => [m * a + m - 1, m * b + m - 1])

export const baselineFile = (records: object[], mode = 'math') => ({
  summary: { creation_time: 'x', mode, num_tasks: records.length, num_samples_per_task: 1 },
  samples: records,
})

/** A math baseline record: DivisorSum of -25 is 42. */
export const divisorSumRecord = (groundTruth: unknown = 42) => ({
  difficulty: 'list_max_10_scalar_max_100',
  task_id: 31,
  task_name: 'DivisorSumTask',
  sample_idx: 0,
  chain_input: -25,
  prompt: `Define task_1_input = -25.\n${block(1, 'task_1_input', 'sum its divisors')}\n`,
  ground_truth: groundTruth,
})

/** Released forgetting: three distractors with their own inputs and no recorded outputs. */
export const forgettingFile = () => ({
  summary: { mode: 'math_forgetting', seed: 0, num_distractors: 3 },
  samples: [
    {
      task_id: 39,
      task_name: 'UnitaryDivisorSumTask',
      sample_idx: 0,
      chain_input: -12,
      prompt: [
        'Solve each task on its own.',
        `Define task_1_input = 2.\n${block(1, 'task_1_input', 'list Gray codes')}`,
        `Define task_2_input = 3.\n${block(2, 'task_2_input', 'sum prime exponents')}`,
        `Define task_3_input = -25.\n${block(3, 'task_3_input', 'sum divisors')}`,
        `Define task_4_input = -12.\n${block(4, 'task_4_input', 'sum unitary divisors')}`,
      ].join('\n\n'),
      ground_truth: 14,
      forgetting: {
        target_source_index: 9,
        target_task_number: 4,
        num_distractors: 3,
        distractors: [
          {
            source_index: 1,
            task_number: 1,
            task_id: 21,
            task_name: 'GrayCodeSequenceTask',
            sample_idx: 0,
            chain_input: 2,
          },
          {
            source_index: 2,
            task_number: 2,
            task_id: 34,
            task_name: 'PrimeOmegaSumTask',
            sample_idx: 0,
            chain_input: 3,
          },
          {
            source_index: 3,
            task_number: 3,
            task_id: 31,
            task_name: 'DivisorSumTask',
            sample_idx: 0,
            chain_input: -25,
          },
        ],
      },
    },
  ],
})

const typed = (n: number, name: string, input: string, inKind: string, outKind: string, gt: unknown) => ({
  task_number: n,
  family: 'math',
  task_id: 0,
  task_name: name,
  input_name: input,
  input_kind: inKind,
  output_kind: outKind,
  ground_truth: gt,
})

/** Fresh forgetting: typed stages; inputs only in the prompt's Initial Conditions. */
export const freshForgettingFile = () => ({
  summary: { mode: 'forgetting', seed: 7 },
  samples: [
    {
      task_id: 31,
      task_name: 'DivisorSumTask',
      target_family: 'math',
      sample_idx: 2,
      prompt: `Intro.\n\nInitial Conditions:\ntask_1_input = 3\ntask_2_input = -25\n\n${block(1, 'task_1_input', 'x')}\n\n${block(2, 'task_2_input', 'y')}\n`,
      ground_truth: 42,
      forgetting: {
        task_types: ['math', 'math'],
        num_distractors: 1,
        target_task_number: 2,
        stages: [
          typed(1, 'PrimeOmegaSumTask', 'task_1_input', 'scalar', 'scalar', 4),
          typed(2, 'DivisorSumTask', 'task_2_input', 'scalar', 'scalar', 42),
        ],
      },
    },
  ],
})

/** Cross-family chain (typed stages): UnitaryDivisorSum(-12) = 14, then DivisorSum(14) = σ(15) = 24. */
export const crossChainFile = () => ({
  summary: { mode: 'chain', seed: 1, task_types: ['math', 'math'] },
  samples: [
    {
      task_id: 31,
      task_name: 'DivisorSumTask',
      target_family: 'math',
      sample_idx: 0,
      chain_input: -12,
      prompt: `Intro.\n\nInitial Conditions:\ntask_1_input = -12\n\n${block(1, 'task_1_input', 'a')}\n\n${block(2, 'task_1_out', 'b')}\n`,
      ground_truth: 24,
      chain: {
        task_types: ['math', 'math'],
        num_distractors: 1,
        target_task_number: 2,
        stages: [
          typed(1, 'UnitaryDivisorSumTask', 'task_1_input', 'scalar', 'scalar', 14),
          typed(2, 'DivisorSumTask', 'task_1_out', 'scalar', 'scalar', 24),
        ],
      },
    },
  ],
})

/** Multichain: GrayCode(2) = [6, 7, 5] fans out to DivisorSum(6) = 8 and DivisorSum(7) = 15, packed. */
export const multichainRecord = (finalStage = { name: 'MatrixFrobeniusSqTask', gt: 11554 as unknown }) => {
  const stages = [
    typed(1, 'GrayCodeSequenceTask', 'task_1_input', 'scalar', 'list', [6, 7, 5]),
    typed(2, 'DivisorSumTask', 'task_2_input', 'scalar', 'scalar', 8),
    typed(3, 'DivisorSumTask', 'task_3_input', 'scalar', 'scalar', 15),
    typed(4, finalStage.name, 'task_4_input', 'list', 'scalar', finalStage.gt),
  ]
  const prompt = [
    'Intro.\n\nInitial Conditions:\ntask_1_input = 2',
    block(1, 'task_1_input', 'a'),
    'Use the first 2 elements of task_1_out.\nDefine task_2_input = task_1_out[0].\nDefine task_3_input = task_1_out[1].',
    block(2, 'task_2_input', 'b'),
    block(3, 'task_3_input', 'c'),
    'Define task_4_input_prelim = [task_2_out, task_3_out].\ntask_4_input = [task_2_out, task_3_out, task_2_out * 2 + 1, …].',
    block(4, 'task_4_input', 'd'),
  ].join('\n\n')
  return {
    task_id: 12,
    task_name: finalStage.name,
    target_family: 'math',
    sample_idx: 0,
    chain_input: 2,
    prompt: `${prompt}\n`,
    ground_truth: finalStage.gt,
    multi_chain: {
      target_task_number: 4,
      stages,
      branch_blocks: [
        {
          block_index: 0,
          expansion_task_number: 1,
          expansion_output_name: 'task_1_out',
          branch_inputs: ['task_2_input', 'task_3_input'],
          next_input_name: 'task_4_input',
          next_input_prelim_value: [8, 15],
          next_input_value: packOf(8, 15),
          branches: [
            {
              branch_index: 0,
              input_name: 'task_2_input',
              input_value: 6,
              final_output_name: 'task_2_out',
              final_output: 8,
              stages: [stages[1]],
            },
            {
              branch_index: 1,
              input_name: 'task_3_input',
              input_value: 7,
              final_output_name: 'task_3_out',
              final_output: 15,
              stages: [stages[2]],
            },
          ],
        },
      ],
    },
  }
}

/** Custom DAG with user node names; the declared target ("right") is not the sink. */
export const customRecord = (finalStage = { name: 'MatrixFrobeniusSqTask', gt: 15859 as unknown }) => {
  const stage = (
    node: string,
    n: number,
    name: string,
    from: string | null,
    inputName: string,
    input: unknown,
    gt: unknown,
  ) => ({
    node_id: node,
    task_number: n,
    family: 'math',
    task_id: 0,
    task_name: name,
    input_node_id: from,
    input_name: inputName,
    input_value: input,
    ground_truth: gt,
  })
  const prompt = [
    'Intro.\n\nStatic Inputs:\ntask_1_input = 2',
    block(1, 'task_1_input', 'a'),
    'Define task_2_input = task_1_out[1].',
    'Define task_3_input = task_1_out[0].',
    block(2, 'task_2_input', 'b'),
    block(3, 'task_3_input', 'c'),
    'Define task_4_input as the following list:\ntask_4_input = [task_2_out, task_3_out, …].',
    block(4, 'task_4_input', 'd'),
  ].join('\n\n')
  return {
    task_id: 31,
    task_name: 'DivisorSumTask',
    target_family: 'math',
    target_node: 'right',
    target_output_name: 'task_3_out',
    sample_idx: 1,
    static_inputs: [{ node_id: 'root', input_name: 'task_1_input', value: 2 }],
    prompt: `${prompt}\n`,
    ground_truth: 8,
    custom_dag: {
      stages: [
        stage('root', 1, 'GrayCodeSequenceTask', null, 'task_1_input', 2, [6, 7, 5]),
        stage('left', 2, 'DivisorSumTask', 'pickB', 'task_2_input', 7, 15),
        stage('right', 3, 'DivisorSumTask', 'pickA', 'task_3_input', 6, 8),
        stage('sink', 4, finalStage.name, 'packer', 'task_4_input', packOf(15, 8), finalStage.gt),
      ],
      adapters: [
        {
          node_id: 'pickB',
          op: 'pick',
          input_node_ids: ['root'],
          input_names: ['task_1_out'],
          output_name: 'task_2_input',
          ground_truth: 7,
        },
        {
          node_id: 'pickA',
          op: 'pick',
          input_node_ids: ['root'],
          input_names: ['task_1_out'],
          output_name: 'task_3_input',
          ground_truth: 6,
        },
        {
          node_id: 'packer',
          op: 'pack',
          input_node_ids: ['left', 'right'],
          input_names: ['task_2_out', 'task_3_out'],
          output_name: 'task_4_input',
          ground_truth: packOf(15, 8),
        },
      ],
    },
  }
}

/** A harness results file: summary of a run, samples = records plus answers. */
export const resultsFile = (record: object) => ({
  summary: { mode: 'agent', overall_accuracy: 1, num_tasks: 1 },
  samples: [
    { ...record, correct: true, token_length: 10, task_answers: { task_1_out: { answer: '42', turn: 1 } } },
  ],
})

/** Writes `json` to `dir/name` and returns the path. */
export function writeJson(dir: string, name: string, json: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof json === 'string' ? json : JSON.stringify(json, null, 2))
  return path
}
