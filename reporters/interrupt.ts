/**
 * Ctrl-C (SIGINT) or SIGTERM during a run. Vitest's own handler restores the terminal and exits
 * a millisecond later, before any reporter's `onTestRunEnd`: every finished case was lost. Here
 * the first signal ends the run's reporting instead: our reporters get the records of the cases
 * that finished so far with the run-end reason `interrupted` (results file, tables, summaries,
 * dashboard, the gate's refusal), then Vitest's handler exits as it would have (code 130 or 143
 * unless a reporter set one). A second signal exits at once. A signal outside a run (while the
 * endpoint is checked, after the reports) goes straight to Vitest's handler. A run that ends by
 * itself while a signal is being handled (a worker killed by the same Ctrl-C) reports once, as
 * interrupted.
 */
import { constants } from 'node:os'
import type { Reporter, TestRunEndReason, Vitest } from 'vitest/node'

const SIGNALS = ['SIGINT', 'SIGTERM'] as const
type Listener = (...args: unknown[]) => void

/**
 * Wraps `reporters` so a signal during the run makes them report what finished, marked
 * interrupted; the first reporter returned installs the signal handlers when Vitest starts it.
 * @example vitest.config.reporters.push(...reportOnInterrupt(arbigraphReporters(options)))
 */
export function reportOnInterrupt(reporters: readonly Reporter[]): Reporter[] {
  let running = false
  let interrupted = false
  // Per run, each reporter's end, so it reports once whoever calls it first.
  let endings = new Map<Reporter, Promise<void>>()
  const end = (reporter: Reporter, args: Parameters<NonNullable<Reporter['onTestRunEnd']>>) => {
    let ending = endings.get(reporter)
    if (!ending) {
      const [modules, errors, reason] = args
      const why: TestRunEndReason = interrupted ? 'interrupted' : reason
      ending = Promise.resolve(reporter.onTestRunEnd?.(modules, errors, why))
      endings.set(reporter, ending)
    }
    return ending
  }
  const install = (vitest: Vitest) => {
    for (const signal of SIGNALS) {
      // Vitest's handlers (and any other), called once our reports are written.
      const theirs = process.listeners(signal) as Listener[]
      const exit = () => {
        for (const listener of theirs) listener(signal, constants.signals[signal])
        // With no handler of theirs, what Node does on the signal: exit with 128 + its number.
        if (theirs.length === 0) process.exit(process.exitCode ?? 128 + constants.signals[signal])
      }
      const onSignal = async () => {
        process.off(signal, onSignal).on(signal, exit)
        if (!running) return exit()
        interrupted = true
        vitest.logger.error(
          `\narbigraph: ${signal}: writing the cases that finished, marked interrupted (again to quit at once)`,
        )
        try {
          const modules = vitest.state.getTestModules()
          const ended = await Promise.allSettled(
            reporters.map((reporter) => end(reporter, [modules, [], 'interrupted'])),
          )
          // A file that could not be written says so, as it would at a run's natural end.
          for (const result of ended)
            if (result.status === 'rejected')
              vitest.logger.error(
                `arbigraph: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
              )
        } finally {
          exit()
        }
      }
      for (const listener of theirs) process.off(signal, listener)
      process.on(signal, onSignal)
      vitest.onClose(() => {
        process.off(signal, onSignal).off(signal, exit)
      })
    }
  }
  const watcher: Reporter = {
    onInit: install,
    onTestRunStart() {
      running = true
      endings = new Map()
    },
    // Reporters end in parallel: the run counts as running until all of ours have written.
    async onTestRunEnd(...args) {
      await Promise.all(reporters.map((reporter) => end(reporter, args)))
      running = false
    },
  }
  const wrapped = reporters.map(
    (reporter): Reporter => ({
      ...reporter,
      onTestRunEnd: (...args) => end(reporter, args),
    }),
  )
  return [watcher, ...wrapped]
}
