import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { outcomeDiff } from '../../src/cli/commands/replay-reference.ts'
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
  it('agrees with the reference on all 656 samples: status, turns, tool calls, answer, correctness', async () => {
    const { code, out } = await runCli(['replay-reference', resultsFile, '--quiet'], process.cwd())
    expect(out).not.toContain('DISAGREE')
    expect(out).toContain('replay-reference: 656/656 samples agree')
    expect(code).toBe(0)
  }, 120_000)
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
