#!/usr/bin/env node
/**
 * A toy agent for arbigraph's HTTP agent protocol (arbigraph.http-agent/1), in plain Node with no
 * dependencies: the shape an agent in any language takes. For each case arbigraph POSTs here, it
 * asks the model endpoint it is given (the run's request pool) with a calculator tool, runs the
 * calculator calls the model makes (integer arithmetic, exact), and stops at the first turn
 * without tool calls. It replies with the `\boxed{task_N_out = …}` answers it read, every turn
 * it made and the token usage. A failure it cannot recover from is a 502 `{"error": …}`, which
 * arbigraph records as an infrastructure error of that case, not a wrong answer.
 *
 *   node examples/http-agent/server.mjs [--port 8700] [--host 127.0.0.1]
 *   # then, in a suite: defineSuite({ …, harness: httpAgent({ url: 'http://127.0.0.1:8700/case' }) })
 *   # or for every suite: ARBIGRAPH_HARNESS=http://127.0.0.1:8700/case npx arbigraph eval
 */
import { createServer } from 'node:http'

const PROTOCOL = 'arbigraph.http-agent/1'
/** Model requests per case before the agent gives up on getting an answer. */
const MAX_TURNS = 20
/** Largest case accepted, bytes (a prompt of a 1,000-node random graph is a few hundred KB). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024

const CALCULATOR = {
  type: 'function',
  function: {
    name: 'calculator',
    description: 'Evaluates integer arithmetic expressions exactly: + - * // % ** and parentheses.',
    parameters: {
      type: 'object',
      properties: { expressions: { type: 'array', items: { type: 'string' } } },
      required: ['expressions'],
    },
  },
}

// ── the calculator: exact integer arithmetic with Python's floor division and modulo ──────────

function tokenize(text) {
  const tokens = text.match(/\d+|\*\*|\/\/|[-+*/%()]|\S/g) ?? []
  return tokens.map((t) => (/^\d+$/.test(t) ? { num: BigInt(t) } : { op: t }))
}

