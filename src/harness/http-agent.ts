/**
 * `httpAgent({ url })`: a harness that hands each case to an agent behind an HTTP endpoint, in
 * any language, over the `arbigraph.http-agent/1` protocol (src/contracts/http-agent.ts). The
 * agent talks to the model through the endpoint it is given, the run's request pool, so the
 * cache, the concurrency limit, retries and the transcript log apply to it as to the built-in
 * agent. Its reply is outside input: it is read up to `maxReplyBytes`, within `timeoutMs`, and
 * validated; anything wrong with the exchange (no connection, a non-200 status, a timeout, a
 * body too large, not JSON, a bad field, an answer to an output the case does not have) is an
 * `ARBIGRAPH_ENDPOINT` error naming the agent's URL and the field, so the case is recorded as an
 * infrastructure error and never graded as a model's answer. An abort stops the request and
 * rejects with the abort's reason.
 */
import { request } from 'undici'
import { z } from 'zod'
import {
  answerNameProblem,
  type Harness,
  type HarnessCase,
  type HarnessContext,
} from '../contracts/harness.ts'
import {
  HTTP_AGENT_PROTOCOL,
  type HttpAgentReply,
  type HttpAgentRequest,
  httpAgentReplySchema,
} from '../contracts/http-agent.ts'
import { ArbigraphError, describeZodError } from '../errors.ts'
import { reportedTranscript } from './reported-transcript.ts'

const optionsSchema = z.strictObject({
  /** Where to POST each case (`http:` or `https:`). */
  url: z.url({ protocol: /^https?$/, error: 'expected an http: or https: URL' }),
  /**
   * Name in the records, so two agents' runs stay apart. @default 'http-agent'
   * @example 'langgraph-memory'
   */
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'expected a kebab-case name')
    .default('http-agent'),
  /** Time allowed for the whole reply to one case: the agent's every turn. @default 3600000 (1 h) */
  timeoutMs: z.int().positive().default(3_600_000),
  /** Largest reply body read, bytes. @default 33554432 (32 MiB) */
  maxReplyBytes: z
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  /** Extra request headers (e.g. the agent's own authorization). @default {} */
  headers: z.record(z.string(), z.string()).default({}),
})

export type HttpAgentOptions = z.input<typeof optionsSchema>

/** The request body for one case. */
export function httpAgentRequest(testCase: HarnessCase, context: HarnessContext): HttpAgentRequest {
  return {
    protocol: HTTP_AGENT_PROTOCOL,
    case: {
      id: testCase.id,
      epoch: testCase.epoch,
      prompt: testCase.prompt,
      expected: [...testCase.expected],
      ...(testCase.maxTokens === undefined ? {} : { maxTokens: testCase.maxTokens }),
    },
    endpoint: {
      baseURL: context.endpoint,
      model: context.model,
      apiKey: context.apiKey,
      requestFields: { ...context.requestFields },
    },
  }
}

/** Why the exchange failed, in the agent's name. */
const failure = (url: string, why: string, cause?: unknown) =>
  new ArbigraphError('ARBIGRAPH_ENDPOINT', `http-agent ${url}: ${why}`, cause === undefined ? {} : { cause })

const head = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)

/** The body of a reply, read whole up to `limit` bytes. */
async function readBody(body: AsyncIterable<Buffer>, limit: number, url: string): Promise<string> {
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of body) {
    bytes += chunk.length
    if (bytes > limit)
      throw failure(url, `reply larger than ${limit} bytes (raise httpAgent({ maxReplyBytes }))`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The reason a non-200 reply gives: its `error` field, else the start of its body. */
function statusFailure(url: string, status: number, text: string): ArbigraphError {
  let reason = head(text)
  try {
    const json = JSON.parse(text) as { error?: unknown }
    if (typeof json.error === 'string') reason = json.error
  } catch {
    // not JSON: the body's start says what it is
  }
  return failure(url, `HTTP ${status}: ${reason}`)
}

/** A 200 reply, parsed and checked against the protocol and the case. */
export function readHttpAgentReply(text: string, expected: readonly string[], url: string): HttpAgentReply {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw failure(url, `reply is not JSON: ${head(text)}`)
  }
  const parsed = httpAgentReplySchema.safeParse(json)
  if (!parsed.success) throw failure(url, describeZodError(parsed.error, 'bad reply'))
  // The names as the reply wrote them: the parsed copy has already dropped a `__proto__` key.
  const problem = answerNameProblem(Object.keys((json as { answers: object }).answers), expected)
  if (problem !== null) throw failure(url, `bad reply: ${problem}`)
  return parsed.data
}

/** POSTs the case and reads the reply text, within the time and size bounds. */
async function exchange(
  url: string,
  body: string,
  options: z.output<typeof optionsSchema>,
  signal: AbortSignal,
) {
  const controller = new AbortController()
  const timeout = failure(url, `no reply within ${options.timeoutMs} ms (raise httpAgent({ timeoutMs }))`)
  const timer = setTimeout(() => controller.abort(timeout), options.timeoutMs)
  const onAbort = () => controller.abort(signal.reason)
  signal.addEventListener('abort', onAbort, { once: true })
  if (signal.aborted) onAbort()
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json' },
      body,
      signal: controller.signal,
      // The whole exchange is timed here; undici's own limits would cut a long agent at 5 min.
      headersTimeout: 0,
      bodyTimeout: 0,
    })
    const text = await readBody(response.body, options.maxReplyBytes, url)
    return { status: response.statusCode, text }
  } catch (error) {
    if (signal.aborted) throw signal.reason
    if (controller.signal.aborted) throw timeout
    if (error instanceof ArbigraphError) throw error
    throw failure(url, `request failed: ${(error as Error).message}`, error)
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  }
}

/**
 * The HTTP agent harness; a bad option is an `ARBIGRAPH_BAD_CONFIG` naming it, at once.
 * @example defineSuite({ topology: 'chain', category: 'math', harness: httpAgent({ url: 'http://127.0.0.1:8700/case' }) })
 */
export function httpAgent(options: HttpAgentOptions): Harness {
  const checked = optionsSchema.safeParse(options)
  if (!checked.success)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', describeZodError(checked.error, 'httpAgent'))
  const resolved = checked.data
  const { url } = resolved
  return {
    name: resolved.name,
    args: { url, timeoutMs: resolved.timeoutMs, maxReplyBytes: resolved.maxReplyBytes },
    async run(testCase, context) {
      const body = JSON.stringify(httpAgentRequest(testCase, context))
      const { status, text } = await exchange(url, body, resolved, context.signal)
      if (status !== 200) throw statusFailure(url, status, text)
      const { log, ...report } = readHttpAgentReply(text, testCase.expected, url)
      for (const line of log ?? []) context.log(line)
      const transcript = reportedTranscript(report, testCase.expected)
      return { answers: report.answers, transcript }
    },
  }
}
