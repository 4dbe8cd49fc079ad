/**
 * The one base of every relative path of a run (results, summary, dashboard, case details, the
 * cache, arbigraph.config.ts): Vitest's root, which is the working directory unless `--root` or
 * the config moves it. The reporters and globalSetup read it in the main process; a test worker's
 * own working directory need not be the root, so globalSetup hands it to the workers
 * (`inject('arbigraph').root`) and they read it here instead of `process.cwd()`.
 */
import { inject } from 'vitest'

/**
 * The run's root as globalSetup provided it; the working directory where no globalSetup ran (a
 * suite file imported by a plain test).
 * @example createCaseDetailSink(join(runRoot(), 'out', 'cases'))
 */
export function runRoot(): string {
  return inject('arbigraph')?.root ?? process.cwd()
}
