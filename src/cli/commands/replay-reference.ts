/**
 * `arbigraph replay-reference <results.json>`: a parity check of our harness against the
 * reference's. The simulator's `replay` persona serves each recorded sample's model turns back,
 * our agent loop runs over them with the `text` protocol (tool calls read from the text, as the
 * reference did) and the file's own budgets, system prompt and token limits, and every decision
 * the loop takes must land where the reference's did: terminal status, number of turns, number
 * of tool calls, the collected target answer and its correctness. Cut-offs are decided as the
 * reference decided them (output tokens == the turn's max_tokens; see the replay persona), so
 * long cut-off/repair sequences spend the same budgets. Exit 0 when every sample agrees, 1 on any
 * disagreement, 2 on unreadable input.
 * Reference: docs/research/arbigraph-reference-harness.md §1.7–§1.10, §6.2.
 */
import { readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { z } from 'zod'
import { runToolAgent } from '../../agent/loop.ts'
import { type HarnessProfile, resolveProfile } from '../../agent/profile.ts'
import type { Results } from '../../contracts/results.ts'
import type { Transcript } from '../../contracts/transcript.ts'
import { ArbigraphError, describeZodError } from '../../errors.ts'
import { compareAnswer } from '../../grade/compare.ts'
import { parseAnswer } from '../../grade/parse-answer.ts'
import { readReferenceFile } from '../../io/reference/read.ts'
import { referenceInstances } from '../../io/reference/reference-instances.ts'
import { writeJsonRecords } from '../../io/write-json-records.ts'
import { replayedRecords, replayedResults } from '../../report/replayed-run.ts'
import { startSimServer } from '../../sim/server.ts'
import { fromJson } from '../../values.ts'
import { parseCommandArgs, usageError } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

const paramsSchema = z.looseObject({
  temperature: z.number().default(0),
  top_p: z.number().default(0.95),
  max_tokens: z.int().positive(),
  repair_turn_max_tokens: z.int().positive(),
  max_agent_turns: z.int().positive(),
  require_initial_calculator_call: z.boolean().default(true),
  initial_tool_repair_attempts: z.int().min(0),
  final_answer_repair_attempts: z.int().min(0),
  cutoff_repair_attempts: z.int().min(0),
})

const sampleSchema = z.looseObject({
  task_name: z.string().default('?'),
  sample_idx: z.int().default(0),
  prompt: z.string(),
  ground_truth: z.unknown(),
  correct: z.boolean(),
  agent_turns: z.int(),
  agent_tool_calls: z.int(),
  agent_status: z.string(),
  expected_task_outputs: z.array(z.string()).min(1),
  task_answers: z.record(z.string(), z.looseObject({ answer: z.string() })).default({}),
})

const resultsSchema = z.looseObject({
  summary: z.looseObject({
    generation_params: paramsSchema.extend({ model: z.string().min(1).optional() }),
    system_prompt: z.string(),
  }),
  samples: z.array(sampleSchema).min(1),
})

type Sample = z.output<typeof sampleSchema>

/** One sample's decisions and outcome, as recorded or as replayed. */
export interface ReplayOutcome {
  status: string
  turns: number
  toolCalls: number
  answer: string | null
  correct: boolean
}

/**
 * The harness profile a results file was produced with.
 * @example profileOfResults(json.summary).maxTurns // 200
 */
export function profileOfResults(summary: z.output<typeof resultsSchema>['summary']): HarnessProfile {
  const p = summary.generation_params
  return resolveProfile({
    protocol: 'text',
    maxTokens: p.max_tokens,
    repairMaxTokens: p.repair_turn_max_tokens,
    maxTurns: p.max_agent_turns,
    requireInitialCalculatorCall: p.require_initial_calculator_call,
    repairBudget: {
      toolRepair: p.initial_tool_repair_attempts,
      finalAnswerRepair: p.final_answer_repair_attempts,
      cutoffRepair: p.cutoff_repair_attempts,
    },
    temperature: p.temperature,
    topP: p.top_p,
    systemPrompt: summary.system_prompt,
  })
}

/** Whether an answer equals the ground truth; the reference graded Python literals only. */
function answerCorrect(answer: string | null, groundTruth: unknown): boolean {
  if (answer === null) return false
  const parsed = parseAnswer(answer, { mode: 'reference' })
  if (!parsed.ok) return false
  try {
    return compareAnswer(fromJson(groundTruth, 'ground_truth') as never, parsed.value).match
  } catch {
    // An integer past 2^53 lost its digits in JSON.parse; compare as numbers, as JSON kept it.
    return typeof groundTruth === 'number' && Number(answer) === groundTruth
  }
}

const recorded = (sample: Sample): ReplayOutcome => {
  const target = sample.expected_task_outputs.at(-1)!
  return {
    status: sample.agent_status,
    turns: sample.agent_turns,
    toolCalls: sample.agent_tool_calls,
    answer: sample.task_answers[target]?.answer ?? null,
    correct: sample.correct,
  }
}

const replayed = (sample: Sample, transcript: Transcript): ReplayOutcome => {
  const answer = transcript.answers[sample.expected_task_outputs.at(-1)!]?.answer ?? null
  return {
    status: transcript.status,
    turns: transcript.totals.turns,
    toolCalls: transcript.counters.toolCalls,
    answer,
    correct: answerCorrect(answer, sample.ground_truth),
  }
}

/**
 * The fields on which two outcomes differ, as `field: recorded → ours`.
 * @example outcomeDiff(a, { ...a, turns: 3 }) // ['turns: 2 → 3']
 */
export function outcomeDiff(reference: ReplayOutcome, ours: ReplayOutcome): string[] {
  const keys = ['status', 'turns', 'toolCalls', 'answer', 'correct'] as const
  return keys
    .filter((key) => reference[key] !== ours[key])
    .map((key) => `${key}: ${JSON.stringify(reference[key])} → ${JSON.stringify(ours[key])}`)
}

function readResults(path: string): z.output<typeof resultsSchema> {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${path}: cannot read a results file: ${(error as Error).message}`,
    )
  }
  const parsed = resultsSchema.safeParse(json)
  if (!parsed.success)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${describeZodError(parsed.error, path)} (expected reference agent results)`,
    )
  return parsed.data
}

