import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { checkReferenceCommand, checkReferenceFile } from '../../src/cli/commands/check-reference.ts'
import { readReferenceFile } from '../../src/io/reference/read.ts'
import {
  arbigraphDir,
  baselineFile,
  customRecord,
  divisorSumRecord,
  haveReference,
  multichainRecord,
  writeJson,
} from '../io/reference/fixtures.ts'
import { runCommand, scratchDir } from './reference-io.ts'

const cwd = scratchDir()
const check = (...argv: string[]) => runCommand(checkReferenceCommand, argv, cwd)

describe('arbigraph check-reference', () => {
  it('prints reproduced N/M and exits 0 when every stage matches', async () => {
    writeJson(cwd, 'ok.json', baselineFile([divisorSumRecord(), divisorSumRecord()]))
    const run = await check('ok.json')
    expect(run.code).toBe(0)
    expect(run.out).toContain('ok.json (math, 2 records): reproduced 2/2 stages')
  })

  it('names the record, task and stage of a corrupted ground truth and exits 1', async () => {
    const bad = multichainRecord({ name: 'MatrixFrobeniusSqTask', gt: 11555 })
    writeJson(cwd, 'bad.json', { summary: { mode: 'multi_chain' }, samples: [multichainRecord(), bad] })
    const run = await check('bad.json')
    expect(run.code).toBe(1)
    expect(run.out).toContain(
      'mismatch samples[1] (MatrixFrobeniusSqTask) stage 4 MatrixFrobeniusSqTask: expected 11555, got 11554',
    )
    expect(run.out).toContain('reproduced 7/8 stages')
  })

  it('truncates long values and lists every record with --verbose', async () => {
    const record = customRecord()
    record.custom_dag.stages[0]!.ground_truth = Array.from({ length: 60 }, (_, i) => i)
    writeJson(cwd, 'long.json', { summary: { mode: 'custom_dag' }, samples: [record] })
    const short = await check('long.json')
    expect(short.code).toBe(1)
    expect(short.out).toMatch(/stage 1 GrayCodeSequenceTask: expected \[0, 1, 2, [^\n]*…, got \[6, 7, 5\]/)
    const verbose = await check('long.json', '--verbose')
    expect(verbose.out).toContain('58, 59], got [6, 7, 5]')
    expect(verbose.err).toContain('samples[0] DivisorSumTask: MISMATCH')
  })

  it('exits 1 when nothing can be checked (M = 0), with the skipped count', async () => {
    // Undone after the test (the shared project's unstubEnvs).
    for (const name of ['ARBIGRAPH_GSM_POOL', 'ARBIGRAPH_GSM_TEMPLATES']) vi.stubEnv(name, undefined)
    writeJson(cwd, 'gsm.json', baselineFile([{ ...divisorSumRecord(), task_name: 'GSM_0001.json' }], 'gsm'))
    const run = await check('gsm.json')
    expect(run.code).toBe(1)
    expect(run.out).toContain('reproduced 0/0 stages, skipped 1 (1 GSM templates not configured')
  })

  it.each([
    ['missing.json', null, 'missing.json: no such file'],
    ['broken.json', '{"summary": ', 'broken.json: malformed JSON'],
    ['other.json', { rows: [] }, 'other.json: not a reference dataset: summary'],
    ['nomode.json', { summary: {}, samples: [] }, 'not a reference dataset: summary.mode'],
    [
      'field.json',
      baselineFile([{ ...divisorSumRecord(), ground_truth: 'x' }]),
      'field.json: samples[0].ground_truth: expected a number',
    ],
    [
      'nested.json',
      baselineFile([{ ...divisorSumRecord(), ground_truth: [[1]] }]),
      'samples[0].ground_truth: expected a number or a flat list',
    ],
    [
      'huge.json',
      '{"summary":{"mode":"math"},"samples":[{"task_id":0,"task_name":"DivisorSumTask","sample_idx":0,"prompt":"Task 1:\\nx","ground_truth":12345678901234567890,"chain_input":1}]}',
      'samples[0].ground_truth: integer 12345678901234567000 exceeds 2^53',
    ],
    [
      'noblock.json',
      baselineFile([{ ...divisorSumRecord(), prompt: 'Define task_1_input = -25.\n' }]),
      'samples[0]: prompt has no "Task 1:" block',
    ],
  ])('bad input %s exits 2 naming the file and field', async (name, content, message) => {
    if (content !== null) writeJson(cwd, name, content)
    const run = await check(name)
    expect(run.code).toBe(2)
    expect(run.err).toContain(message)
  })

  it('rejects a missing file argument as a usage error', async () => {
    await expect(check()).rejects.toMatchObject({
      code: 'ARBIGRAPH_USAGE',
      message: expect.stringContaining('missing the reference file'),
    })
  })
})

describe.skipIf(!haveReference)('arbigraph check-reference on the released math files', () => {
  it.each(['math_baseline.json', 'math_chain.json', 'tasks/math_task/chain/math_chain_test.json'])(
    '%s is reproduced in full',
    async (name) => {
      const run = await check(join(arbigraphDir, name))
      expect(run.out).not.toContain('mismatch')
      expect(run.out).toMatch(/reproduced (\d+)\/\1 stages$/)
      expect(run.code).toBe(0)
    },
  )

  it('finds a corrupted stage inside a copy of math_chain.json', async () => {
    const json = JSON.parse(readFileSync(join(arbigraphDir, 'math_chain.json'), 'utf8'))
    json.samples[17].chain.distractors[1].ground_truth = 123456789
    writeJson(cwd, 'corrupt-chain.json', json)
    const run = await check('corrupt-chain.json')
    expect(run.code).toBe(1)
    // Stage 2's wrong value is also stage 3's input, so stage 3 fails too.
    expect(run.out).toMatch(/^mismatch samples\[17\] \(\w+\) stage 2 \w+: expected 123456789, got/m)
    expect(run.out).toContain('reproduced 2558/2560 stages')
  })
})

describe('checkReferenceFile progress', () => {
  it('prints "done/total records (percent)" to stderr once the interval has passed', async () => {
    const path = writeJson(cwd, 'progress.json', baselineFile([divisorSumRecord(), divisorSumRecord()]))
    const err: string[] = []
    const io = { out: () => {}, err: (line: string) => err.push(line), cwd }
    const report = await checkReferenceFile(await readReferenceFile(path), io, { progressEveryMs: 0 })
    expect(report.reproduced).toBe(2)
    expect(err).toEqual([
      '… 1/2 records (50%), 0 mismatches so far',
      '… 2/2 records (100%), 0 mismatches so far',
    ])
  })
})
