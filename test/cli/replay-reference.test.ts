import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { outcomeDiff } from '../../src/cli/commands/replay-reference.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { runCli, tempDir } from './run-cli.ts'

const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? join(import.meta.dirname, '../../../shared/reference')
const resultsFile = join(
  referenceDir,
  'arbigraph/results/baseline/Qwen3.5-27B/gsm/repair/agent_gsm_baseline_Qwen3.5-27B_20260705_234011.json',
)
const present = existsSync(resultsFile)
if (!present)
  console.warn(`[skip] replay-reference acceptance: reference results file not found at ${resultsFile}`)

describe.skipIf(!present)('arbigraph replay-reference (reference GSM baseline, Qwen3.5-27B)', () => {
  const dir = tempDir()
  let replay: Awaited<ReturnType<typeof runCli>>
  beforeAll(async () => {
    replay = await runCli(['replay-reference', resultsFile, '--quiet', '--out', 'qwen-gsm.json'], dir)
  }, 120_000)

  it('agrees with the reference on all 656 samples: status, turns, tool calls, answer, correctness', () => {
    expect(replay.out).not.toContain('DISAGREE')
    expect(replay.out).toContain('replay-reference: 656/656 samples agree')
    expect(replay.code).toBe(0)
  })

  it('prints the accuracy our grader gives the replayed answers, beside the recorded one', () => {
    expect(replay.out).toContain(
      'replay-reference: accuracy 1.000 (656/656) by our grading; the file records 1.000 (656/656)',
    )
  })

  it('--out writes a results file of the recorded run, with our grading, that report reads', async () => {
    const results = decodeResults(readFileSync(join(dir, 'qwen-gsm.json'), 'utf8'), 'qwen-gsm.json')
    expect(results).toMatchObject({
      model: 'Qwen/Qwen3.5-27B',
      simulated: false,
      provenance: { kind: 'reference-replay', file: basename(resultsFile) },
    })
    expect(results.provenance!.sha256).toBe(
      createHash('sha256').update(readFileSync(resultsFile)).digest('hex'),
    )
    expect(results.records).toHaveLength(656)
    expect(results.records.filter((r) => r.grade?.correct)).toHaveLength(656)
    // The recorded decisions: the reference's turns and tool calls, sample by sample.
    const recorded = JSON.parse(readFileSync(resultsFile, 'utf8')).samples as { agent_turns: number }[]
    expect(results.records.map((r) => r.turns)).toEqual(recorded.map((s) => s.agent_turns))
    expect(results.datasets).toHaveLength(1)
    expect(results.datasets![0]).toMatchObject({ instances: 656, trials: 656 })
    const report = await runCli(['report', 'qwen-gsm.json'], dir)
    expect(report.code).toBe(0)
    expect(report.out).toContain('model Qwen/Qwen3.5-27B · 656 trials')
    expect(report.out).toMatch(/^all\s+656\s+1\.000/m)
  })
})

describe('arbigraph replay-reference', () => {
  const base = { status: 'success', turns: 2, toolCalls: 1, answer: '50', correct: true }

  it('lists each differing field as recorded → ours', () => {
    expect(outcomeDiff(base, base)).toEqual([])
    expect(outcomeDiff(base, { ...base, turns: 3, answer: null, correct: false })).toEqual([
      'turns: 2 → 3',
      'answer: "50" → null',
      'correct: true → false',
    ])
  })

  it('rejects a file that is not agent results, naming the file and the field', async () => {
    const dir = tempDir()
    const file = join(dir, 'bad.json')
    writeFileSync(file, JSON.stringify({ summary: { system_prompt: 'x' }, samples: [] }))
    const { code, err } = await runCli(['replay-reference', file], dir)
    expect(code).toBe(1)
    expect(err).toContain(`${file}: summary.generation_params`)
    expect(err).toContain('expected reference agent results')
  })

  it('needs exactly one file', async () => {
    const { code, err } = await runCli(['replay-reference'], tempDir())
    expect(code).toBe(2)
    expect(err).toContain('missing a reference results file')
  })
})