/** Runs `work` over `items` with at most `limit` at a time, keeping order in the results. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return results
}

/** One sample's replay: how it differs from the recording (empty = agrees), and its transcript. */
export interface SampleReplay {
  sample: Sample
  diff: string[]
  /** Our loop's transcript over the recorded turns; absent when the replay failed (`error`). */
  transcript?: Transcript
  error?: string
}

/**
 * Replays a results file; returns the disagreement lines per sample (empty = agrees).
 * @example const report = await replayReference('agent_gsm_baseline….json'); report.every((d) => d.diff.length === 0)
 */
export async function replayReference(path: string): Promise<SampleReplay[]> {
  const results = readResults(path)
  const profile = profileOfResults(results.summary)
  const sim = await startSimServer({ persona: 'replay', replayFile: path })
  try {
    return await mapLimited(results.samples, 16, async (sample) => {
      try {
        const transcript = await runToolAgent({
          prompt: sample.prompt,
          model: sim.model,
          baseURL: sim.url,
          expected: sample.expected_task_outputs,
          profile,
        })
        return { sample, diff: outcomeDiff(recorded(sample), replayed(sample, transcript)), transcript }
      } catch (error) {
        const message = (error as Error).message
        return { sample, diff: [`error: ${message}`], error: message }
      }
    })
  } finally {
    await sim.close()
  }
}

/** A rate with three decimals from exact counts ('—' for none). */
const accuracyText = (right: number, n: number) => (n === 0 ? '—' : (right / n).toFixed(3))

/**
 * The replay as our results: each sample's instance from the importer, graded by us.
 * @example const results = await replayedRun('agent_gsm_baseline….json', await replayReference(path), new Date())
 */
