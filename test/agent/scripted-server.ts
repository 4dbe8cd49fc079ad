/**
 * A scripted OpenAI-compatible endpoint for loop tests: a real `node:http` server on 127.0.0.1
 * that answers the n-th `POST /v1/chat/completions` with the n-th scripted reply (or an HTTP
 * error), records every request body, and fails loudly when the loop asks for more turns than
 * the script holds. Real sockets, so the openai client, headers and error mapping are exercised.
 * Like vLLM it streams when asked (a role chunk, content, tool-call deltas by index, a finish
 * chunk, a `choices: []` usage chunk, `[DONE]`), serves `GET /v1/models` with `max_model_len`
 * and, when given a counter, `POST /tokenize` ({count, max_model_len, tokens}); a turn can end
 * its stream with an error event or be cut before `[DONE]`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ScriptedTurn {
  content?: string | null
  reasoning?: string
  /** Which field carries the reasoning. @default 'reasoning' */
  reasoningField?: 'reasoning' | 'reasoning_content'
  toolCalls?: { name: string; arguments: string }[]
  finishReason?: 'stop' | 'length' | 'tool_calls'
  /** An HTTP error instead of a completion. */
  status?: number
  error?: { message: string; type: string }
  /** Send the error in older vLLM's flat shape `{object: 'error', message, type, …}`. */
  flatError?: boolean
  /** A raw body instead of a completion (status 200 unless `status` says otherwise). */
  rawBody?: string
  headers?: Record<string, string>
  usage?: { prompt: number; completion: number }
  /** Never answer (the client's timeout must fire). */
  hang?: boolean
  /** Streamed: after the content, an error event (then `[DONE]`), as vLLM reports a mid-stream failure. */
  streamError?: string
  /** Streamed: close the connection after the content, before `[DONE]`. */
  cutStream?: boolean
}

export interface ScriptedServerOptions {
  /** `max_model_len` in `/v1/models` and `/tokenize`. @default 262144 */
  maxModelLen?: number
  /** Counts a `/tokenize` chat request; without it `/tokenize` answers 404 as on servers that lack it. */
  tokenize?: (body: RequestBody) => number
}

export interface RequestBody {
  model: string
  messages: {
    role: string
    content?: string | null
    tool_calls?: unknown[]
    tool_call_id?: string
    name?: string
  }[]
  tools?: unknown[]
  max_tokens?: number
  max_completion_tokens?: number
  temperature?: number
  chat_template_kwargs?: Record<string, unknown>
  stream?: boolean
  stream_options?: { include_usage?: boolean }
}

export interface ScriptedServer {
  url: string
  requests: RequestBody[]
  /** Bodies of `/tokenize` requests. */
  tokenized: RequestBody[]
  close(): Promise<void>
}

function completionOf(turn: ScriptedTurn, index: number): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: turn.content ?? null }
  if (turn.reasoning !== undefined) message[turn.reasoningField ?? 'reasoning'] = turn.reasoning
  if (turn.toolCalls?.length) {
    message.tool_calls = turn.toolCalls.map((call, i) => ({
      id: `call-${index}-${i}`,
      type: 'function',
      function: call,
    }))
  }
  const finish = turn.finishReason ?? (turn.toolCalls?.length ? 'tool_calls' : 'stop')
  const usage = turn.usage ?? { prompt: 100 + index, completion: 10 }
  return {
    id: `cmpl-${index}`,
    object: 'chat.completion',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  }
}

