/**
 * A test worker whose Vitest main process is gone stops at once. Vitest's fork workers notice a
 * lost main process only when they next send it something (a finished case), so a worker whose
 * cases wait on an agent or a harness of the user's kept those requests open, and started no
 * new ones but recorded nothing, until the cases' deadline: after `kill <main pid>` (SIGTERM to
 * the main process alone, which writes what finished and exits), or a crash of the main process.
 * The IPC channel's `disconnect` is the signal. Requests to the model go through the pool in the
 * main process and end with it; this covers what a harness sends itself.
 */

let guarded = false

/**
 * Exits this worker when its main process disconnects (fork workers only; threads and the main
 * process have no IPC channel of their own to lose). Idempotent.
 * @example guardOrphanWorker() // first thing a case does in a worker
 */
export function guardOrphanWorker(): void {
  if (guarded || process.send === undefined || process.env.VITEST_WORKER_ID === undefined) return
  guarded = true
  // 129: what a shell reports for a process hung up on (128 + SIGHUP), the nearest meaning.
  process.once('disconnect', () => process.exit(129))
}
