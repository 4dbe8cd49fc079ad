/**
 * The HTTP agent protocol over real HTTP on loopback: a stand-in agent answers each case the way
 * the test says (a good reply, a bad field, a non-200, a body too large, silence), and the harness
 * must either read a correct transcript or fail the case as an infrastructure error that names the
 * agent's URL and the culprit — never hand a malformed reply on as a model's answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HarnessCase, HarnessContext } from '../../src/contracts/harness.ts'
import { httpAgentRequestSchema } from '../../src/contracts/http-agent.ts'
import { transcriptSchema } from '../../src/contracts/transcript.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { httpAgent } from '../../src/harness/http-agent.ts'

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: string) => void

const behaviours: Record<string, Behaviour> = {}
const received: Record<string, unknown[]> = {}
/** Resolvers waiting for a stand-in's connection to close (the abort test). */
const closed: Record<string, () => void> = {}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

const server = createServer((req, res) => {
  const path = req.url!.slice(1)
  let body = ''
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    ;(received[path] ??= []).push(JSON.parse(body))
    res.on('close', () => closed[path]?.())
    behaviours[path]!(req, res, body)
  })
})

let base = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const testCase: HarnessCase = {
  id: 'chain/math/Convolution#0',
  epoch: 1,
  prompt: 'Compute task_1_out, then task_2_out.',
  expected: ['task_1_out', 'task_2_out'],
}

const logged: string[] = []
const context = (signal = new AbortController().signal): HarnessContext => ({
  endpoint: 'http://127.0.0.1:9/v1',
  model: 'sim:oracle',
  apiKey: 'key',
  signal,
  log: (line) => logged.push(line),
  requestFields: { seed: 1 },
})

