/**
 * Helper threads for dataset generation: worker threads that make chunks of samples
 * (generate-chunk.ts) for the thread that writes them, which makes chunks too. Each helper loads
 * the built-ins and the user's config and plans the spec as soon as it starts, then says it is
 * ready; the chunks it was sent meanwhile wait in its queue (chunk-schedule.ts decides who makes
 * what).
 */
import { Worker } from 'node:worker_threads'
import { ArbigraphError } from '../errors.ts'
import { startSignal } from '../start-signal.ts'
import type { ChunkAnswer, ChunkMessage, ChunkRequest, ChunkResult } from './generate-chunk.ts'
import { generationHelperEntry } from './helper-entry.ts'

/** The module a helper runs unless told (helper-entry.ts): the compiled (or, in a checkout, TypeScript) chunk generator. */
const DEFAULT_ENTRY = new URL('./generate-helper.mjs', import.meta.url)

/**
 * Young generation of each helper's heap. A sample allocates mostly short-lived values (splits,
 * candidate outputs, prompt pieces); V8's default young generation is small enough that many of
 * them survive into the old generation, which then grows with garbage and takes long collections.
 * Only the young generation is sized: the old one keeps V8's default, so big runs are not capped.
 */
const YOUNG_GENERATION_MB = 96

export interface GenerationHelper {
  /** Resolves once the helper can take chunks; rejects when it could not start. */
  readonly ready: Promise<void>
  /** Makes one chunk; rejects when the thread dies first (a failed sample is a result). */
  run(request: ChunkRequest): Promise<ChunkResult>
  /** Ends the thread; what it was making is dropped. */
  stop(): Promise<void>
}

/**
 * Starts a helper that plans `warm`'s spec (its jobs are ignored) while it boots.
 * @example const helper = startGenerationHelper({ ...request, jobs: [] }); await helper.ready
 */
export function startGenerationHelper(warm: ChunkRequest): GenerationHelper {
  const worker = new Worker(generationHelperEntry() ?? DEFAULT_ENTRY, {
    workerData: warm,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  })
  const pending = new Map<number, (answer: ChunkResult | Error) => void>()
  let nextId = 0
  let stopping = false
  let died: Error | undefined
  // Nobody may be waiting on `ready` when a helper fails (the run can finish without it).
  const { ready, markReady, markFailed } = startSignal()
  const die = (error: Error) => {
    if (stopping || died) return
    died = error
    markFailed(error)
    for (const settle of pending.values()) settle(error)
    pending.clear()
  }
  worker.on('message', (message: ChunkAnswer | 'ready') => {
    if (message === 'ready') {
      markReady()
      return
    }
    const settle = pending.get(message.id)
    pending.delete(message.id)
    settle?.(message.result)
  })
  worker.on('error', (error) =>
    die(new ArbigraphError('ARBIGRAPH_GENERATION_FAILED', `a generation thread failed: ${error.message}`)),
  )
  worker.on('exit', (code) =>
    die(
      new ArbigraphError(
        'ARBIGRAPH_GENERATION_FAILED',
        `a generation thread stopped unexpectedly (exit code ${code})`,
      ),
    ),
  )
  return {
    ready,
    run(request) {
      if (died) return Promise.reject(died)
      const id = nextId++
      return new Promise<ChunkResult>((resolve, reject) => {
        pending.set(id, (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)))
        worker.postMessage({ id, request } satisfies ChunkMessage)
      })
    },
    async stop() {
      stopping = true
      await worker.terminate()
    },
  }
}