/** The completion as vLLM streams it, piece by piece. */
function streamEvents(completion: Record<string, unknown>, turn: ScriptedTurn, usage: boolean): string[] {
  const {
    choices,
    usage: totals,
    ...head
  } = completion as {
    choices: { message: Record<string, unknown>; finish_reason: string }[]
    usage: unknown
  }
  const choice = choices[0]!
  const message = choice.message
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    JSON.stringify({
      ...head,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })
  const events = [chunk({ role: 'assistant', content: '' })]
  const field = turn.reasoningField ?? 'reasoning'
  const reasoning = message[field]
  if (typeof reasoning === 'string')
    for (let at = 0; at < reasoning.length; at += 5)
      events.push(chunk({ [field]: reasoning.slice(at, at + 5) }))
  const content = typeof message.content === 'string' ? message.content : ''
  for (let at = 0; at < content.length; at += 7) events.push(chunk({ content: content.slice(at, at + 7) }))
  const calls = (message.tool_calls ?? []) as { id: string; function: { name: string; arguments: string } }[]
  calls.forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      }),
    )
    const args = call.function.arguments
    for (let at = 0; at < args.length; at += 4)
      events.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + 4) } }] }))
  })
  if (turn.streamError !== undefined) {
    events.push(
      JSON.stringify({
        error: { message: turn.streamError, type: 'InternalServerError', param: null, code: 500 },
      }),
    )
    return [...events, '[DONE]']
  }
  events.push(chunk({}, choice.finish_reason))
  if (usage)
    events.push(JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [], usage: totals }))
  return turn.cutStream ? events : [...events, '[DONE]']
}

/**
 * Starts a server that plays `script` (a list, or a function of the turn index).
 * @example const server = await startScriptedServer([{ content: '\\boxed{task_1_out = 1}' }])
 */
export async function startScriptedServer(
  script: readonly ScriptedTurn[] | ((index: number) => ScriptedTurn),
  options: ScriptedServerOptions = {},
): Promise<ScriptedServer> {
  const requests: RequestBody[] = []
  const tokenized: RequestBody[] = []
  const maxModelLen = options.maxModelLen ?? 262_144
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const path = new URL(req.url ?? '/', 'http://scripted').pathname
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (path === '/v1/models')
      return json(200, {
        object: 'list',
        data: [{ id: 'scripted', object: 'model', max_model_len: maxModelLen }],
      })
    if (path === '/tokenize') {
      if (!options.tokenize) return json(404, { detail: 'Not Found' })
      const body = JSON.parse(raw) as RequestBody
      tokenized.push(body)
      const count = options.tokenize(body)
      return json(200, { count, max_model_len: maxModelLen, tokens: [] })
    }
    if (path !== '/v1/chat/completions') return json(404, { detail: 'Not Found' })
    const index = requests.length
    requests.push(JSON.parse(raw) as RequestBody)
    const turn = typeof script === 'function' ? script(index) : script[index]
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    if (turn?.hang) return
    if (!turn) return send(500, { error: { message: `script has no turn ${index}`, type: 'ScriptError' } })
    if (turn.rawBody !== undefined) {
      res.writeHead(turn.status ?? 200, { 'content-type': 'application/json' })
      return res.end(turn.rawBody)
    }
    if (turn.status && turn.flatError)
      return send(turn.status, { object: 'error', ...turn.error, param: null, code: turn.status })
    if (turn.status) return send(turn.status, { error: { ...turn.error, param: null, code: turn.status } })
    const body = requests[index]!
    if (!body.stream) return send(200, completionOf(turn, index), turn.headers)
    res.writeHead(200, { 'content-type': 'text/event-stream', ...turn.headers })
    const events = streamEvents(completionOf(turn, index), turn, body.stream_options?.include_usage === true)
    for (const event of events) res.write(`data: ${event}\n\n`)
    // Flushes what was written, then closes without the last chunk of the HTTP body.
    if (turn.cutStream) return void res.socket?.end()
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    tokenized,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** A chat-protocol calculator call. */
export const calcCall = (...expressions: string[]): ScriptedTurn => ({
  toolCalls: [{ name: 'calculator', arguments: JSON.stringify({ expressions }) }],
})

/** A Qwen3-Coder XML calculator call, as text. */
export const xmlCall = (...expressions: string[]): string =>
  `<tool_call>\n<function=calculator>\n<parameter=expressions>\n${JSON.stringify(expressions)}\n</parameter>\n</function>\n</tool_call>`
