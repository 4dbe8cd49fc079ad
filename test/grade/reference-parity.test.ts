/**
 * Parity with the reference harness on its released GSM baseline results (656 samples): our
 * answer collection must reproduce every stored `task_answers` entry from the raw turn texts,
 * `expectedOutputs` every stored `expected_task_outputs`, and the reference-mode grader every
 * stored `correct` verdict. Reads the reference files at test time only; nothing is copied.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { collectAnswerTurns, expectedOutputs } from '../../src/agent/answers.ts'
import { compareAnswer } from '../../src/grade/compare.ts'
import { parseAnswer } from '../../src/grade/parse-answer.ts'
import { fromJson, isValue } from '../../src/values.ts'

const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? resolve(import.meta.dirname, '../../../shared/reference')
const resultsFile = join(
  referenceDir,
  'arbigraph/results/baseline/Qwen3.5-27B/gsm/repair/agent_gsm_baseline_Qwen3.5-27B_20260705_234011.json',
)
const present = existsSync(resultsFile)
if (!present)
  console.warn(`[reference parity] skipped: ${resultsFile} not found (set ARBIGRAPH_REFERENCE_DIR)`)

interface ReferenceSample {
  prompt: string
  ground_truth: unknown
  correct: boolean
  turn_outputs: Record<string, string>
  expected_task_outputs: string[]
  task_answers: Record<string, { answer: string; turn: number }>
}

describe.skipIf(!present)('reference parity: GSM baseline results', () => {
  const samples = present
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { samples: ReferenceSample[] }).samples
    : []

  it('has the 656 released samples', () => {
    expect(samples).toHaveLength(656)
  })

  it('derives the stored expected outputs from every prompt', () => {
    const differing = samples.filter(
      (s) => JSON.stringify(expectedOutputs(s.prompt)) !== JSON.stringify(s.expected_task_outputs),
    )
    expect(differing).toHaveLength(0)
  })

  it('collects exactly the stored answers (text and turn) from the raw turns', () => {
    let compared = 0
    for (const sample of samples) {
      const turns = Object.keys(sample.turn_outputs)
        .sort((a, b) => Number(a) - Number(b))
        .map((key) => sample.turn_outputs[key]!)
      const collected = Object.fromEntries(collectAnswerTurns(turns, sample.expected_task_outputs))
      expect(collected).toEqual(sample.task_answers)
      compared += Object.keys(collected).length
    }
    expect(compared).toBe(656)
  })

  it('reproduces every stored verdict with the reference-mode grader', () => {
    const verdicts = samples.map((sample) => {
      const target = sample.expected_task_outputs.at(-1)!
      const answer = sample.task_answers[target]?.answer
      if (answer === undefined) return false
      const parsed = parseAnswer(answer, { mode: 'reference' })
      const expected = fromJson(sample.ground_truth)
      if (!isValue(expected)) throw new Error(`unexpected ground truth ${String(sample.ground_truth)}`)
      return parsed.ok && compareAnswer(expected, parsed.value).match
    })
    expect(verdicts).toEqual(samples.map((sample) => sample.correct))
    // Float-written answers (e.g. 50.0) are among them, so the int rule is exercised.
    expect(samples.some((s) => /\.0$/.test(Object.values(s.task_answers)[0]?.answer ?? ''))).toBe(true)
  })
})
