import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { referenceStageHandlers } from '../../../src/builtins.ts'
import { checkGraph, emptyReport } from '../../../src/io/reference/check.ts'
import { readReferenceFile } from '../../../src/io/reference/read.ts'
import { arbigraphDir, haveReference } from './fixtures.ts'

const files = [
  { name: 'math_baseline.json', records: 640, stages: 640 },
  { name: 'math_chain.json', records: 640, stages: 2560 },
  { name: 'tasks/math_task/chain/math_chain_test.json', records: 40, stages: 160 },
]

describe.skipIf(!haveReference)('reference parity: every math stage of the released files', () => {
  it.each(files)('$name: all $stages stages reproduced exactly', async ({ name, records, stages }) => {
    const file = await readReferenceFile(join(arbigraphDir, name))
    const report = emptyReport()
    for (const [i, graph] of file.graphs.entries())
      await checkGraph(graph, i, report, await referenceStageHandlers())
    expect(file.graphs).toHaveLength(records)
    expect(report.failures.slice(0, 3)).toEqual([])
    expect(report).toMatchObject({ reproduced: stages, checked: stages })
    expect(report.skipped.size).toBe(0)
  })

  it('the first chain record has the stages and input of spec §8.6', async () => {
    const file = await readReferenceFile(join(arbigraphDir, 'math_chain.json'))
    const graph = file.graphs[0]!
    expect(graph.stages.map((s) => s.taskName)).toEqual([
      'TotientProductSequenceTask',
      'PolySquareFreeEvalTask',
      'PolygonDiagonalsSequenceTask',
      'ConvolutionTask',
    ])
    expect(graph.stages[0]!.input).toBe(-45n)
    expect(graph.stages[2]!.input).toBe(38716n)
    expect(graph.targetNumber).toBe(4)
  })
})