/** Runs the case against the stand-in `path` and returns the infrastructure error it must raise. */
async function infraError(path: string, options: object = {}): Promise<ArbigraphError> {
  const agent = httpAgent({ url: `${base}/${path}`, ...options })
  const error = await agent.run(testCase, context()).then(
    () => expect.unreachable('the reply should have been rejected'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ArbigraphError)
  expect((error as ArbigraphError).code).toBe('ARBIGRAPH_ENDPOINT')
  expect((error as Error).message).toContain(`http-agent ${base}/${path}: `)
  return error as ArbigraphError
}

describe('httpAgent', () => {
  it('sends the case and the endpoint, and reads answers, turns, usage and log into a transcript', async () => {
    behaviours.good = (_req, res) =>
      json(res, 200, {
        answers: { task_1_out: '7', task_2_out: '[1, 2]' },
        turns: [
          {
            text: 'calling',
            promptTokens: 100,
            completionTokens: 5,
            toolCalls: [
              { name: 'calculator', arguments: '{"expressions":["3+4"]}', result: '{"results": ["7"]}' },
            ],
          },
          {
            text: '\\boxed{task_1_out = 7}',
            finishReason: 'stop',
            promptTokens: 120,
            completionTokens: 9,
            cached: true,
          },
        ],
        log: ['memory: 2 notes'],
      })
    const result = await httpAgent({ url: `${base}/good` }).run(testCase, context())
    expect(httpAgentRequestSchema.parse(received.good![0])).toEqual({
      protocol: 'arbigraph.http-agent/1',
      case: { id: testCase.id, epoch: 1, prompt: testCase.prompt, expected: ['task_1_out', 'task_2_out'] },
      endpoint: {
        baseURL: 'http://127.0.0.1:9/v1',
        model: 'sim:oracle',
        apiKey: 'key',
        requestFields: { seed: 1 },
      },
    })
    expect(result.answers).toEqual({ task_1_out: '7', task_2_out: '[1, 2]' })
    const transcript = transcriptSchema.parse(result.transcript)
    expect(transcript).toMatchObject({
      status: 'success',
      protocol: 'chat',
      expected: ['task_1_out', 'task_2_out'],
      answers: { task_1_out: { answer: '7', turn: 1 }, task_2_out: { answer: '[1, 2]', turn: 1 } },
      counters: { toolCalls: 1, toolRepairs: 0, finalAnswerRepairs: 0, cutoffRepairs: 0 },
      totals: { turns: 2, promptTokens: 220, completionTokens: 14 },
    })
    expect(transcript.turns.map((t) => [t.kind, t.cached, t.finishReason])).toEqual([
      ['normal', false, null],
      ['tool', true, 'stop'],
    ])
    expect(logged).toContain('memory: 2 notes')
  })

  it('takes a minimal reply: a missing answer is a model outcome, usage overrides the turn sums', async () => {
    behaviours.minimal = (_req, res) =>
      json(res, 200, { answers: { task_2_out: '3' }, usage: { promptTokens: 10, completionTokens: 2 } })
    const { answers, transcript } = await httpAgent({ url: `${base}/minimal` }).run(testCase, context())
    expect(answers).toEqual({ task_2_out: '3' })
    expect(transcript.status).toBe('missing_requested_task_answers')
    expect(transcript.totals).toEqual({ turns: 0, promptTokens: 10, completionTokens: 2, latencyMs: 0 })
  })

  it('names the field of a bad reply', async () => {
    behaviours.badField = (_req, res) => json(res, 200, { answers: { task_1_out: 7 } })
    expect((await infraError('badField')).message).toMatch(/bad reply: answers\.task_1_out: .*string/)
    behaviours.badTurn = (_req, res) => json(res, 200, { answers: {}, turns: [{ txt: 'x' }] })
    expect((await infraError('badTurn')).message).toMatch(/bad reply: turns\[0\]\.text: /)
    behaviours.badStatus = (_req, res) => json(res, 200, { answers: {}, status: 'done' })
    expect((await infraError('badStatus')).message).toMatch(/bad reply: status: /)
  })

  it('rejects an answer to an output the case does not have', async () => {
    behaviours.unknownName = (_req, res) => json(res, 200, { answers: { Task_1_out: '7' } })
    expect((await infraError('unknownName')).message).toContain(
      'bad reply: answers.Task_1_out: not an output of this case (expected "task_1_out", "task_2_out")',
    )
  })

  it('refuses a prototype key among the answers instead of dropping it (graded as missing)', async () => {
    behaviours.proto = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"answers": {"task_1_out": "7", "__proto__": "8"}}')
    }
    expect((await infraError('proto')).message).toContain(
      'bad reply: answers.__proto__: a prototype key, not an output name (expected "task_1_out", "task_2_out")',
    )
  })

  it('reports a non-200 with the agent error, and a reply that is not JSON with its start', async () => {
    behaviours.failed = (_req, res) => json(res, 502, { error: 'model endpoint: HTTP 503' })
    expect((await infraError('failed')).message).toContain('HTTP 502: model endpoint: HTTP 503')
    behaviours.html = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html>proxy login</html>')
    }
    expect((await infraError('html')).message).toContain('reply is not JSON: "<html>proxy login</html>"')
  })

  it('stops reading a reply larger than maxReplyBytes', async () => {
    behaviours.huge = (_req, res) => json(res, 200, { answers: { task_1_out: 'x'.repeat(4096) } })
    expect((await infraError('huge', { maxReplyBytes: 1024 })).message).toContain(
      'reply larger than 1024 bytes (raise httpAgent({ maxReplyBytes }))',
    )
  })

  it('gives up on an agent that does not answer within timeoutMs', async () => {
    behaviours.silent = () => {} // never answers
    expect((await infraError('silent', { timeoutMs: 50 })).message).toContain(
      'no reply within 50 ms (raise httpAgent({ timeoutMs }))',
    )
  })

  it('is an infrastructure error when nothing listens at the URL', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const agent = httpAgent({ url: `http://127.0.0.1:${port}/case` })
    await expect(agent.run(testCase, context())).rejects.toThrow(
      new RegExp(`http-agent http://127\\.0\\.0\\.1:${port}/case: request failed: `),
    )
  })

  it('on abort, closes the request and rejects with the abort reason', async () => {
    behaviours.held = () => {} // holds the request until the client goes
    const gone = new Promise<void>((resolve) => (closed.held = resolve))
    const controller = new AbortController()
    const running = httpAgent({ url: `${base}/held` }).run(testCase, context(controller.signal))
    // Abort once the agent has the case, so the abort reaches an open request.
    while (!received.held) await new Promise((resolve) => setImmediate(resolve))
    const reason = new Error('run cancelled')
    controller.abort(reason)
    await expect(running).rejects.toBe(reason)
    await gone
  })

  it('rejects bad options at once, naming the option', () => {
    const bad = (options: object) => () => httpAgent(options as never)
    expect(bad({ url: 'ftp://x/case' })).toThrow(/httpAgent: url: expected an http: or https: URL/)
    expect(bad({ url: 'http://x/case', timeoutMs: 0 })).toThrow(/httpAgent: timeoutMs: /)
    expect(bad({ url: 'http://x/case', name: 'My Agent' })).toThrow(
      /httpAgent: name: expected a kebab-case name/,
    )
    expect(bad({ url: 'http://x/case', retries: 2 })).toThrow(/httpAgent: .*"retries"/)
    try {
      httpAgent({ url: 'nope' })
    } catch (error) {
      expect((error as ArbigraphError).code).toBe('ARBIGRAPH_BAD_CONFIG')
      return
    }
    expect.unreachable()
  })

  it('names its records after the agent', () => {
    expect(httpAgent({ url: 'http://x/case' }).name).toBe('http-agent')
    expect(httpAgent({ url: 'http://x/case', name: 'langgraph-memory' }).name).toBe('langgraph-memory')
  })
})