const floorDiv = (a, b) => {
  if (b === 0n) throw new Error('division by zero')
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

/** Recursive descent over + -, * // % (and / on exact quotients), unary -, ** (right-assoc). */
function evaluate(text) {
  const tokens = tokenize(text)
  let i = 0
  const peek = () => tokens[i]?.op
  const expression = () => {
    let value = term()
    while (peek() === '+' || peek() === '-') value = tokens[i++].op === '+' ? value + term() : value - term()
    return value
  }
  const term = () => {
    let value = unary()
    while (['*', '/', '//', '%'].includes(peek())) {
      const op = tokens[i++].op
      const right = unary()
      if (op === '*') value *= right
      else if (op === '%') value -= floorDiv(value, right) * right
      else if (op === '//' || value % right === 0n) value = floorDiv(value, right)
      else throw new Error('non-integer division')
    }
    return value
  }
  const unary = () => {
    const sign = peek()
    if (sign !== '-' && sign !== '+') return power()
    i++
    return sign === '-' ? -unary() : unary()
  }
  const power = () => {
    const base = atom()
    if (peek() !== '**') return base
    i++
    const exponent = unary()
    if (exponent < 0n || exponent > 4096n) throw new Error('exponent out of range')
    return base ** exponent
  }
  const atom = () => {
    const token = tokens[i++]
    if (token?.num !== undefined) return token.num
    if (token?.op === '(') {
      const value = expression()
      if (tokens[i++]?.op !== ')') throw new Error('missing )')
      return value
    }
    throw new Error(`unexpected ${token ? `"${token.op}"` : 'end'}`)
  }
  const value = expression()
  if (i !== tokens.length) throw new Error(`unexpected "${tokens[i].op ?? tokens[i].num}"`)
  return value.toString()
}

function runCalculator(rawArguments) {
  let expressions
  try {
    expressions = JSON.parse(rawArguments).expressions
  } catch {
    return JSON.stringify({ error: 'arguments are not JSON' })
  }
  if (!Array.isArray(expressions)) return JSON.stringify({ error: 'give "expressions": [ … ]' })
  const results = expressions.map((expression) => {
    try {
      return evaluate(String(expression))
    } catch (error) {
      return `error: ${error.message}`
    }
  })
  return JSON.stringify({ results })
}

// ── the agent ───────────────────────────────────────────────────────────────────────────────

/** The latest boxed answer per expected output in the texts (a later box corrects an earlier one). */
function boxedAnswers(texts, expected) {
  const answers = {}
  for (const text of texts)
    for (const [, name, value] of text.matchAll(/\\boxed\{\s*([A-Za-z0-9_]+)\s*=\s*([^{}]*)\}/g)) {
      const key = name.toLowerCase()
      if (expected.includes(key)) answers[key] = value.trim()
    }
  return answers
}

async function askModel(endpoint, messages, signal) {
  const started = performance.now()
  const response = await fetch(`${endpoint.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
    body: JSON.stringify({
      model: endpoint.model,
      messages,
      tools: [CALCULATOR],
      temperature: 0,
      max_tokens: 8192,
      ...endpoint.requestFields,
    }),
    signal,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`model endpoint: HTTP ${response.status}: ${text.slice(0, 300)}`)
  const completion = JSON.parse(text)
  return {
    completion,
    latencyMs: performance.now() - started,
    cached: response.headers.get('x-arbigraph-cache') === 'hit',
  }
}

async function answerCase(request, signal) {
  const { case: testCase, endpoint } = request
  const messages = [{ role: 'user', content: testCase.prompt }]
  const turns = []
  for (let n = 0; n < MAX_TURNS; n++) {
    const { completion, latencyMs, cached } = await askModel(endpoint, messages, signal)
    const choice = completion.choices[0]
    const message = choice.message
    const turn = {
      text: message.content ?? '',
      reasoning: message.reasoning ?? message.reasoning_content ?? null,
      finishReason: choice.finish_reason ?? null,
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
      latencyMs,
      cached,
      toolCalls: [],
    }
    turns.push(turn)
    const calls = message.tool_calls ?? []
    if (calls.length === 0) break
    messages.push({ role: 'assistant', content: message.content ?? '', tool_calls: calls })
    for (const call of calls) {
      const result =
        call.function.name === 'calculator'
          ? runCalculator(call.function.arguments)
          : `Unknown tool: ${call.function.name}`
      turn.toolCalls.push({ name: call.function.name, arguments: call.function.arguments, result })
      messages.push({ role: 'tool', tool_call_id: call.id, content: result })
    }
  }
  const answers = boxedAnswers(
    turns.map((turn) => turn.text),
    testCase.expected,
  )
  const answeredAll = testCase.expected.every((name) => answers[name] !== undefined)
  const ranOut = turns.length === MAX_TURNS && turns.at(-1).toolCalls.length > 0
  return {
    answers,
    status: ranOut ? 'timeout' : answeredAll ? 'success' : 'missing_requested_task_answers',
    protocol: 'chat',
    turns,
  }
}

// ── the HTTP side ───────────────────────────────────────────────────────────────────────────

function reply(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readJson(req) {
  let bytes = 0
  const chunks = []
  for await (const chunk of req) {
    bytes += chunk.length
    if (bytes > MAX_REQUEST_BYTES) throw new Error(`case larger than ${MAX_REQUEST_BYTES} bytes`)
    chunks.push(chunk)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

const server = createServer(async (req, res) => {
  if (req.method !== 'POST') return reply(res, 405, { error: 'POST a case (arbigraph.http-agent/1)' })
  // arbigraph gone (run cancelled, timed out): stop asking the model for this case.
  const abandoned = new AbortController()
  res.on('close', () => res.writableFinished || abandoned.abort())
  let request
  try {
    request = await readJson(req)
    if (request.protocol !== PROTOCOL) throw new Error(`expected protocol "${PROTOCOL}"`)
  } catch (error) {
    return reply(res, 400, { error: `bad case: ${error.message}` })
  }
  try {
    reply(res, 200, await answerCase(request, abandoned.signal))
  } catch (error) {
    if (!abandoned.signal.aborted) reply(res, 502, { error: error.message })
  }
})

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : process.argv[at + 1]
}
server.listen(Number(option('port', process.env.PORT ?? 8700)), option('host', '127.0.0.1'), () => {
  const { address, port } = server.address()
  console.log(`http-agent listening on http://${address}:${port}/case`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
