/**
 * The readiness of something that starts in the background (a generation thread, a Python
 * sandbox): a promise settled from outside, once, when it says it is ready or when it could not
 * start. Its rejection is handled here, as nobody may be waiting on it when a start fails.
 */
export interface StartSignal {
  readonly ready: Promise<void>
  markReady(): void
  markFailed(error: Error): void
}

/** @example const start = startSignal(); child.once('message', start.markReady); await start.ready */
export function startSignal(): StartSignal {
  let markReady: () => void = () => {}
  let markFailed: (error: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    markFailed = reject
  })
  ready.catch(() => {})
  return { ready, markReady, markFailed }
}
