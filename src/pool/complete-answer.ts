/**
 * The pool's one caching rule, for streamed and whole answers alike: a 200 is an answer only when
 * it is a complete, schema-valid completion. Whole: the content type is JSON, the body parses,
 * and a chat completion has `choices[0].message` (a text completion `choices[0].text`, a
 * `/tokenize` answer an integer `count`). Streamed: an event stream that finished a choice and
 * reached `[DONE]` with no error event (see `completion-stream.ts`). Anything else (a torn body,
 * a 200 without choices, a proxy's HTML page, a stream cut short) is a failed attempt: retried,
 * never cached, and named in the pool's error when the retries run out. The same rule screens
 * cache hits, so an entry stored by an older version that did not check is asked again.
 * Reference: docs/research/vllm-field-facts.md §4.
 */
import { readCompletionStream } from '../endpoint/completion-stream.ts'

export type AnswerJudgement = { complete: true } | { complete: false; reason: string }

/** A 200 as the pool received or stored it. */
export interface AnswerFacts {
  /** The request path (after the pool's `/v1` prefix, query string allowed). */
  path: string
  /** Whether the request asked for a stream. */
  stream: boolean
  contentType: string
  body: string
}

const COMPLETE: AnswerJudgement = { complete: true }
const incomplete = (reason: string): AnswerJudgement => ({ complete: false, reason })

/**
 * The verdict on one streamed body, already whole (a cache hit).
 * @example judgeStream('data: [DONE]\n\n') // { complete: false, reason: 'the stream reached [DONE] without a finish reason' }
 */
export function judgeStream(body: string): AnswerJudgement {
  const reader = readCompletionStream()
  reader.feed(body)
  const verdict = reader.finish()
  return verdict.complete ? COMPLETE : incomplete(verdict.reason)
}

function judgeJson(path: string, body: string): AnswerJudgement {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return incomplete(`the 200 body is not complete JSON (${body.length} bytes: "${body.slice(0, 120)}")`)
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return incomplete('the 200 body is not a JSON object')
  const record = json as Record<string, unknown>
  const route = path.split('?')[0]!.replace(/\/+$/, '')
  const first = Array.isArray(record.choices)
    ? (record.choices[0] as Record<string, unknown> | undefined)
    : undefined
  if (route.endsWith('/chat/completions')) {
    if (!first) return incomplete('the 200 completion has no choices')
    if (first.message === null || typeof first.message !== 'object')
      return incomplete('the 200 completion has no choices[0].message')
    return COMPLETE
  }
  if (route.endsWith('/completions')) {
    if (!first) return incomplete('the 200 completion has no choices')
    return typeof first.text === 'string' ? COMPLETE : incomplete('the 200 completion has no choices[0].text')
  }
  if (route.endsWith('/tokenize'))
    return Number.isSafeInteger(record.count)
      ? COMPLETE
      : incomplete('the 200 /tokenize answer has no integer count')
  return COMPLETE
}

/**
 * Whether a 200 may be delivered as an answer and cached.
 * @example judgeAnswer({ path: '/chat/completions', stream: false, contentType: 'application/json', body: '{"choices":[]}' }).complete // false
 */
export function judgeAnswer(answer: AnswerFacts): AnswerJudgement {
  const type = answer.contentType.toLowerCase()
  if (answer.stream) {
    if (!type.includes('text/event-stream'))
      return incomplete(`a streamed request was answered with content type "${answer.contentType}"`)
    return judgeStream(answer.body)
  }
  if (!type.includes('json')) return incomplete(`the 200 has content type "${answer.contentType}", not JSON`)
  return judgeJson(answer.path, answer.body)
}
