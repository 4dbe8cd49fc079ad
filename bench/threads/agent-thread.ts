/**
 * Benchmark thread: runs tool-agent sessions the way a Vitest worker does (many concurrent cases
 * in one thread), each to the end. It stays up between jobs, so a measured job runs on code the
 * warm-up already compiled, as the cases of a long Vitest run do.
 */
import { parentPort } from 'node:worker_threads'
import { chain } from '../../plugins/topologies/chain.ts'
import { runToolAgent } from '../../src/agent/loop.ts'
import { profileFor } from '../../src/agent/profile.ts'

export interface AgentJob {
  baseURL: string
  model: string
  prompts: string[]
  concurrency: number
}

export interface AgentJobResult {
  /** Turns of each session. */
  turns: number[]
  /** Wall time from the first session's start to the last one's end. */
  ms: number
  /** Event-loop active time: this thread's CPU cost, separated from waiting. */
  busyMs: number
}

const profile = profileFor(chain)

async function run(job: AgentJob): Promise<AgentJobResult> {
  let next = 0
  const turns: number[] = []
  const started = performance.now()
  const busyBefore = performance.eventLoopUtilization()
  async function lane(): Promise<void> {
    while (next < job.prompts.length) {
      const prompt = job.prompts[next++]!
      const transcript = await runToolAgent({ prompt, model: job.model, baseURL: job.baseURL, profile })
      if (transcript.status !== 'success') throw new Error(`bench session ended ${transcript.status}`)
      turns.push(transcript.turns.length)
    }
  }
  await Promise.all(Array.from({ length: job.concurrency }, lane))
  const busyMs = performance.eventLoopUtilization(busyBefore).active
  return { turns, ms: performance.now() - started, busyMs }
}

parentPort!.on('message', (message: AgentJob | 'close') => {
  if (message === 'close') process.exit(0)
  run(message).then(
    (result) => parentPort!.postMessage(result),
    (error: Error) => parentPort!.postMessage({ error: error.message }),
  )
})
parentPort!.postMessage('ready')
