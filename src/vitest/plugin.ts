/**
 * The Vite plugin that wires arbigraph into Vitest. It adds our reporters in `configureVitest`,
 * that is, to the resolved config after the command line was applied: reporters listed in
 * `test.reporters` are replaced by `--reporter=…`, these are not, so the table, the results file
 * and the gate survive `--reporter=dot` and `--merge-reports`.
 * Reference: docs/research/ecosystem-anchors.md §A2 (registration that survives --reporter).
 */
import type { Vite } from 'vitest/node'
import { arbigraphReporters } from '../../reporters/index.ts'
import type { ArbigraphReporterOptions } from '../../reporters/options.ts'
import { resolveReporterOptions } from '../../reporters/options.ts'
import { checkRunSettings } from './run-settings.ts'
import { orStop } from './stop-run.ts'

export interface ArbigraphPluginOptions extends ArbigraphReporterOptions {}

/**
 * The `arbigraph:reporters` plugin; options default from the environment (see reporters/options.ts).
 * @example export default defineConfig({ plugins: [arbigraphPlugin({ gate: '*.accuracy>=0.7' })] })
 */
export function arbigraphPlugin(options: ArbigraphPluginOptions = {}): Vite.Plugin {
  return {
    name: 'arbigraph:reporters',
    async configureVitest({ vitest }) {
      // Checked here, before Vitest prints or writes anything: a bad setting stops the run with
      // one message naming it, and no reporter ever overwrites an earlier run's files.
      const resolved = await orStop(() => {
        checkRunSettings(process.env, vitest.config.root)
        return resolveReporterOptions(options, process.env)
      })
      vitest.config.reporters.push(...arbigraphReporters(resolved))
    },
  }
}
