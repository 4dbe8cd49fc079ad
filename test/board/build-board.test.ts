/**
 * The board's numbers, recomputed here from the records by hand: each model's cell rate and
 * Wilson interval, the exact McNemar test against the cell's best model on the trials both
 * graded, runs of one model pooled as epochs (their trials pair with another model's epochs), a
 * frozen dataset's hash keeping columns and pairs apart, and the clear refusals (a file that is
 * no results file, a bad record, a folder that is not a board).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import '../../index.ts'
import { defaultRegistry } from '../../plugins/index.ts'
import { arbigraphBoard } from '../../src/arbigraph-board.ts'
import { boardData } from '../../src/board/board-data.ts'
import { boardInputs } from '../../src/board/board-inputs.ts'
import { buildBoard } from '../../src/board/build-board.ts'
import { boardFold } from '../../src/board/fold-board.ts'
import { boardCommand } from '../../src/cli/commands/board.ts'
import { datasetOf } from '../../src/contracts/board.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { mcnemarExact } from '../../src/metrics/mcnemar.ts'
import { wilson95 } from '../../src/metrics/wilson.ts'
import { runCommand, scratchDir } from '../cli/reference-io.ts'
import { simRun } from '../dashboard/make-run.ts'
import { syntheticRunRecords, writeSyntheticRun } from './synthetic-runs.ts'
import { syntheticTransductionRecords, writeSyntheticTransduction } from './synthetic-transduction.ts'

const benchmarks = () => defaultRegistry().benchmarks.values()
const cellOf = (r: CaseRecord) => `${r.topology}/${r.category}`

describe('arbigraph board: the numbers', () => {
  let dir: string
  const A = { model: 'model-a', trials: 108, skill: 0.25 }
  const B = { model: 'model-b', trials: 108 }
  beforeAll(async () => {
    dir = scratchDir()
    await writeSyntheticRun(dir, 'a', A)
    await writeSyntheticRun(dir, 'b0', B)
    await writeSyntheticRun(dir, 'b1', { ...B, epoch: 0, skill: -0.1 })
  })

  it('a cell: rate and Wilson interval per model, McNemar against the best on shared trials', async () => {
    const inputs = await boardInputs(dir, ['a.json', 'b0.json'], benchmarks())
    const { data } = await buildBoard(inputs, benchmarks(), join(dir, 'board-ab'))
    const section = data.sections[0]!
    expect(section.columns.map((c) => c.key)).toEqual(['model-a', 'model-b'])
    const a = syntheticRunRecords(A)
    const b = syntheticRunRecords(B)
    for (const [j, cell] of section.cells.entries()) {
      const ra = a.filter((r) => cellOf(r) === cell)
      const rb = b.filter((r) => cellOf(r) === cell)
      const right = (rs: CaseRecord[]) => rs.filter((r) => r.grade?.correct).length
      const ca = section.columns[0]!.cells[j]!
      const cb = section.columns[1]!.cells[j]!
      expect([ca.correct, ca.graded]).toEqual([right(ra), ra.length])
      expect([cb.low, cb.high]).toEqual([
        wilson95(right(rb), rb.length).lower,
        wilson95(right(rb), rb.length).upper,
      ])
      const [best, other, otherRecords, bestRecords] =
        (ca.rate ?? 0) >= (cb.rate ?? 0) ? [ca, cb, rb, ra] : [cb, ca, ra, rb]
      expect(best.versus).toBe('best')
      // Same case id and epoch → a pair.
      let lost = 0
      let won = 0
      bestRecords.forEach((x, i) => {
        const y = otherRecords[i]!
        if (x.grade!.correct && !y.grade!.correct) lost++
        if (!x.grade!.correct && y.grade!.correct) won++
      })
      expect(other.versus).toEqual({ shared: ra.length, lost, won, p: mcnemarExact(lost, won).p })
    }
  })

  it("runs of one model are pooled as epochs: the second run's trials pair with another model's epoch 1", async () => {
    await writeSyntheticRun(dir, 'a1', { ...A, epoch: 1 })
    const inputs = await boardInputs(dir, ['a.json', 'a1.json', 'b0.json', 'b1.json'], benchmarks())
    const { data } = await buildBoard(inputs, benchmarks(), join(dir, 'board-pooled'))
    const [first, second] = data.sections[0]!.columns
    expect(first!.runs).toHaveLength(2)
    expect(second!.runs).toHaveLength(2)
    expect(first!.total.trials).toBe(216)
    expect(second!.total.trials).toBe(216)
    // Every trial pairs: model-b's second run (epoch 0 in its file) is the board's epoch 1.
    const versus = second!.total.versus
    expect(versus !== 'best' && versus?.shared).toBe(216)
  })

  it('trials of different frozen datasets are different columns and never pair; one dataset pairs by instance', () => {
    expect(datasetOf({ dataset: { sha256: 'abc', index: 3 } })).toEqual({ dataset: 'abc', instance: '3' })
    expect(datasetOf({})).toEqual({})
    // Records of a frozen dataset carry its hash and the instance's position (`dataset`).
    const frozen = (records: CaseRecord[], hash: string) =>
      records.map((r, i) => ({
        ...r,
        suite: { dataset: hash.slice(0, 12) },
        dataset: { sha256: hash, index: i, file: 'frozen.jsonl' },
      }))
    const fold = boardFold()
    const add = (records: CaseRecord[]) => {
      const r = fold.startRun({ file: 'x', benchmark: 'arbigraph', data: 'd' }, arbigraphBoard as never)
      for (const record of records) r.add(record.model, arbigraphBoard.trials(record))
      r.end(records.length)
    }
    add(frozen(syntheticRunRecords(A), 'aaaaaaaaaaaaaaaaaaaa'))
    add(frozen(syntheticRunRecords(B), 'aaaaaaaaaaaaaaaaaaaa'))
    add(frozen(syntheticRunRecords({ ...B, model: 'model-c' }), 'bbbbbbbbbbbbbbbbbbbb'))
    const data = boardData(fold.sections, fold.runs, () => false)
    const columns = data.sections[0]!.columns
    expect(columns.map((c) => c.key).sort()).toEqual([
      'model-a @aaaaaaaaaaaa',
      'model-b @aaaaaaaaaaaa',
      'model-c @bbbbbbbbbbbb',
    ])
    const versusOf = (key: string) => columns.find((c) => c.key === key)!.total.versus
    const best = columns[0]!.key
    expect(best).toBe('model-a @aaaaaaaaaaaa')
    expect(versusOf('model-b @aaaaaaaaaaaa')).toMatchObject({ shared: 108 })
    expect(versusOf('model-c @bbbbbbbbbbbb')).toBeNull()
    // The cells are the instances' topology × category: the dataset is the column's, not the cell's.
    expect(data.sections[0]!.cells).toEqual([...new Set(syntheticRunRecords(A).map(cellOf))].sort())
  })

  it('board.md: the matrix with intervals, the best in bold, the runs of each model', async () => {
    const md = readFileSync(join(dir, 'board-ab', 'board.md'), 'utf8')
    expect(md).toMatch(/^# Board: 2 models, 2 runs, 216 trials/)
    expect(md).toContain('| model | baseline/gsm |')
    expect(md).toMatch(/\| model-a \| \*\*\d+\.\d% \[\d+\.\d, \d+\.\d\]\*\*/)
    expect(md).toContain('- model-b: `b0.json` (108 trials)')
  })

  it('refuses a file of no benchmark on the board, a bad record, and a folder that is no board', async () => {
    writeFileSync(join(dir, 'other.json'), '{"schema": "something/1", "records": []}')
    await expect(runCommand(boardCommand, ['a.json', 'other.json'], dir)).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_INPUT',
      message: expect.stringMatching(
        /other\.json: not a results file the board reads \(schema "something\/1"\); it reads "arbigraph\.results\/1"/,
      ),
    })
    const broken = readFileSync(join(dir, 'a.json'), 'utf8').replace('"turns": ', '"turns": -')
    writeFileSync(join(dir, 'broken.json'), broken)
    await expect(runCommand(boardCommand, ['broken.json'], dir)).rejects.toThrow(
      /broken\.json: records\[0\]\.turns/,
    )
    // The board checks the fields its numbers come from, with the record schema's own rules.
    const notBoolean = readFileSync(join(dir, 'a.json'), 'utf8').replace(
      '"correct": false',
      '"correct": "no"',
    )
    writeFileSync(join(dir, 'broken2.json'), notBoolean)
    await expect(runCommand(boardCommand, ['broken2.json'], dir)).rejects.toThrow(
      /broken2\.json: records\[\d+\]\.grade\.correct: Invalid input: expected boolean/,
    )
    mkdirSync(join(dir, 'mine'))
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep me')
    await expect(runCommand(boardCommand, ['a.json', '--out', 'mine'], dir)).rejects.toMatchObject({
      code: 'ARBIGRAPH_EXISTS',
      message: expect.stringContaining('exists and is not a board'),
    })
    expect(readFileSync(join(dir, 'mine', 'notes.txt'), 'utf8')).toBe('keep me')
    mkdirSync(join(dir, 'empty'))
    await expect(runCommand(boardCommand, ['empty'], dir)).rejects.toThrow(
      /empty: no results file under this folder/,
    )
  })

  it('Long-Transduction: exact completion per family × budget, Fig. 2a means per budget, Fig. 8 per model', async () => {
    await writeSyntheticTransduction(dir, 'lt-a', 'model-a', 1.1)
    await writeSyntheticTransduction(dir, 'lt-b', 'model-b', 0.7)
    const inputs = await boardInputs(dir, ['lt-a.json', 'lt-b.json'], benchmarks())
    const { data, markdown } = await buildBoard(inputs, benchmarks(), join(dir, 'board-lt'))
    const section = data.sections.find((s) => s.benchmark === 'transduction')!
    expect(section.cells).toEqual([
      'arithmetic/4K',
      'arithmetic/8K',
      'arithmetic/16K',
      'uuid-sort/4K',
      'uuid-sort/8K',
      'uuid-sort/16K',
    ])
    const records = syntheticTransductionRecords('model-b', 0.7, 3)
    const b = section.columns.find((c) => c.model === 'model-b')!
    const exact = records.filter(
      (r) => r.family === 'arithmetic' && r.budget === '4K' && r.score!.exact,
    ).length
    expect(b.cells[0]!.correct).toBe(exact)
    const fig2a = section.views.find((v) => v.view.id === 'accuracy-budget')!
    expect(fig2a.x).toEqual(['4K', '8K', '16K'])
    const at8K = records.filter((r) => r.budget === '8K')
    const mean = at8K.reduce((n, r) => n + r.score!.accuracy, 0) / at8K.length
    expect(fig2a.series[section.columns.indexOf(b)]![1]!.means.accuracy).toBeCloseTo(mean, 12)
    // Fig. 2b: per task at the longest budget the board holds (16K, not the last in text order).
    const fig2b = section.views.find((v) => v.view.id === 'accuracy-family-longest')!
    expect(fig2b.view.title).toBe('Accuracy per task at the longest budget (Fig. 2b): budget 16K')
    expect(fig2b.x).toEqual(['arithmetic', 'uuid-sort'])
    const sortAt16K = records.filter((r) => r.budget === '16K' && r.family === 'uuid-sort')
    const sortMean = sortAt16K.reduce((n, r) => n + r.score!.accuracy, 0) / sortAt16K.length
    expect(fig2b.series[section.columns.indexOf(b)]![1]!.means.accuracy).toBeCloseTo(sortMean, 12)
    const fig8 = section.views.find((v) => v.view.id === 'family-budget')!
    expect(fig8.y).toEqual(['arithmetic', 'uuid-sort'])
    expect(markdown).toContain('## Long-Transduction: exact completion per cell')
  })

  it('a real run (sim:noisy through the harness) on the board: its counts are its records', async () => {
    const real = await simRun({ noise: 3 })
    const inputs = await boardInputs(dir, [real.file, 'a.json'], benchmarks())
    const { data } = await buildBoard(inputs, benchmarks(), join(dir, 'board-real'))
    const column = data.sections[0]!.columns.find((c) => c.model === 'sim:noisy')!
    const records = real.results.records
    expect(column.total.trials).toBe(records.length)
    expect(column.total.correct).toBe(records.filter((r) => r.grade?.correct).length)
    expect(column.total.infra).toBe(records.filter((r) => r.infraError).length)
  })

  it('sweep curves of every model overlaid, each with its breaking point', async () => {
    await writeSyntheticTransduction(dir, 'sw-a', 'model-a', 1.1, 3, true)
    await writeSyntheticTransduction(dir, 'sw-b', 'model-b', 0.7, 3, true)
    const inputs = await boardInputs(dir, ['sw-a.json', 'sw-b.json'], benchmarks())
    const { data } = await buildBoard(inputs, benchmarks(), join(dir, 'board-sweep'))
    const section = data.sections.find((s) => s.benchmark === 'transduction')!
    const file = JSON.parse(readFileSync(join(dir, 'sw-b.json'), 'utf8')) as {
      sweeps: {
        key: string
        points: { accuracy: number }[]
        fit: { breakingPoint: { status: string; size?: number } } | null
      }[]
    }
    expect(section.sweeps.map((s) => s.key)).toEqual(file.sweeps.map((c) => c.key).sort())
    for (const sweep of section.sweeps) {
      expect(sweep.series.map((s) => section.columns[s.column]!.model).sort()).toEqual(['model-a', 'model-b'])
      const curve = file.sweeps.find((c) => c.key === sweep.key)!
      const b = sweep.series.find((s) => section.columns[s.column]!.model === 'model-b')!
      expect(b.points.map((p) => p.accuracy)).toEqual(curve.points.map((p) => p.accuracy))
      const bp = curve.fit?.breakingPoint
      expect(b.breakingPoint).toEqual(bp === undefined ? null : bp.status === 'beyond' ? 'beyond' : bp.size)
    }
  })
})
