/**
 * The simulator's side channel to ground truth. The harness registers each case (its prompt,
 * every output's Python repr, each output's dependency depth, the target names) in-process with
 * `register(cases)` or over HTTP with `POST /arbigraph/cases`; personas find a case by the
 * first user message (the text itself is the key: a Map hashes it far faster than SHA-256,
 * and the simulator looks a case up on every request). An unknown prompt is an HTTP 400, never a made-up answer,
 * so a harness that sends a prompt it did not register fails loudly. Nothing of this exists on a
 * real vLLM server.
 */
import { z } from 'zod'
import { ArbigraphError, formatPath } from '../errors.ts'
import { parsePyLiteral } from '../values.ts'
import type { Conversation } from './conversation.ts'
import { sha256Hex } from './conversation.ts'
import { SimHttpError } from './protocol.ts'

const reprSchema = z.string().refine(
  (text) => {
    try {
      parsePyLiteral(text)
      return true
    } catch {
      return false
    }
  },
  { message: 'expected a Python literal (int, float or list repr)' },
)

/** One registered case: the ground truth a persona answers from. */
export const simCaseSchema = z.object({
  prompt: z.string().min(1),
  /** `task_N_out` → Python repr of the exact value. */
  outputs: z.record(z.string().regex(/^task_[1-9]\d*_out$/), reprSchema).default({}),
  /** `task_N_out` → longest dependency path into the node (0 for a source). */
  depth: z.record(z.string(), z.number().int().min(0)).default({}),
  targets: z.array(z.string()).default([]),
  /** A Long-Transduction case: personas answer with (a noisy copy of) this expected output. */
  transduction: z.object({ expectedText: z.string(), format: z.string(), family: z.string() }).optional(),
})

export type SimCase = z.output<typeof simCaseSchema>
export type SimCaseInput = z.input<typeof simCaseSchema>

export interface CaseBook {
  /** Validates and stores cases (a later registration of the same prompt replaces it). */
  register(cases: readonly SimCaseInput[]): number
  lookup(prompt: string): SimCase | undefined
  readonly size: number
}

/**
 * An empty case book.
 * @example const book = createCaseBook(); book.register([{prompt: 'p', outputs: {task_1_out: '3'}}])
 */
export function createCaseBook(): CaseBook {
  const byPrompt = new Map<string, SimCase>()
  return {
    register(cases) {
      const parsed = z.array(simCaseSchema).safeParse(cases)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw new ArbigraphError(
          'ARBIGRAPH_BAD_INPUT',
          `sim cases: ${formatPath(['cases', ...issue.path])}: ${issue.message}`,
        )
      }
      for (const entry of parsed.data) byPrompt.set(entry.prompt, entry)
      return parsed.data.length
    },
    lookup: (prompt) => byPrompt.get(prompt),
    get size() {
      return byPrompt.size
    },
  }
}

/**
 * The registered case of a conversation, or a 400 "unknown case".
 * @example caseOf(book, readConversation(request)).outputs
 */
export function caseOf(book: CaseBook, conversation: Conversation): SimCase {
  const found = book.lookup(conversation.prompt)
  if (found) return found
  throw new SimHttpError(
    400,
    'BadRequestError',
    `unknown case: no case is registered for the first user message (sha256 ${sha256Hex(conversation.prompt).slice(0, 16)}…, ${conversation.prompt.length} chars); register it with register(cases) or POST /arbigraph/cases`,
    'messages',
  )
}
