/**
 * Progress of a long generation on stderr, as the commands that generate print it: on a terminal
 * a short line at most about once a second and at every 10% step; in a log (CI, a pipe) the plain
 * progress line with rate and ETA at most every 10 s (report/progress-line.ts). Both print the
 * last one, so a log always ends with the final count.
 */
import { PROGRESS_INTERVAL_MS, progressLine, throttle } from '../report/progress-line.ts'
import type { CliIo } from './command.ts'

export interface ProgressOptions {
  /** What is counted (default `instances`). */
  unit?: string
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number
  /** Also print the final count (default true); off where a summary line follows anyway. */
  last?: boolean
}

/**
 * A progress callback.
 * @example const onProgress = progressPrinter(io, { unit: 'documents' }); onProgress(64, 640)
 */
export function progressPrinter(
  io: CliIo,
  { unit = 'instances', now = Date.now, last = true }: ProgressOptions = {},
): (done: number, total: number) => void {
  const start = now()
  if (io.isTTY !== true) {
    const due = throttle(PROGRESS_INTERVAL_MS, now)
    return (done, total) => {
      const final = done === total
      if ((final && last) || (!final && due()))
        io.err(progressLine({ done, total, elapsedMs: now() - start, unit }))
    }
  }
  let lastTime = start
  let lastStep = 0
  return (done, total) => {
    const t = now()
    const step = Math.floor((done / total) * 10)
    if (done === total && !last) return
    if (t - lastTime < 1000 && step === lastStep && done !== total) return
    lastTime = t
    lastStep = step
    const rate = done / Math.max((t - start) / 1000, 1e-3)
    io.err(`generated ${done}/${total} (${((done / total) * 100).toFixed(0)}%, ${rate.toFixed(1)} ${unit}/s)`)
  }
}
