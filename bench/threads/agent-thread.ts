/**
 * Benchmark thread: runs tool-agent sessions the way a Vitest worker does (many concurrent cases
 * in one thread), each to the end, and reports turns and per-session turn counts.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { runToolAgent } from '../../src/agent/loop.ts'
import { profileFor } from '../../src/agent/profile.ts'

interface Job {
  baseURL: string
  model: string
  prompts: string[]
  concurrency: number
}

const job = workerData.job as Job
const profile = profileFor('chain', {})
// Sessions start together once this thread is ready, as a Vitest worker's concurrent tests do.
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
// Event-loop active time of this thread: the agents' CPU cost, separated from waiting.
const busyMs = performance.eventLoopUtilization(busyBefore).active
parentPort!.postMessage({ turns, ms: performance.now() - started, busyMs })
