/**
 * `npm run bench:harness`: tool-agent throughput, measured in this run.
 *
 * Threads as in a real run: the simulated endpoint (oracle persona) in its own thread, standing
 * in for a model server elsewhere; the request pool in the main thread, as globalSetup runs it;
 * agent sessions in two threads, as two Vitest workers run them. The agent threads stay up
 * across jobs and the measured jobs follow three warm-up rounds in the same threads, as a long
 * Vitest run's cases follow its first ones. Each figure is the median of five runs, interleaved
 * with the other measurements of its phase, and comes with the process's CPU time per turn and
 * each thread's busy time per turn (event-loop utilization), so a regression names its
 * component: all four threads share the machine's cores.
 *
 * 1. Zero latency: agent turns per second through the pool (goal ≥ 500/s), and the same
 *    sessions sent straight to the endpoint as the baseline for the pool's overhead.
 * 2. 256 concurrent sessions at 200 ms simulated latency: wall time over the ideal (every
 *    session's turns back to back at exactly 200 ms each; goal ≤ 1.15), direct, through a bare
 *    proxy (one more loopback hop and nothing else) and through the pool, in the same run.
 *    All sessions start at once, so the turns come in bursts of 256 requests; on two cores the
 *    excess over the ideal is the CPU time of about one and a half bursts (a burst of requests,
 *    then one of answers and next requests) shared by the agents, the pool and the simulator.
 */
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { defaultRegistry } from '../plugins/index.ts'
import { generateDataset } from '../src/generate/generate-dataset.ts'
import { startRequestPool } from '../src/pool/index.ts'
import { simCaseOf } from '../src/vitest/sim-case.ts'
import { startBareProxy } from './bare-proxy.ts'
import type { AgentJob, AgentJobResult } from './threads/agent-thread.ts'

const entry = new URL('./threads/ts-thread.mjs', import.meta.url)
const thread = (module: string, workerData: Record<string, unknown> = {}) =>
  new Worker(entry, { workerData: { module: new URL(module, import.meta.url).href, ...workerData } })
const nextMessage = <T>(worker: Worker) =>
  new Promise<T>((ok, fail) => {
    const failed = (error: Error) => fail(error)
    worker.once('error', failed)
    worker.once('message', (message: T) => {
      worker.off('error', failed)
      ok(message)
    })
  })

type Elu = ReturnType<typeof performance.eventLoopUtilization>

