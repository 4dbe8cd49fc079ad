/**
 * ARBIGRAPH_HARNESS: the harness of every suite of one run (see suite-harness.ts), checked in
 * the main process with the run's other settings. This file stays free of the harnesses
 * themselves, so the check costs the main process nothing to load.
 */
import { ArbigraphError } from '../errors.ts'

/**
 * Checks ARBIGRAPH_HARNESS before a run starts, as far as it can without the user's config: a
 * URL must be an http(s) URL, a name kebab-case (whether it is registered is known in the workers).
 * @example checkHarnessEnv({ ARBIGRAPH_HARNESS: 'My Agent' }) // throws 'ARBIGRAPH_HARNESS: expected …'
 */
export function checkHarnessEnv(env: Record<string, string | undefined>): void {
  const selected = env.ARBIGRAPH_HARNESS?.trim()
  if (!selected) return
  if (/^https?:\/\//i.test(selected) ? URL.canParse(selected) : /^[a-z0-9][a-z0-9._-]*$/.test(selected))
    return
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `ARBIGRAPH_HARNESS: expected a harness name ("tool-agent" or one registered in arbigraph.config.ts) or the http:// URL of an agent, got "${env.ARBIGRAPH_HARNESS}"`,
  )
}
