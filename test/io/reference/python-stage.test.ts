import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  parsePythonBlock,
  preprocessChained,
  pythonStageCall,
  solvePythonStage,
} from '../../../plugins/python/reference-stage.ts'
import { referenceStageHandlers } from '../../../src/builtins.ts'
import { checkGraph, emptyReport } from '../../../src/io/reference/check.ts'
import type { ReferenceStage } from '../../../src/io/reference/graph.ts'
import { readReferenceFile } from '../../../src/io/reference/read.ts'
import { arbigraphDir } from './fixtures.ts'

const START_MS = 90_000

/** A block in the reference's layout (our words); the code keeps the shape §7.6 describes. */
const block = (n: number, kind: 'list' | 'val', code: string) =>
  [
    `Let ${kind}_${n} be the result of preprocessing task_${n - 1 || 1}_input as the rules say.`,
    `Trace task_${n} and store its result in task_${n}_out.`,
    '```python',
    code,
    '```',
  ].join('\n')

const stage = (over: Partial<ReferenceStage>): ReferenceStage => ({
  number: 2,
  id: 't2',
  family: 'python',
  taskName: 'pickLargest',
  inputName: 'task_1_out',
  sourceNode: 't1',
  input: [1n],
  expected: undefined,
  block: '',
  statics: {},
  ...over,
})

const topK = `def task_2(list_2: List[int], k: int, pad: Tuple[int, int] = (0, 0)) -> List[int]:
    list_2.sort(reverse=True)
    task_2_out = list_2[:k] + [pad[0]]
    return task_2_out`

describe('python stage: reading the block', () => {
  it('finds the function, its parameters and the chained one', () => {
    expect(parsePythonBlock(block(2, 'list', topK), 2)).toEqual({
      code: `${topK}\n`,
      function: 'task_2',
      params: ['list_2', 'k', 'pad'],
      chained: { name: 'list_2', kind: 'list' },
    })
  })

  it('preprocesses the chained value: round half away from zero, signed mod 100, first 10', () => {
    expect(preprocessChained([150n, -7.5, 2.5, -100n, 199n, 1n, 2n, 3n, 4n, 5n, 6n], 'list')).toEqual([
      50n,
      -8n,
      3n,
      0n,
      99n,
      1n,
      2n,
      3n,
      4n,
      5n,
    ])
    expect(preprocessChained(-12345n, 'scalar')).toBe(-45n)
    expect(() => preprocessChained([1n], 'scalar')).toThrow('a scalar input received a list')
  })

  it('names what is missing: the code, the def, the sentence, a static value', () => {
    expect(() => parsePythonBlock('no code here', 3)).toThrow('python task 3: block has no ```python code')
    expect(() => parsePythonBlock(block(2, 'list', 'def other(x):\n    return x'), 2)).toThrow(
      'code defines no "def task_2(...)"',
    )
    expect(() => parsePythonBlock(block(2, 'val', topK), 2)).toThrow('"task_2" has no parameter "val_2"')
    const bare = stage({ block: block(2, 'list', topK), statics: { pad: [7n, 7n] } })
    expect(() => pythonStageCall(bare)).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_REFERENCE',
        message: 'python task 2: no value printed for parameter "k" (task_2_k_static)',
      }),
    )
  })

  it(
    'runs the code in the sandbox with keyword arguments and returns the exact value',
    async () => {
      const s = stage({
        block: block(2, 'list', topK),
        input: [-305n, 42.5, 7n],
        statics: { k: 2n, pad: [9n, 0n] },
      })
      expect(pythonStageCall(s).kwargs).toEqual({ list_2: '[-5, 43, 7]', k: '2', pad: '[9, 0]' })
      expect(await solvePythonStage(s)).toEqual([43n, 7n, 9n])
      const failing = stage({
        block: block(2, 'list', topK.replace('list_2[:k]', 'list_2[:k] + None')),
        statics: { k: 1n, pad: [0n, 0n] },
      })
      await expect(solvePythonStage(failing)).rejects.toThrow(/python task 2: python-exception: TypeError/)
    },
    START_MS,
  )
})

const files = [
  { name: 'python_baseline.json', records: 1280, stages: 1280 },
  { name: 'tasks/python_task/chain/python_chain_test.json', records: 80, stages: 320 },
]
const havePython = existsSync(join(arbigraphDir, files[0]!.name))
if (!havePython) console.warn(`[python parity] skipped: ${join(arbigraphDir, files[0]!.name)} not found`)

describe.skipIf(!havePython)('reference parity: every Python stage of the released files', () => {
  it.each(files)(
    '$name: all $stages stages reproduced exactly in the sandbox',
    async ({ name, records, stages }) => {
      const file = await readReferenceFile(join(arbigraphDir, name))
      const report = emptyReport()
      for (const [i, graph] of file.graphs.entries())
        await checkGraph(graph, i, report, await referenceStageHandlers())
      expect(file.graphs).toHaveLength(records)
      expect(report.failures.slice(0, 3)).toEqual([])
      expect(report).toMatchObject({ reproduced: stages, checked: stages })
      expect(report.skipped.size).toBe(0)
    },
    START_MS * 2,
  )
})