export async function replayedRun(
  path: string,
  report: readonly SampleReplay[],
  started: Date,
): Promise<Results> {
  const bytes = readFileSync(path)
  const results = readResults(path)
  const instances = await referenceInstances(await readReferenceFile(path))
  const samples = report.map((r) =>
    r.transcript ? { transcript: r.transcript } : { error: r.error ?? 'no transcript' },
  )
  const model = results.summary.generation_params.model ?? 'unknown'
  const records = replayedRecords(instances, samples, model, basename(path))
  return replayedResults(records, { path, bytes, model, started, finished: new Date() })
}

/**
 * The `replay-reference` command.
 * @example await main(['replay-reference', 'agent_gsm_baseline_Qwen3.5-27B_20260705_234011.json', '--quiet'])
 */
export const replayReferenceCommand: Command = {
  name: 'replay-reference',
  usage: `arbigraph replay-reference <results.json> [--quiet] [--out FILE]

Serves each recorded sample's model turns from the simulator ("replay" persona), runs our agent
loop over them (text protocol, the file's budgets and system prompt) and checks that status,
turns, tool calls, the collected target answer and its correctness agree with the file.
A turn counts as cut off when its output reached the turn's max_tokens: by the per-turn counts
the file records (turn_token_lengths), else its per-turn finishes (turn_finish_reasons), else
estimated from the sample's token_length shared over its turns.
It then prints the accuracy our grader gives the replayed answers (beside the file's own).
  --quiet      print only disagreeing samples and the totals
  --out FILE   also write the replay as a results file (atomically) that report, compare and the
               dashboard read like any other: the reference run's model name, its recorded
               decisions, our grading; "provenance" says it replays recorded reference outputs
Exit codes: 0 every sample agrees, 1 some disagree, 2 unreadable input.`,
  async run(argv: string[], io: CliIo): Promise<number> {
    const args = parseCommandArgs(
      'replay-reference',
      argv,
      { quiet: { type: 'boolean' }, out: { type: 'string', short: 'o' } },
      {
        min: 1,
        max: 1,
        names: 'a reference results file',
      },
    )
    if (args.help) {
      io.out(this.usage)
      return 0
    }
    const out = args.values.out
    if (out === '') throw usageError('replay-reference', '--out needs a file name')
    const path = resolve(io.cwd, args.positionals[0]!)
    const started = new Date()
    const report = await replayReference(path)
    for (const { sample, diff } of report) {
      const where = `${sample.task_name} #${sample.sample_idx}`
      if (diff.length > 0) io.out(`DISAGREE ${where}: ${diff.join('; ')}`)
      else if (args.values.quiet !== true) io.out(`agree    ${where}`)
    }
    const agreeing = report.filter(({ diff }) => diff.length === 0).length
    io.out(`replay-reference: ${agreeing}/${report.length} samples agree`)
    // The accuracy and the results file need the run's instances (imported from the file's
    // summary): a file the replay could read but the importer cannot still gets its agreement
    // verdict, with the reason the accuracy is missing; only --out makes that an error.
    let results: Awaited<ReturnType<typeof replayedRun>>
    try {
      results = await replayedRun(path, report, started)
    } catch (error) {
      if (typeof out === 'string' || !(error instanceof ArbigraphError)) throw error
      io.err(`replay-reference: accuracy not recomputed: ${error.message}`)
      return agreeing === report.length ? 0 : 1
    }
    const graded = results.records.filter((r) => r.grade !== null)
    const right = graded.filter((r) => r.grade!.correct).length
    const recordedRight = report.filter(({ sample }) => sample.correct).length
    io.out(
      `replay-reference: accuracy ${accuracyText(right, graded.length)} (${right}/${graded.length}) by our grading; the file records ${accuracyText(recordedRight, report.length)} (${recordedRight}/${report.length})`,
    )
    if (graded.length < results.records.length)
      io.out(
        `replay-reference: ${results.records.length - graded.length} sample(s) not graded (the replay failed)`,
      )
    if (typeof out === 'string') {
      await writeJsonRecords(resolve(io.cwd, out), results, 'records')
      io.out(
        `replay-reference: wrote ${results.records.length} case records (model ${results.model}) to ${out}`,
      )
    }
    return agreeing === report.length ? 0 : 1
  },
}