/** The simulated endpoint in its own thread; `busySince` reads that thread's event-loop time. */
async function startSim(latencyMs: number) {
  const worker = thread('./threads/sim-thread.ts', { latencyMs })
  const { url, model } = await nextMessage<{ url: string; model: string }>(worker)
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

const agents = [thread('./threads/agent-thread.ts'), thread('./threads/agent-thread.ts')]
await Promise.all(agents.map((agent) => nextMessage<'ready'>(agent)))

interface Measured {
  turns: number
  perSession: number[]
  ms: number
  /** Busy ms per turn of the agent threads (summed), the sim thread and the main (pool) thread. */
  agentMs: number
  simMs: number
  poolMs: number
  /** CPU time of the whole process (every thread, user + system) per turn. */
  cpuMs: number
}

/**
 * Runs the prompts split over the two agent threads, `concurrency / 2` sessions in flight in
 * each; the wall time is the slower thread's, timed inside it.
 */
async function runSessions(
  baseURL: string,
  sim: Awaited<ReturnType<typeof startSim>>,
  prompts: string[],
  concurrency: number,
): Promise<Measured> {
  const simBefore: Elu = sim.worker.performance.eventLoopUtilization()
  const mainBefore: Elu = performance.eventLoopUtilization()
  const cpuBefore = process.cpuUsage()
  const results = await Promise.all(
    agents.map((agent, k) => {
      const job: AgentJob = {
        baseURL,
        model: sim.model,
        prompts: prompts.filter((_, i) => i % agents.length === k),
        concurrency: concurrency / agents.length,
      }
      agent.postMessage(job)
      return nextMessage<AgentJobResult | { error: string }>(agent)
    }),
  )
  const cpu = process.cpuUsage(cpuBefore)
  const simBusy = sim.worker.performance.eventLoopUtilization(simBefore).active
  const mainBusy = performance.eventLoopUtilization(mainBefore).active
  const done = results.map((r) => {
    if ('error' in r) throw new Error(`agent thread: ${r.error}`)
    return r
  })
  const perSession = done.flatMap((r) => r.turns)
  const turns = perSession.reduce((a, b) => a + b, 0)
  return {
    turns,
    perSession,
    ms: Math.max(...done.map((r) => r.ms)),
    agentMs: done.reduce((a, r) => a + r.busyMs, 0) / turns,
    simMs: simBusy / turns,
    poolMs: mainBusy / turns,
    cpuMs: (cpu.user + cpu.system) / 1000 / turns,
  }
}

/**
 * Runs every measurement `times` times, interleaved (a, b, c, a, b, c, …) so that drift in the
 * process (heap growth, JIT, the machine) falls on all of them alike; returns each one's runs
 * sorted by wall time (the median is in the middle).
 */
async function interleaved(times: number, measures: (() => Promise<Measured>)[]): Promise<Measured[][]> {
  const runs: Measured[][] = measures.map(() => [])
  for (let i = 0; i < times; i++)
    for (const [k, measure] of measures.entries()) runs[k]!.push(await measure())
  return runs.map((list) => list.sort((a, b) => a.ms - b.ms))
}
const median = (runs: Measured[]) => runs[Math.floor(runs.length / 2)]!

const busy = (m: Measured, pooled: boolean) =>
  `CPU ${m.cpuMs.toFixed(3)} ms per turn; busy per turn: agents ${m.agentMs.toFixed(3)} ms, ${pooled ? `pool ${m.poolMs.toFixed(3)} ms, ` : ''}sim ${m.simMs.toFixed(3)} ms`

const registry = defaultRegistry()
const { instances } = await generateDataset(
  { topology: 'chain', options: { length: 4 }, categories: ['math'], samplesPerTask: 8, seed: 'bench' },
  { registry },
)
const cases = instances.map((instance) => simCaseOf(instance))
const prompts = instances.map((instance) => instance.prompt)

console.log(`harness: ${prompts.length} chain/math sessions (oracle persona: calculator turn, then answers)`)
const WARM_UPS = 3
const REPEATS = 5
{
  const sim = await startSim(0)
  await register(sim.url, cases)
  const pool = await startRequestPool({ upstreams: [sim.url], concurrency: 64, cacheMode: 'off' })
  // Warm-up of both paths in the same threads: JIT, sockets.
  for (let i = 0; i < WARM_UPS; i++) {
    await runSessions(sim.url, sim, prompts, 64)
    await runSessions(pool.url, sim, prompts, 64)
  }
  const [directRuns, pooledRuns] = await interleaved(REPEATS, [
    () => runSessions(sim.url, sim, prompts, 64),
    () => runSessions(pool.url, sim, prompts, 64),
  ])
  const direct = median(directRuns!)
  const pooled = median(pooledRuns!)
  await pool.close()
  const rate = (r: Measured) => r.turns / (r.ms / 1000)
  console.log(`zero latency, 2 agent threads × 32 sessions in flight (median of ${REPEATS})`)
  console.log(`  direct to the endpoint: ${rate(direct).toFixed(0)} turns/s (${busy(direct, false)})`)
  console.log(
    `  through the request pool: ${rate(pooled).toFixed(0)} turns/s = ${(rate(pooled) / rate(direct)).toFixed(2)}× direct (${busy(pooled, true)}); goal ≥ 500/s ${rate(pooled) >= 500 ? '(met)' : '(NOT met)'}`,
  )
  sim.worker.postMessage('close')
}
{
  const latencyMs = 200
  const sim = await startSim(latencyMs)
  await register(sim.url, cases)
  const sessions = prompts.slice(0, 256)
  const pool = await startRequestPool({ upstreams: [sim.url], concurrency: 256, cacheMode: 'off' })
  const proxy = await startBareProxy(sim.url)
  for (let i = 0; i < WARM_UPS; i++) {
    await runSessions(sim.url, sim, sessions, 256)
    await runSessions(proxy.url, sim, sessions, 256)
    await runSessions(pool.url, sim, sessions, 256)
  }
  const [directRuns, proxiedRuns, pooledRuns] = (await interleaved(REPEATS, [
    () => runSessions(sim.url, sim, sessions, 256),
    () => runSessions(proxy.url, sim, sessions, 256),
    () => runSessions(pool.url, sim, sessions, 256),
  ])) as [Measured[], Measured[], Measured[]]
  await pool.close()
  await proxy.close()
  const longest = Math.max(...pooledRuns[0]!.perSession)
  const ideal = longest * latencyMs
  const ratios = (runs: Measured[]) => runs.map((r) => (r.ms / ideal).toFixed(3)).join(' ')
  const direct = median(directRuns)
  const proxied = median(proxiedRuns)
  const run = median(pooledRuns)
  console.log(
    `256 concurrent sessions at ${latencyMs} ms latency (ideal ${ideal} ms: ${longest} turns × ${latencyMs} ms; median of ${REPEATS})`,
  )
  console.log(
    `  direct to the endpoint: wall ${direct.ms.toFixed(0)} ms = ${(direct.ms / ideal).toFixed(3)} × ideal (all runs: ${ratios(directRuns)}; ${busy(direct, false)})`,
  )
  console.log(
    `  through a bare proxy: wall ${proxied.ms.toFixed(0)} ms = ${(proxied.ms / ideal).toFixed(3)} × ideal (all runs: ${ratios(proxiedRuns)}; ${busy(proxied, true)})`,
  )
  console.log(
    `  through the pool: wall ${run.ms.toFixed(0)} ms = ${(run.ms / ideal).toFixed(3)} × ideal (all runs: ${ratios(pooledRuns)}; ${busy(run, true)}); goal ≤ 1.15 ${run.ms / ideal <= 1.15 ? '(met)' : '(NOT met)'}`,
  )
  sim.worker.postMessage('close')
}
for (const agent of agents) agent.postMessage('close')
process.exit(0)
