/**
 * Acceptance: never a silent simulator. With only `OPENAI_BASE_URL` (and `OPENAI_API_KEY`,
 * `OPENAI_MODEL`) set, a real suite sends its requests to that server — a loopback stand-in
 * that records them — and not to the built-in simulator. A gate on simulated results exits 1
 * saying so, in a run and in `arbigraph report --gate`, unless ARBIGRAPH_ALLOW_SIMULATED=1.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import type { Results } from '../../src/contracts/results.ts'
import { runFixture } from '../reporters/run-fixture.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'settings-suite')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-never-sim-'))
const files = (name: string) => ({
  ARBIGRAPH_RESULTS: join(dir, name, 'results.json'),
  ARBIGRAPH_MARKDOWN: 'off',
  ARBIGRAPH_DASHBOARD: 'off',
  ARBIGRAPH_CACHE_DIR: join(dir, name, 'cache'),
})

interface Seen {
  method: string
  url: string
  authorization: string | undefined
  model: unknown
}

/** An OpenAI-compatible stand-in: lists two models, answers every turn with plain text (streamed when asked). */
function startStandIn(seen: Seen[]): Promise<Server> {
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const model = body ? (JSON.parse(body) as { model?: unknown }).model : undefined
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      model,
    })
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    if (req.method === 'GET' && req.url === '/v1/models')
      return json(200, {
        object: 'list',
        data: ['stand-in-model', 'arbigraph-model'].map((id) => ({
          id,
          object: 'model',
          max_model_len: 262144,
        })),
      })
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const head = { id: `chatcmpl-${seen.length}`, created: 0, model }
      const content = 'I will not use tools. \\boxed{task_2_out = 0}'
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
      if (!(JSON.parse(body) as { stream?: boolean }).stream)
        return json(200, {
          ...head,
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' },
          ],
          usage,
        })
      // Streamed as vLLM streams: role chunk, content, finish chunk, usage chunk, [DONE].
      const chunk = (choices: unknown[], extra: object = {}) =>
        `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices, ...extra })}\n\n`
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]))
      res.write(chunk([{ index: 0, delta: { content }, finish_reason: null }]))
      res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]))
      res.write(chunk([], { usage }))
      return res.end('data: [DONE]\n\n')
    }
    json(404, { object: 'error', message: `no route ${req.url}`, type: 'NotFoundError', code: 404 })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const seen: Seen[] = []
let standIn: Server
let url: string

beforeAll(async () => {
  standIn = await startStandIn(seen)
  url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())))

const readResults = (name: string) =>
  JSON.parse(readFileSync(join(dir, name, 'results.json'), 'utf8')) as Results

describe('never a silent simulator', { timeout: 120_000 }, () => {
  it('OPENAI_BASE_URL alone sends every request to that server, with OPENAI_API_KEY and OPENAI_MODEL', async () => {
    const run = await runFixture(
      ['run'],
      {
        ...files('openai'),
        OPENAI_BASE_URL: url,
        OPENAI_API_KEY: 'sk-stand-in',
        OPENAI_MODEL: 'stand-in-model',
        ARBIGRAPH_MAX_RETRIES: '0',
      },
      root,
    )
    expect(run.stderr, run.stderr).not.toContain('SIMULATED')
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const turns = seen.filter((s) => s.method === 'POST' && s.url === '/v1/chat/completions')
    expect(turns.length).toBeGreaterThanOrEqual(2) // two cases, at least one turn each
    for (const turn of turns) {
      expect(turn.model).toBe('stand-in-model')
      expect(turn.authorization).toBe('Bearer sk-stand-in')
    }
    const results = readResults('openai')
    expect(results.simulated).toBe(false)
    expect(results.model).toBe('stand-in-model')
    expect(results.records).toHaveLength(2)
  })

  it('ARBIGRAPH_* wins over OPENAI_* when both are set', async () => {
    const before = seen.length
    const run = await runFixture(
      ['run'],
      {
        ...files('both'),
        OPENAI_BASE_URL: 'http://openai.invalid/v1', // never asked: the run would stop on it
        OPENAI_MODEL: 'openai-model',
        ARBIGRAPH_BASE_URL: url,
        ARBIGRAPH_MODEL: 'arbigraph-model',
      },
      root,
    )
    expect(run.code).toBe(0)
    const turns = seen.slice(before).filter((s) => s.url === '/v1/chat/completions')
    expect(turns.length).toBeGreaterThanOrEqual(2)
    expect(turns.every((t) => t.model === 'arbigraph-model')).toBe(true)
  })

  it('a gate on simulated results exits 1 saying so; ARBIGRAPH_ALLOW_SIMULATED=1 lets it judge', async () => {
    const gate = { ARBIGRAPH_SIM: 'sim:oracle', ARBIGRAPH_GATE: '*.accuracy>=0.5' }
    const refused = await runFixture(['run'], { ...files('sim'), ...gate }, root)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('gate: refused — these results are SIMULATED (model "sim:oracle")')
    const allowed = await runFixture(
      ['run'],
      { ...files('sim'), ...gate, ARBIGRAPH_ALLOW_SIMULATED: '1' },
      root,
    )
    expect(allowed.code).toBe(0)
    expect(allowed.stdout).toContain('gate: all 1 rule(s) hold')
  })

  it('arbigraph report --gate on a simulated results file exits 1 unless ARBIGRAPH_ALLOW_SIMULATED=1', async () => {
    const err: string[] = []
    const io = { out: () => {}, err: (line: string) => err.push(line), cwd: dir }
    const argv = [join(dir, 'sim', 'results.json'), '--gate', '*.accuracy>=0.5']
    const saved = process.env.ARBIGRAPH_ALLOW_SIMULATED
    try {
      delete process.env.ARBIGRAPH_ALLOW_SIMULATED
      expect(await reportCommand.run(argv, io)).toBe(1)
      expect(err.join('\n')).toContain('gate: refused — these results are SIMULATED')
      process.env.ARBIGRAPH_ALLOW_SIMULATED = '1'
      expect(await reportCommand.run(argv, io)).toBe(0)
    } finally {
      if (saved === undefined) delete process.env.ARBIGRAPH_ALLOW_SIMULATED
      else process.env.ARBIGRAPH_ALLOW_SIMULATED = saved
    }
  })
})
