/**
 * The global concurrency limit: a FIFO counting semaphore. The request pool takes one permit per
 * upstream attempt (never for a cache hit, never while sleeping between retries), so the limit
 * is exactly the number of requests the model endpoint sees in flight, whatever the number of
 * Vitest workers. FIFO order keeps a long queue fair: the earliest waiter is served first.
 */
import { ArbigraphError } from '../errors.ts'

/** A held permit; call it once to give the permit back. */
export type Release = () => void

export interface Limiter {
  /** Waits for a permit (FIFO). Rejects with the signal's reason if `signal` aborts while queued. */
  acquire(signal?: AbortSignal): Promise<Release>
  /** A permit at once if one is free and nobody is queued, else undefined (no waiting, no promise). */
  tryAcquire(): Release | undefined
  /** Permits held right now. */
  readonly inFlight: number
  /** The most permits ever held at once. */
  readonly maxInFlight: number
  /** Callers queued for a permit. */
  readonly waiting: number
}

interface Waiter {
  grant: (release: Release) => void
}

/**
 * Creates a FIFO limiter allowing `limit` holders at once.
 * @example
 * const limiter = createLimiter(16)
 * const release = await limiter.acquire()
 * try { await callModel() } finally { release() }
 */
export function createLimiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `pool/limiter: limit must be an integer ≥ 1, got ${limit}`,
    )
  let inFlight = 0
  let maxInFlight = 0
  const queue: Waiter[] = []

  const permit = (): Release => {
    inFlight++
    if (inFlight > maxInFlight) maxInFlight = inFlight
    let released = false
    return () => {
      if (released) return
      released = true
      inFlight--
      const next = queue.shift()
      if (next) next.grant(permit())
    }
  }

  return {
    tryAcquire: () => (inFlight < limit && queue.length === 0 ? permit() : undefined),
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason)
      if (inFlight < limit && queue.length === 0) return Promise.resolve(permit())
      return new Promise<Release>((resolve, reject) => {
        const waiter: Waiter = {
          grant: (release) => {
            signal?.removeEventListener('abort', onAbort)
            resolve(release)
          },
        }
        const onAbort = () => {
          const at = queue.indexOf(waiter)
          if (at >= 0) queue.splice(at, 1)
          reject(signal?.reason)
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        queue.push(waiter)
      })
    },
    get inFlight() {
      return inFlight
    },
    get maxInFlight() {
      return maxInFlight
    },
    get waiting() {
      return queue.length
    },
  }
}
