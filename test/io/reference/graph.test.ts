import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { NO_GSM_TEMPLATES } from '../../../plugins/gsm/reference-stage.ts'
import { referenceStageHandlers } from '../../../src/builtins.ts'
import { checkGraph, emptyReport } from '../../../src/io/reference/check.ts'
import { readReferenceFile } from '../../../src/io/reference/read.ts'
import {
  baselineFile,
  crossChainFile,
  customRecord,
  divisorSumRecord,
  forgettingFile,
  freshForgettingFile,
  multichainRecord,
  packOf,
  resultsFile,
  writeJson,
} from './fixtures.ts'

const dir = mkdtempSync(join(tmpdir(), 'arbigraph-ref-'))
const load = (name: string, json: unknown) => readReferenceFile(writeJson(dir, name, json))

async function check(name: string, json: unknown) {
  const file = await load(name, json)
  const report = emptyReport()
  for (const [i, graph] of file.graphs.entries())
    await checkGraph(graph, i, report, await referenceStageHandlers())
  return { file, report }
}

describe('reference graphs of every record shape', () => {
  it('released forgetting: each task reads its own input; only the target has a recorded output', async () => {
    const { file, report } = await check('forgetting.json', forgettingFile())
    const graph = file.graphs[0]!
    expect(graph.kind).toBe('forgetting')
    expect(graph.stages.map((s) => [s.taskName, s.inputName, s.input, s.sourceNode])).toEqual([
      ['GrayCodeSequenceTask', 'task_1_input', 2n, null],
      ['PrimeOmegaSumTask', 'task_2_input', 3n, null],
      ['DivisorSumTask', 'task_3_input', -25n, null],
      ['UnitaryDivisorSumTask', 'task_4_input', -12n, null],
    ])
    expect(graph.staticInputs).toHaveLength(4)
    expect(report.reproduced).toBe(1)
    expect(report.checked).toBe(1)
    expect(report.skipped.get('no ground truth recorded')).toBe(3)
  })

  it('fresh forgetting: inputs come from the Initial Conditions lines', async () => {
    const { file, report } = await check('fresh.json', freshForgettingFile())
    expect(file.graphs[0]!.stages.map((s) => s.input)).toEqual([3n, -25n])
    expect(report).toMatchObject({ reproduced: 2, checked: 2, failures: [] })
  })

  it('cross-family chain: stage 2 reads task_1_out', async () => {
    const { file, report } = await check('cross.json', crossChainFile())
    expect(file.graphs[0]!.stages[1]).toMatchObject({ input: 14n, sourceNode: 't1', family: 'math' })
    expect(report).toMatchObject({ reproduced: 2, checked: 2, failures: [] })
  })

  it('multichain: branch inputs are picks of the expansion, the next segment reads the pack', async () => {
    const { file, report } = await check('multi.json', {
      summary: { mode: 'multi_chain', seed: 0 },
      samples: [multichainRecord()],
    })
    const graph = file.graphs[0]!
    expect(graph.junctions).toEqual([
      { id: 'j2', op: 'pick', index: 0, sources: ['t1'], name: 'task_2_input', output: 6n },
      { id: 'j3', op: 'pick', index: 1, sources: ['t1'], name: 'task_3_input', output: 7n },
      {
        id: 'j4',
        op: 'pack',
        sources: ['t2', 't3'],
        name: 'task_4_input',
        output: packOf(8, 15).map(BigInt),
      },
    ])
    expect(graph.stages.map((s) => s.sourceNode)).toEqual([null, 'j2', 'j3', 'j4'])
    expect(report).toMatchObject({ reproduced: 4, checked: 4, failures: [] })
  })

  it('custom DAG: user node names map to t{n} and j{n}; the declared target need not be the sink', async () => {
    const { file, report } = await check('custom.json', {
      summary: { mode: 'custom_dag', seed: 0 },
      samples: [customRecord()],
    })
    const graph = file.graphs[0]!
    expect(graph.targetNumber).toBe(3)
    expect(graph.junctions.map((j) => [j.id, j.op, j.index, j.sources])).toEqual([
      ['j2', 'pick', 1, ['t1']],
      ['j3', 'pick', 0, ['t1']],
      ['j4', 'pack', undefined, ['t2', 't3']],
    ])
    expect(graph.stages.map((s) => s.sourceNode)).toEqual([null, 'j2', 'j3', 'j4'])
    expect(report).toMatchObject({ reproduced: 4, checked: 4, failures: [] })
  })

  it('harness results: the family comes from the task name when the mode does not say', async () => {
    const { file, report } = await check('results.json', resultsFile(divisorSumRecord()))
    expect(file.mode).toBe('agent')
    expect(file.graphs[0]!.family).toBe('math')
    expect(report).toMatchObject({ reproduced: 1, checked: 1 })
  })

  it('GSM stages without configured templates are skipped with how to configure them', async () => {
    // Undone after the test (the shared project's unstubEnvs).
    for (const name of ['ARBIGRAPH_GSM_POOL', 'ARBIGRAPH_GSM_TEMPLATES']) vi.stubEnv(name, undefined)
    const gsm = { ...divisorSumRecord(), task_name: 'GSM_0007.json' }
    const { report } = await check('gsm.json', { summary: { mode: 'agent' }, samples: [gsm] })
    expect(report.checked).toBe(0)
    expect(report.skipped.get(NO_GSM_TEMPLATES)).toBe(1)
  })

  it('a Python stage whose block shows no code is a failure with the reason', async () => {
    const python = { ...divisorSumRecord(), task_name: 'findMin' }
    const { report } = await check('python.json', { summary: { mode: 'agent' }, samples: [python] })
    expect(report.reproduced).toBe(0)
    expect(JSON.stringify(report.failures[0]!.got)).toContain('no ```python code')
  })

  it('a corrupted ground truth is a failure naming record, stage and both values', async () => {
    const { report } = await check('bad.json', baselineFile([divisorSumRecord(), divisorSumRecord(43)]))
    expect(report.reproduced).toBe(1)
    expect(report.failures).toEqual([
      {
        record: 1,
        recordTask: 'DivisorSumTask',
        stage: 1,
        task: 'DivisorSumTask',
        expected: 43n,
        got: { value: 42n },
      },
    ])
  })

  it('an unknown math task is a failure with the reason', async () => {
    const { report } = await check(
      'unknown.json',
      baselineFile([{ ...divisorSumRecord(), task_name: 'NoSuchTask' }]),
    )
    expect(report.failures[0]!.got).toEqual({ error: 'unknown math task "NoSuchTask"' })
  })
})
