/**
 * Reads a streamed chat completion (Server-Sent Events) and judges whether it is complete. The
 * deltas are assembled into the message a non-streamed answer would carry: content and
 * reasoning (`reasoning` or the older `reasoning_content`) concatenated, tool calls put together
 * by `index` (id, name, argument JSON strings concatenated), the last finish reason, and the
 * usage of the final `choices: []` chunk (`stream_options.include_usage`). A stream is complete
 * only when a choice finished and `[DONE]` came with no error event before it: vLLM reports an
 * error that happens after the 200 went out as a `data: {"error": …}` event followed by `[DONE]`,
 * and a stream cut before `[DONE]` lost an unknown tail. The request pool uses the same reader to
 * decide what it may forward and cache, and marks a retried attempt with an `arbigraph.restart`
 * event (sent only to clients that asked for it) after which the assembly starts over.
 * Reference: docs/research/vllm-field-facts.md §4; WHATWG HTML, "Server-sent events".
 */
import { createParser } from 'eventsource-parser'
import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { EndpointError } from './overflow.ts'
import { errorOfJson } from './overflow.ts'

/** The SSE event name the request pool sends before the events of a retried attempt. */
export const RESTART_EVENT = 'arbigraph.restart'
/** The request header with which a client asks the pool for restart events instead of a failure. */
export const RESTART_HEADER = 'x-arbigraph-stream-restart'

/** What one event was. */
export type StreamEventKind = 'chunk' | 'done' | 'error' | 'restart'

export type StreamVerdict =
  | { complete: true; completion: ChatCompletion }
  | { complete: false; reason: string; error?: EndpointError }

export interface CompletionStreamReader {
  /** Feeds bytes (decoded as UTF-8 across chunk boundaries) or text. */
  feed(chunk: Uint8Array | string): void
  /** Ends the input and judges it. */
  finish(): StreamVerdict
  /** True before the first event of an attempt (at the start and after a restart). */
  readonly awaitingAttempt: boolean
  /** Restart events seen. */
  readonly restarts: number
}

export interface CompletionStreamHooks {
  /** Called for every event, with its `data` text, before it is assembled. */
  onEvent?(kind: StreamEventKind, data: string): void
  /** Called when the first non-empty content or reasoning delta of an attempt arrives. */
  onFirstToken?(): void
}

interface ToolCallDraft {
  id: string
  name: string
  arguments: string
}

interface Assembly {
  head: { id: string; created: number; model: string } | undefined
  content: string
  reasoning: string
  reasoningField: 'reasoning' | 'reasoning_content'
  calls: ToolCallDraft[]
  finishReason: string | null
  usage: ChatCompletion['usage'] | undefined
  sawToken: boolean
}

const emptyAssembly = (): Assembly => ({
  head: undefined,
  content: '',
  reasoning: '',
  reasoningField: 'reasoning',
  calls: [],
  finishReason: null,
  usage: undefined,
  sawToken: false,
})

type Delta = {
  content?: unknown
  reasoning?: unknown
  reasoning_content?: unknown
  tool_calls?: { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }[]
}

function addToolCalls(into: Assembly, deltas: NonNullable<Delta['tool_calls']>): void {
  for (const delta of deltas) {
    const index = typeof delta.index === 'number' ? delta.index : into.calls.length
    into.calls[index] ??= { id: '', name: '', arguments: '' }
    const call = into.calls[index]!
    if (typeof delta.id === 'string' && call.id === '') call.id = delta.id
    const name = delta.function?.name
    // Servers send the name once; taking the first keeps a repeated name from doubling.
    if (typeof name === 'string' && call.name === '') call.name = name
    const args = delta.function?.arguments
    if (typeof args === 'string') call.arguments += args
  }
}

