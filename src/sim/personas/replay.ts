/**
 * `replay`: serves the recorded turns of a reference results file. The sample is the one whose
 * `prompt` equals the first user message (by SHA-256; the first sample wins when two share a
 * prompt), the turn is the number of assistant messages already in the request, and the reply is
 * the recorded raw text. The files store one `token_length` per sample, not per turn, so a
 * recorded cut-off cannot be recovered: every turn finishes `stop` (or `tool_calls` in the chat
 * protocol), unless the text exceeds the request's own token budget, which the server truncates
 * to `length` like any other reply. An unknown sample or turn is an HTTP 400.
 * Reference: docs/research/arbigraph-reference-harness.md §6.2 (`turn_outputs`).
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { ArbigraphError, formatPath } from '../../errors.ts'
import { sha256Hex } from '../conversation.ts'
import { SimHttpError } from '../protocol.ts'
import type { Persona, PersonaInput, PersonaReply } from './persona.ts'

const resultsFileSchema = z.looseObject({
  samples: z.array(
    z.looseObject({
      prompt: z.string(),
      turn_outputs: z.record(z.string().regex(/^\d+$/), z.string()),
    }),
  ),
})

export interface ReplayOptions {
  /** Path of a reference results JSON file (`{summary, samples: [...]}`). */
  file: string
}

/**
 * Recorded turns by prompt hash, read from a results file.
 * @example loadRecordedTurns('agent_gsm_baseline….json').size // 656
 */
export function loadRecordedTurns(file: string): Map<string, Record<string, string>> {
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
  const turns = new Map<string, Record<string, string>>()
  for (const sample of parsed.data.samples) {
    if (!turns.has(sample.prompt)) turns.set(sample.prompt, sample.turn_outputs)
  }
  return turns
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
      const raw = sample[String(turn)]
      if (raw === undefined) {
        const count = Object.keys(sample).length
        throw new SimHttpError(
          400,
          'BadRequestError',
          `replay: unknown turn ${turn}: the recorded sample has ${count} turns`,
          'messages',
        )
      }
      return { kind: 'turn', raw }
    },
  }
}
