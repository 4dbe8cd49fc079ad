/**
 * `arbigraph()`, the Vite plugin that turns a Vitest config into a benchmark config, so a user's
 * `vitest.config.ts` is `plugins: [arbigraph()]` and nothing else. It sets what our suites need
 * and the user did not set: `*.eval.ts` as the test files, the globalSetup (request pool and
 * simulator), a test timeout just past the case deadline (ARBIGRAPH_CASE_TIMEOUT), per-worker concurrency, and the topology and category tags
 * for `--tags-filter`. It adds our reporters in `configureVitest`, that is, to the resolved config
 * after the command line was applied: reporters listed in `test.reporters` are replaced by
 * `--reporter=…`, these are not, so the table, the results file and the gate survive
 * `--reporter=dot` and `--merge-reports`. Applying it twice (a user's config and `arbigraph
 * eval`) registers everything once.
 * Reference: docs/research/ecosystem-anchors.md §A2 (registration that survives --reporter).
 */
/// <reference types="vitest/config" />

import type { InlineConfig, Vite, Vitest } from 'vitest/node'
import type { ArbigraphReporterOptions } from '../../reporters/options.ts'
import { caseDeadlineMs, DEFAULT_CASE_TIMEOUT_S } from '../harness/case-deadline.ts'
import { checkBenchmarkRules } from '../metrics/benchmark-gate.ts'
import { siblingModule } from '../package-root.ts'
import { orStop } from './stop-run.ts'

export interface ArbigraphPluginOptions extends ArbigraphReporterOptions {}

/** The globalSetup, by absolute path: the Vitest root is the user's folder, not this package. */
export const GLOBAL_SETUP = siblingModule(import.meta.url, './global-setup')

/** The test files the plugin selects when the config names none. */
export const SUITE_FILES = ['**/*.eval.?(c|m)[jt]s']

/** Built-in topologies, categories and Long-Transduction families, declared for `--tags-filter`. */
export const BUILTIN_TAGS = [
  'baseline',
  'forgetting',
  'chain',
  'multichain',
  'dag',
  'random',
  'math',
  'gsm',
  'python',
  'transduction',
  'arithmetic',
  'uuid-sort',
  'variable-lookup',
  'table',
] as const

/**
 * Cases are I/O-bound: each worker keeps this many in flight, and the request pool holds the
 * global limit (ARBIGRAPH_CONCURRENCY), so per-worker concurrency never needs to be lower.
 * @example workerConcurrency({ ARBIGRAPH_CONCURRENCY: '8' }) // 8
 */
export function workerConcurrency(env: NodeJS.ProcessEnv): number {
  const n = Number(env.ARBIGRAPH_CONCURRENCY?.trim() || 32)
  return Number.isInteger(n) && n > 0 ? n : 32
}

/**
 * Vitest's test timeout: the case deadline plus a minute, so the deadline, which records the case
 * as an infrastructure error naming it, always comes first. A bad value is reported by the run's
 * settings check, which runs later; the default stands in until then.
 * @example testTimeout({ ARBIGRAPH_CASE_TIMEOUT: '60' }) // 120000
 */
export function testTimeout(env: NodeJS.ProcessEnv): number {
  try {
    return caseDeadlineMs(env) + 60_000
  } catch {
    return DEFAULT_CASE_TIMEOUT_S * 1000 + 60_000
  }
}

// Vitest's own name for `test`, not `Vite.UserConfig['test']`: that property exists only where a
// program has loaded Vitest's augmentation of Vite's config (an import of 'vitest/config'), and a
// user's project type-checking only its suites has not, so our declarations failed there.
type TestConfig = InlineConfig

/**
 * The test settings the plugin adds to `test` (the user's own settings win; tags and globalSetup
 * are added to theirs, once).
 * @example suiteSettings({}).include // ['**\/*.eval.?(c|m)[jt]s']
 */
