/**
 * `npm run bench:harness`: tool-agent throughput, measured in this run.
 *
 * Threads as in a real run: the simulated endpoint (oracle persona) in its own thread, standing
 * in for a model server elsewhere; the request pool in the main thread, as globalSetup runs it;
 * agent sessions in two threads, as two Vitest workers run them.
 *
 * 1. Zero latency: agent turns per second through the pool (goal ≥ 500/s), and the same
 *    sessions sent straight to the endpoint as the baseline for the pool's overhead.
 * 2. 256 concurrent sessions at 200 ms simulated latency: wall time over the ideal (every
 *    session's turns back to back at exactly 200 ms each; goal ≤ 1.15).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { defaultRegistry } from '../plugins/index.ts'
import { generateDataset } from '../src/generate/generate-dataset.ts'
import { startRequestPool } from '../src/pool/index.ts'
import { simCaseOf } from '../src/vitest/sim-case.ts'

const entry = new URL('./threads/ts-thread.mjs', import.meta.url)
const thread = (module: string, workerData: Record<string, unknown>) =>
  new Worker(entry, { workerData: { module: new URL(module, import.meta.url).href, ...workerData } })
const once = <T>(worker: Worker) =>
  new Promise<T>((ok, fail) => {
    worker.once('message', ok)
    worker.once('error', fail)
  })

async function startSim(latencyMs: number) {
  const worker = thread('./threads/sim-thread.ts', { latencyMs })
  const { url, model } = await once<{ url: string; model: string }>(worker)
  return { worker, url, model }
}

async function register(simUrl: string, cases: unknown[]) {
  const control = simUrl.replace(/\/v1$/, '')
  const response = await fetch(`${control}/arbigraph/cases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cases }),
  })
  if (!response.ok) throw new Error(`registering cases: HTTP ${response.status} ${await response.text()}`)
}

/**
 * Runs the prompts in two agent threads; returns total turns, per-session turns and the wall
 * time of the sessions (timed inside each thread, after its modules loaded: thread start-up is
 * a one-off cost of a Vitest worker, not of its turns).
 */
async function runSessions(baseURL: string, model: string, prompts: string[], concurrency: number) {
  const halves = [prompts.filter((_, i) => i % 2 === 0), prompts.filter((_, i) => i % 2 === 1)]
  const results = await Promise.all(
    halves.map((part) =>
      once<{ turns: number[]; ms: number; busyMs: number }>(
        thread('./threads/agent-thread.ts', {
          job: { baseURL, model, prompts: part, concurrency: concurrency / 2 },
        }),
      ),
    ),
  )
  const ms = Math.max(...results.map((r) => r.ms))
  const turns = results.flatMap((r) => r.turns)
  const total = turns.reduce((a, b) => a + b, 0)
  const agentBusyMs = results.reduce((a, r) => a + r.busyMs, 0)
  return { turns: total, perSession: turns, ms, agentMsPerTurn: agentBusyMs / total }
}

const registry = defaultRegistry()
const { instances } = await generateDataset(
  { topology: 'chain', options: { length: 4 }, categories: ['math'], samplesPerTask: 8, seed: 'bench' },
  { registry },
)
const cases = instances.map((instance) => simCaseOf(instance))
const prompts = instances.map((instance) => instance.prompt)
const cacheDir = await mkdtemp(join(tmpdir(), 'arbigraph-bench-'))

console.log(`harness: ${prompts.length} chain/math sessions (oracle persona: calculator turn, then answers)`)
{
  const sim = await startSim(0)
  await register(sim.url, cases)
  // Warm-up: JIT, sockets, and the agent threads' module loading.
  await runSessions(sim.url, sim.model, prompts.slice(0, 64), 32)
  const direct = await runSessions(sim.url, sim.model, prompts, 64)
  const pool = await startRequestPool({ upstreams: [sim.url], concurrency: 64, cacheMode: 'off' })
  const pooled = await runSessions(pool.url, sim.model, prompts, 64)
  await pool.close()
  const rate = (r: { turns: number; ms: number }) => r.turns / (r.ms / 1000)
  console.log('zero latency, 2 agent threads × 32 sessions in flight')
  console.log(`  direct to the endpoint: ${rate(direct).toFixed(0)} turns/s`)
  console.log(
    `  through the request pool: ${rate(pooled).toFixed(0)} turns/s (${(rate(pooled) / rate(direct)).toFixed(2)}× direct); goal ≥ 500/s ${rate(pooled) >= 500 ? '(met)' : '(NOT met)'}`,
  )
  sim.worker.postMessage('close')
}
{
  const latencyMs = 200
  const sim = await startSim(latencyMs)
  await register(sim.url, cases)
  const sessions = prompts.slice(0, 256)
  await runSessions(sim.url, sim.model, sessions.slice(0, 64), 64) // warm-up
  const direct = await runSessions(sim.url, sim.model, sessions, 256)
  const pool = await startRequestPool({ upstreams: [sim.url], concurrency: 256, cacheMode: 'off' })
  const run = await runSessions(pool.url, sim.model, sessions, 256)
  await pool.close()
  const longest = Math.max(...run.perSession)
  const ideal = longest * latencyMs
  console.log(
    `256 concurrent sessions at ${latencyMs} ms latency (ideal ${ideal} ms: ${longest} turns × ${latencyMs} ms)`,
  )
  console.log(
    `  direct to the endpoint: wall ${direct.ms.toFixed(0)} ms = ${(direct.ms / ideal).toFixed(3)} × ideal (agent threads busy ${direct.agentMsPerTurn.toFixed(2)} ms per turn)`,
  )
  console.log(
    `  through the pool: wall ${run.ms.toFixed(0)} ms = ${(run.ms / ideal).toFixed(3)} × ideal (agent threads busy ${run.agentMsPerTurn.toFixed(2)} ms per turn); goal ≤ 1.15 ${run.ms / ideal <= 1.15 ? '(met)' : '(NOT met)'}`,
  )
  sim.worker.postMessage('close')
}
await rm(cacheDir, { recursive: true, force: true })
process.exit(0)
