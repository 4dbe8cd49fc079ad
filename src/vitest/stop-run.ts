/**
 * Stopping a run that cannot start, from inside Vitest's main process (the plugin's
 * `configureVitest` hook, globalSetup). Vitest prints an error thrown there under an "Unhandled
 * Error" or "Startup Error" banner with its stack, after its reporters already ran (so ours would
 * overwrite the last results with an empty run). Vitest 4.1 has no way to end a run from a hook
 * with a message of one's own: `startVitest` catches every error but `FilesNotFoundError` and
 * prints it in full. So the message goes straight to stderr and the process exits with code 1,
 * before any reporter's `onTestRunEnd` could write. ARBIGRAPH_DEBUG=1 adds the stack.
 */
import { ArbigraphError } from '../errors.ts'

const debugging = (env: NodeJS.ProcessEnv) =>
  ['1', 'true', 'yes', 'on'].includes(env.ARBIGRAPH_DEBUG?.trim() ?? '')

/**
 * The text printed for an error that stops a run: `arbigraph: <message>`, or the stack when debugging.
 * @example stopMessage(new ArbigraphError('ARBIGRAPH_BAD_CONFIG', 'ARBIGRAPH_SAMPLES: …'), {}) // 'arbigraph: ARBIGRAPH_SAMPLES: …'
 */
export function stopMessage(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const known = error instanceof ArbigraphError
  const message = error instanceof Error ? error.message : String(error)
  // Some messages (the doctor's) already say where they come from.
  const own = known && message.startsWith('arbigraph')
  const head = own ? message : `arbigraph: ${known ? '' : 'internal error: '}${message}`
  const stack = error instanceof Error && (debugging(env) || !known) ? `\n${error.stack ?? ''}` : ''
  return `${head}${stack}`
}

/**
 * Prints why the run cannot start and exits with code 1. Use only before any case ran.
 * @example if (!reachable) stopRun(new ArbigraphError('ARBIGRAPH_BAD_CONFIG', '…'))
 */
export function stopRun(error: unknown): never {
  // stderr is synchronous for files and pipes on POSIX, so the message is out before the exit.
  process.stderr.write(`\n${stopMessage(error)}\n\n`)
  process.exit(1)
}

/**
 * Runs `step`; an ArbigraphError from it stops the run with its message (others too, with their stack).
 * @example const options = await orStop(() => checkRunSettings(process.env))
 */
export async function orStop<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    return stopRun(error)
  }
}
