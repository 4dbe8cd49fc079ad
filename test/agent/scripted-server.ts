/**
 * A scripted OpenAI-compatible endpoint for loop tests: a real `node:http` server on 127.0.0.1
 * that answers the n-th `POST /v1/chat/completions` with the n-th scripted reply (or an HTTP
 * error), records every request body, and fails loudly when the loop asks for more turns than
 * the script holds. Real sockets, so the openai client, headers and error mapping are exercised.
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
  max_completion_tokens?: number
  temperature?: number
  chat_template_kwargs?: Record<string, unknown>
}

export interface ScriptedServer {
  url: string
  requests: RequestBody[]
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

/**
 * Starts a server that plays `script` (a list, or a function of the turn index).
 * @example const server = await startScriptedServer([{ content: '\\boxed{task_1_out = 1}' }])
 */
export async function startScriptedServer(
  script: readonly ScriptedTurn[] | ((index: number) => ScriptedTurn),
): Promise<ScriptedServer> {
  const requests: RequestBody[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
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
    send(200, completionOf(turn, index), turn.headers)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
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
