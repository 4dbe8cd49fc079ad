/**
 * The persona contract: a simulated model is a function from one parsed request (plus what was
 * read off its conversation) to one reply. A reply is a raw Qwen-style turn (rendered to the
 * chat or text protocol by the server), an HTTP error, or an infrastructure fault (a reset
 * connection, a request that never answers). Personas are pure given their options and the case
 * book, except chaos, whose retry counter is the point.
 */
import type { CaseBook } from '../case-book.ts'
import type { Conversation } from '../conversation.ts'
import type { ChatRequest } from '../protocol.ts'

export type PersonaName = 'sim:oracle' | 'sim:noisy' | 'sim:chaos' | 'replay'

export type PersonaReply =
  /**
   * `raw` is the Qwen text (reasoning, `</think>`, visible). `cutoff: true` forces
   * `finish_reason: length`; a set `cutoff` (true or false) also serves the text whole, without
   * the server's own budget cut; unset, the server applies the request's max_tokens.
   */
  | { kind: 'turn'; raw: string; cutoff?: boolean }
  | { kind: 'error'; status: number; type: string; message: string; headers?: Record<string, string> }
  | { kind: 'reset' }
  | { kind: 'hang' }

export interface PersonaInput {
  request: ChatRequest
  /** The request body exactly as received (chaos hashes it). */
  body: string
  conversation: Conversation
  cases: CaseBook
  promptTokens: number
  maxTokens: number
}

export interface Persona {
  name: PersonaName
  respond(input: PersonaInput): PersonaReply
}
