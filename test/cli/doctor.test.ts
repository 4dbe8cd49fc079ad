/**
 * `arbigraph doctor` over real HTTP against the real simulator, one server profile at a time:
 * it prints its table for every profile, exits 0 when the chosen protocol can run, and exits 1
 * naming the server flag when it cannot (the text protocol against a server that hides calls
 * from requests without tools, the chat protocol against a server without a tool parser).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ServerProfileName, SimServer } from '../../src/sim/index.ts'
import { serverProfileNames, startSimServer } from '../../src/sim/index.ts'
import { startScriptedServer } from '../agent/scripted-server.ts'
import { runCli, tempDir } from './run-cli.ts'

// The renderer era's answer to max_tokens beyond max_model_len (renderers/params.py @1aa021e8).
const RENDERER_OVERFLOW =
  'max_tokens=262145cannot be greater than max_model_len=max_total_tokens=262144. Please request fewer output tokens. (parameter=max_tokens, value=262145)'

const opened: SimServer[] = []
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const sim of opened.splice(0)) await sim.close()
  for (const close of closers.splice(0)) await close()
})

async function simAs(server: ServerProfileName): Promise<SimServer> {
  const sim = await startSimServer({ persona: 'sim:noisy', server, maxModelLen: 32768 })
  opened.push(sim)
  return sim
}

const ROWS = ['models', 'context', 'version', 'native-tool-calls', 'text-tool-calls', 'reasoning', 'overflow']

describe('arbigraph doctor', () => {
  it.each(serverProfileNames)('prints its table against the simulator as %s', async (server) => {
    const sim = await simAs(server)
    const protocol = server === 'raw' ? 'text' : 'chat'
    const run = await runCli(['doctor', '--base-url', sim.url, '--protocol', protocol], tempDir())
    expect(run.err).toBe('')
    for (const row of ROWS) expect(run.out).toMatch(new RegExp(`^  ${row} `, 'm'))
    expect(run.out).toContain('max_model_len 32768')
    expect(run.out).toContain(`arbigraph-sim.${server}`)
    expect(run.out).toMatch(/overflow\s+ok\s+max_tokens=32769 → context_length_exceeded/)
    expect(run.out).toContain(`the ${protocol} protocol can run.`)
    expect(run.code).toBe(0)
  })

  it('passes vllm-engine with ARBIGRAPH_PROTOCOL=text: probed streamed, as turns are, the call stays in the text', async () => {
    const sim = await simAs('vllm-engine')
    vi.stubEnv('ARBIGRAPH_PROTOCOL', 'text')
    const run = await runCli(['doctor', '--base-url', sim.url], tempDir())
    expect(run.out).toMatch(/text-tool-calls\s+ok\s+the <tool_call> block stays in the text/)
    expect(run.out).toMatch(/reasoning\s+ok\s+inline <\/think> in content \(not split off by the server\)/)
    expect(run.code).toBe(0)
  })

  it('exits 1 with ARBIGRAPH_PROTOCOL=text against a server that hides calls from requests without tools', async () => {
    const server = await startScriptedServer((index) => {
      const body = server.requests[index]!
      if (body.tools) return { toolCalls: [{ name: 'calculator', arguments: '{"expressions": ["6 * 7"]}' }] }
      if ((body.max_tokens ?? 0) > 262144)
        return { status: 400, error: { message: RENDERER_OVERFLOW, type: 'BadRequestError' } }
      return { content: 'ok' }
    })
    closers.push(() => server.close())
    vi.stubEnv('ARBIGRAPH_PROTOCOL', 'text')
    const run = await runCli(['doctor', '--base-url', server.url], tempDir())
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/text-tool-calls\s+FAIL/)
    expect(run.err).toContain('the text protocol would give biased results')
    expect(run.err).toContain('drop --tool-call-parser and --enable-auto-tool-choice')
    expect(run.out).toMatch(/overflow\s+ok\s+max_tokens=262145 → context_length_exceeded/)
  })

  it('exits 1 against raw with the chat protocol, naming the flags to add', async () => {
    const sim = await simAs('raw')
    const run = await runCli(['doctor', '--base-url', sim.url], tempDir())
    expect(run.code).toBe(1)
    expect(run.err).toContain('start vLLM with --enable-auto-tool-choice --tool-call-parser qwen3_coder')
  })

  it('checks the built-in simulator of ARBIGRAPH_SIM_SERVER when no base URL is set, and says so', async () => {
    vi.stubEnv('ARBIGRAPH_SIM_SERVER', 'raw')
    const run = await runCli(['doctor', '--protocol', 'chat'], tempDir())
    expect(run.out).toContain('(SIMULATED vLLM: raw)')
    expect(run.code).toBe(1)
  })

  it('fails on an unreachable server and on a model the server does not serve', async () => {
    const sim = await simAs('vllm-legacy')
    const url = sim.url
    await sim.close()
    opened.length = 0
    const down = await runCli(['doctor', '--base-url', url], tempDir())
    expect(down.code).toBe(1)
    expect(down.out).toMatch(/models\s+FAIL\s+cannot list models at http:\/\/127\.0\.0\.1:\d+\/v1\/models/)
    const other = await simAs('vllm-legacy')
    const wrong = await runCli(['doctor', '--base-url', other.url, '--model', 'qwen9'], tempDir())
    expect(wrong.code).toBe(1)
    expect(wrong.out).toContain('the server does not serve model "qwen9"; it lists: sim:noisy')
  })

  it('rejects a bad ARBIGRAPH_PROTOCOL and a bad ARBIGRAPH_SIM_SERVER by name', async () => {
    const bad = await runCli(['doctor', '--protocol', 'xml'], tempDir())
    expect(bad.code).not.toBe(0)
    expect(bad.err).toContain('ARBIGRAPH_PROTOCOL: expected "chat" (native tool calls) or "text"')
    vi.stubEnv('ARBIGRAPH_SIM_SERVER', 'vllm-2')
    const server = await runCli(['doctor'], tempDir())
    expect(server.err).toContain('ARBIGRAPH_SIM_SERVER: unknown simulated server "vllm-2"')
  })
})