export function suiteSettings(test: TestConfig, env: NodeJS.ProcessEnv = process.env): TestConfig {
  const setups = [test.globalSetup ?? []].flat()
  const declared = new Set((test.tags ?? []).map((tag) => tag.name))
  const tags = BUILTIN_TAGS.filter((name) => !declared.has(name)).map((name) => ({ name }))
  return {
    ...(test.include === undefined ? { include: SUITE_FILES } : {}),
    ...(setups.includes(GLOBAL_SETUP) ? {} : { globalSetup: [GLOBAL_SETUP] }),
    // A case may take many long model turns; the request pool bounds each, the deadline the case.
    ...(test.testTimeout === undefined ? { testTimeout: testTimeout(env) } : {}),
    ...(test.hookTimeout === undefined ? { hookTimeout: 600_000 } : {}),
    ...(test.maxConcurrency === undefined ? { maxConcurrency: workerConcurrency(env) } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    // Off, so a user's own topology or category is a valid tag too.
    ...(test.strictTags === undefined ? { strictTags: false } : {}),
  }
}

/**
 * Keeps the modules Vitest's main process runs (our globalSetup: request pool, simulator) out of
 * Vitest's `experimental.fsModuleCache`, so a run with that cache on works. Vitest 4.1 hands a
 * cached module's code to its main-process module runner as a Buffer, not a string, and the first
 * stack trace formatted there (a socket closing at teardown) then throws "code.charCodeAt is not a
 * function": an unhandled rejection that fails the run. The workers' modules are cached as usual.
 * @example mainProcessUncached({ environment: { name: '__vitest__' } }) // false
 */
export function mainProcessUncached(context: { environment: { name: string } }): false | undefined {
  return context.environment.name === '__vitest__' ? false : undefined
}

/** Vitest instances our reporters were added to (a config may carry the plugin more than once). */
const wired = new WeakSet<Vitest>()

/**
 * The arbigraph Vite plugin; reporter options default from the environment (see reporters/options.ts).
 * @example export default defineConfig({ plugins: [arbigraph({ gate: '*.accuracy>=0.7' })] })
 */
export function arbigraph(options: ArbigraphPluginOptions = {}): Vite.Plugin {
  return {
    name: 'arbigraph',
    config(config) {
      return { test: suiteSettings(config.test ?? {}) }
    },
    async configureVitest({ vitest, project, experimental_defineCacheKeyGenerator }) {
      if (wired.has(vitest)) return
      wired.add(vitest)
      experimental_defineCacheKeyGenerator?.(mainProcessUncached)
      // Checked here, before Vitest prints or writes anything: a bad setting stops the run with
      // one message naming it, and no reporter ever overwrites an earlier run's files.
      // Imported here, in the process that configures the run: every suite file imports this
      // module too (through `arbigraph/vitest`), and a worker needs none of the reporters (the
      // dashboard and board builders among them), settings checks or gate desk.
      const [{ arbigraphReporters }, { reportOnInterrupt }, { resolveReporterOptions }] = await Promise.all([
        import('../../reporters/index.ts'),
        import('../../reporters/interrupt.ts'),
        import('../../reporters/options.ts'),
      ])
      const [{ runBenchmarks }, { checkRunSettings }, { startSequentialGate }] = await Promise.all([
        import('./run-benchmarks.ts'),
        import('./run-settings.ts'),
        import('./start-sequential-gate.ts'),
      ])
      const { resolved, benchmarks, sequential } = await orStop(async () => {
        // The registered benchmarks (built-in and the user's arbigraph.config.ts) bring their
        // variables to check and their reporters.
        const benchmarks = await runBenchmarks(vitest.config.root)
        checkRunSettings(process.env, vitest.config.root, benchmarks)
        const resolved = resolveReporterOptions(options, process.env)
        checkBenchmarkRules(resolved.gate ?? [], benchmarks)
        // ARBIGRAPH_GATE_MODE=sequential: the desk the workers ask before sending a case.
        const sequential = await startSequentialGate(resolved, project, vitest.config.root, benchmarks)
        return { resolved, benchmarks, sequential }
      })
      // Ctrl-C or SIGTERM mid-run: they report what finished, marked interrupted, before the exit.
      vitest.config.reporters.push(...reportOnInterrupt(arbigraphReporters(resolved, benchmarks, sequential)))
    },
  }
}
