/**
 * `replay`: serves the recorded turns of a reference results file. The sample is the one whose
 * `prompt` equals the first user message (by SHA-256; the first sample wins when two share a
 * prompt), the turn is the number of assistant messages already in the request, and the reply is
 * the recorded raw text, served whole. An unknown sample or turn is an HTTP 400.
 *
 * Whether a turn was cut off is decided the way the reference decided it: its output, counted
 * with the reference's tokenizer, equals the turn's max_tokens (which the request carries, since
 * our loop picks normal or repair budgets like the reference). Where the file records per-turn
 * counts (`turn_token_lengths`) they are used as they are; else a recorded finish reason
 * (`turn_finish_reasons`, `length` = cut off); else the counts are estimated: the sample's
 * recorded `token_length` (the sum over its turns, reference tokenizer) is shared out over the
 * turns in proportion to their cl100k_base counts, and a turn whose share reaches 90% of its
 * max_tokens is a cut-off (a cut-off text holds exactly max_tokens tokens, ordinary turns far
 * fewer). With none of these the server applies the request's budget as for any persona.
 * Reference: docs/research/arbigraph-reference-harness.md §1.7 (cutoff rule), §6.2 (`turn_outputs`).
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { cl100kTokens } from '../../cl100k-tokens.ts'
import { ArbigraphError, formatPath } from '../../errors.ts'
import { sha256Hex } from '../conversation.ts'
import { SimHttpError } from '../protocol.ts'
import type { Persona, PersonaInput, PersonaReply } from './persona.ts'

const turnKey = z.string().regex(/^\d+$/)

const resultsFileSchema = z.looseObject({
  samples: z.array(
    z.looseObject({
      prompt: z.string(),
      turn_outputs: z.record(turnKey, z.string()),
      token_length: z.int().min(0).optional(),
      turn_token_lengths: z.record(turnKey, z.int().min(0)).optional(),
      turn_finish_reasons: z.record(turnKey, z.string()).optional(),
    }),
  ),
})

/** A share of the sample's tokens this close to max_tokens reads as a cut-off (see the header). */
const ESTIMATED_CUTOFF_SHARE = 0.9

/** One recorded sample: its turns and what is known of each turn's length. */
export interface RecordedSample {
  turns: Record<string, string>
  /** Whether turn `k` was cut off when its budget was `maxTokens`; undefined when unknown. */
  cutoff(turn: string, maxTokens: number): boolean | undefined
}

type SampleRecord = z.output<typeof resultsFileSchema>['samples'][number]

function cutoffRule(sample: SampleRecord): RecordedSample['cutoff'] {
  const counts = sample.turn_token_lengths
  if (counts)
    return (turn, maxTokens) => (counts[turn] === undefined ? undefined : counts[turn] === maxTokens)
  const finishes = sample.turn_finish_reasons
  if (finishes) return (turn) => (finishes[turn] === undefined ? undefined : finishes[turn] === 'length')
  const total = sample.token_length
  if (total === undefined) return () => undefined
  const proxy = new Map(Object.entries(sample.turn_outputs).map(([turn, text]) => [turn, cl100kTokens(text)]))
  const proxyTotal = [...proxy.values()].reduce((a, b) => a + b, 0)
  return (turn, maxTokens) => {
    const share = proxyTotal === 0 ? 0 : (total * (proxy.get(turn) ?? 0)) / proxyTotal
    return share >= ESTIMATED_CUTOFF_SHARE * maxTokens
  }
}

export interface ReplayOptions {
  /** Path of a reference results JSON file (`{summary, samples: [...]}`). */
  file: string
}

/**
 * Recorded turns by prompt hash, read from a results file.
 * @example loadRecordedTurns('agent_gsm_baseline….json').get(prompt)?.turns['0']
 */
export function loadRecordedTurns(file: string): Map<string, RecordedSample> {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `replay: cannot read results file "${file}": ${(error as Error).message}`,
    )
  }
  const parsed = resultsFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `replay: "${file}": ${formatPath(issue.path)}: ${issue.message}`,
    )
  }
  const samples = new Map<string, RecordedSample>()
  for (const sample of parsed.data.samples) {
    if (!samples.has(sample.prompt))
      samples.set(sample.prompt, { turns: sample.turn_outputs, cutoff: cutoffRule(sample) })
  }
  return samples
}

/**
 * The replay persona.
 * @example startSimServer({ persona: 'replay', replayFile: 'results.json' })
 */
export function replayPersona(options: ReplayOptions): Persona {
  const recorded = loadRecordedTurns(options.file)
  return {
    name: 'replay',
    respond(input: PersonaInput): PersonaReply {
      const { prompt, turn } = input.conversation
      const sample = recorded.get(prompt)
      if (!sample) {
        throw new SimHttpError(
          400,
          'BadRequestError',
          `replay: unknown sample: no recorded prompt has sha256 ${sha256Hex(prompt).slice(0, 16)}…`,
          'messages',
        )
      }
      const raw = sample.turns[String(turn)]
      if (raw === undefined) {
        const count = Object.keys(sample.turns).length
        throw new SimHttpError(
          400,
          'BadRequestError',
          `replay: unknown turn ${turn}: the recorded sample has ${count} turns`,
          'messages',
        )
      }
      const cutoff = sample.cutoff(String(turn), input.maxTokens)
      return cutoff === undefined ? { kind: 'turn', raw } : { kind: 'turn', raw, cutoff }
    },
  }
}