function addChunk(into: Assembly, chunk: Record<string, unknown>, hooks: CompletionStreamHooks): void {
  if (!into.head && typeof chunk.id === 'string')
    into.head = {
      id: chunk.id,
      created: typeof chunk.created === 'number' ? chunk.created : 0,
      model: typeof chunk.model === 'string' ? chunk.model : '',
    }
  if (chunk.usage && typeof chunk.usage === 'object') into.usage = chunk.usage as ChatCompletion['usage']
  const choices = Array.isArray(chunk.choices) ? chunk.choices : []
  const choice = choices.find((c: { index?: unknown }) => (c?.index ?? 0) === 0) as
    | { delta?: Delta; finish_reason?: unknown }
    | undefined
  if (!choice) return
  const delta = choice.delta ?? {}
  const reasoning = delta.reasoning ?? delta.reasoning_content
  if (typeof reasoning === 'string') {
    if (delta.reasoning === undefined) into.reasoningField = 'reasoning_content'
    into.reasoning += reasoning
  }
  if (typeof delta.content === 'string') into.content += delta.content
  if (Array.isArray(delta.tool_calls)) addToolCalls(into, delta.tool_calls)
  if (!into.sawToken && (into.content !== '' || into.reasoning !== '')) {
    into.sawToken = true
    hooks.onFirstToken?.()
  }
  if (typeof choice.finish_reason === 'string') into.finishReason = choice.finish_reason
}

/** The assembled answer in the shape of a non-streamed `chat.completion`. */
function completionOf(a: Assembly): ChatCompletion {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: a.content === '' && a.calls.length > 0 ? null : a.content,
    refusal: null,
  }
  if (a.reasoning !== '') message[a.reasoningField] = a.reasoning
  if (a.calls.length > 0)
    message.tool_calls = a.calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }))
  return {
    id: a.head?.id ?? '',
    object: 'chat.completion',
    created: a.head?.created ?? 0,
    model: a.head?.model ?? '',
    choices: [
      {
        index: 0,
        message: message as unknown as ChatCompletion['choices'][number]['message'],
        finish_reason: a.finishReason as ChatCompletion['choices'][number]['finish_reason'],
        logprobs: null,
      },
    ],
    ...(a.usage ? { usage: a.usage } : {}),
  }
}

/**
 * A reader for one streamed response.
 * @example
 * const reader = readCompletionStream()
 * reader.feed('data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n')
 * reader.finish().complete // true
 */
export function readCompletionStream(hooks: CompletionStreamHooks = {}): CompletionStreamReader {
  let assembly = emptyAssembly()
  let done = false
  let failure: { reason: string; error?: EndpointError } | undefined
  let awaitingAttempt = true
  let restarts = 0
  const decoder = new TextDecoder('utf-8')
  const parser = createParser({
    onEvent(event) {
      awaitingAttempt = false
      if (event.event === RESTART_EVENT) {
        hooks.onEvent?.('restart', event.data)
        assembly = emptyAssembly()
        done = false
        failure = undefined
        awaitingAttempt = true
        restarts++
        return
      }
      if (done || failure) return
      if (event.data.trim() === '[DONE]') {
        hooks.onEvent?.('done', event.data)
        done = true
        return
      }
      let json: unknown
      try {
        json = JSON.parse(event.data)
      } catch {
        failure = { reason: `the stream carried an event that is not JSON: ${event.data.slice(0, 200)}` }
        hooks.onEvent?.('error', event.data)
        return
      }
      const record = (json ?? {}) as Record<string, unknown>
      if (record.error !== undefined && record.error !== null) {
        const error = errorOfJson(json) ?? { message: JSON.stringify(record.error).slice(0, 500) }
        failure = { reason: `the stream carried an error event: "${error.message}"`, error }
        hooks.onEvent?.('error', event.data)
        return
      }
      hooks.onEvent?.('chunk', event.data)
      addChunk(assembly, record, hooks)
    },
  })
  return {
    feed(chunk) {
      parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    },
    finish() {
      parser.feed(decoder.decode())
      if (failure) return { complete: false, ...failure }
      if (!done) return { complete: false, reason: 'the stream ended before [DONE]' }
      if (assembly.finishReason === null)
        return { complete: false, reason: 'the stream reached [DONE] without a finish reason' }
      return { complete: true, completion: completionOf(assembly) }
    },
    get awaitingAttempt() {
      return awaitingAttempt
    },
    get restarts() {
      return restarts
    },
  }
}
