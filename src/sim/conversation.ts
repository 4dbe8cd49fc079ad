/**
 * What a simulated model needs to know about the conversation it is continuing: which case it is
 * (the first user message), which turn (the number of assistant messages so far), which protocol
 * (`chat` when the request declares `tools`, `text` otherwise), whether thinking is on, and
 * whether a calculator call has happened yet. A calculator call counts in either form: a
 * structured `tool_calls` entry (chat protocol) or a closed `<function=calculator>` block in the
 * assistant text (text protocol), so both harness protocols drive the personas the same way.
 * Reference: docs/research/arbigraph-reference-harness.md §1.1, §1.7 (turns, `calcSeen`).
 */
import { hash } from 'node:crypto'
import type { ChatMessage, ChatRequest } from './protocol.ts'
import { contentText, SimHttpError } from './protocol.ts'

export type SimProtocol = 'chat' | 'text'

export interface Conversation {
  /** Content of the first user message: the task prompt (the case-book key). */
  prompt: string
  /** Index of the turn to generate = assistant messages already in the request. */
  turn: number
  protocol: SimProtocol
  /** False only when `chat_template_kwargs.enable_thinking === false`. */
  thinking: boolean
  /** A calculator call appears in an earlier assistant message. */
  calculatorSeen: boolean
  /** The tool may not be called (`tool_choice: "none"`). */
  toolsDisabled: boolean
}

/**
 * SHA-256 of a text, hex.
 * @example sha256Hex('') // 'e3b0c442…'
 */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex')

const CLOSED_CALCULATOR = /<function=calculator>[\s\S]*?<\/function>/

function callsCalculator(message: ChatMessage): boolean {
  if (message.role !== 'assistant') return false
  if (message.tool_calls?.some((call) => call.function.name === 'calculator')) return true
  return CLOSED_CALCULATOR.test(contentText(message))
}

/**
 * Reads the conversation state out of a request; throws a 400 when there is no user message.
 * @example readConversation({model: 'm', messages: [{role: 'user', content: 'hi'}]}).turn // 0
 */
export function readConversation(request: ChatRequest): Conversation {
  const first = request.messages.find((message) => message.role === 'user')
  if (!first)
    throw new SimHttpError(400, 'BadRequestError', 'Invalid request: messages: no user message', 'messages')
  const prompt = contentText(first)
  return {
    prompt,
    turn: request.messages.filter((message) => message.role === 'assistant').length,
    protocol: request.tools?.length ? 'chat' : 'text',
    thinking: request.chat_template_kwargs?.enable_thinking !== false,
    calculatorSeen: request.messages.some(callsCalculator),
    toolsDisabled: request.tool_choice === 'none',
  }
}
