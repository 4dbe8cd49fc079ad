/**
 * `arbigraph eval [suites…]`: runs the benchmark suites through Vitest's programmatic API with
 * arbigraph's own config (the `eval` project: globalSetup, request pool, reporters), so a user
 * needs no Vitest config of their own. Endpoint flags become the ARBIGRAPH_* variables the
 * globalSetup reads; without `--base-url` the built-in simulator answers, and says so loudly.
 * Suites are looked up under `<cwd>/suites` when that folder exists, else the bundled ones run.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCommandArgs } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Flag → environment variable the globalSetup and the suites read. */
const ENV_FLAGS = {
  'base-url': 'ARBIGRAPH_BASE_URL',
  model: 'ARBIGRAPH_MODEL',
  'api-key': 'ARBIGRAPH_API_KEY',
  concurrency: 'ARBIGRAPH_CONCURRENCY',
  samples: 'ARBIGRAPH_SAMPLES',
  epochs: 'ARBIGRAPH_EPOCHS',
  sim: 'ARBIGRAPH_SIM',
  gate: 'ARBIGRAPH_GATE',
  results: 'ARBIGRAPH_RESULTS',
} as const

/**
 * The Vitest root: the working directory when it has its own `suites/`, else this package.
 * @example evalRoot('/tmp/empty') // '<arbigraph package>/'
 */
export const evalRoot = (cwd: string): string => (existsSync(resolve(cwd, 'suites')) ? cwd : PACKAGE_ROOT)

/**
 * The `eval` command.
 * @example await main(['eval', 'suites/chain', '-t', 'Convolution', '--base-url', 'http://localhost:8000/v1'])
 */
export const evalCommand: Command = {
  name: 'eval',
  usage: `arbigraph eval [suites…] [options]

Runs suites/**/*.eval.ts (of the working directory when it has a suites/ folder, else the
bundled ones); a suite argument filters by path, e.g. "suites/chain".
  -t, --test-name-pattern <re>  only cases whose name matches, e.g. -t Convolution
  --base-url <url[,url…]>       OpenAI-compatible endpoint(s) (ARBIGRAPH_BASE_URL); none = simulator
  --model <id>                  model id (ARBIGRAPH_MODEL); default: the server's first model
  --api-key <key>               (ARBIGRAPH_API_KEY)
  --concurrency <n>             requests in flight across all workers (ARBIGRAPH_CONCURRENCY)
  --samples <n>                 samples per task, overriding the suites (ARBIGRAPH_SAMPLES)
  --epochs <n>                  repetitions of every case (ARBIGRAPH_EPOCHS)
  --sim <persona>               simulator persona: sim:oracle, sim:noisy, sim:chaos (ARBIGRAPH_SIM)
  --gate <rules>                e.g. "*.accuracy>=0.7"; a broken rule exits 1 (ARBIGRAPH_GATE)
  --results <file>              results JSON (ARBIGRAPH_RESULTS); default out/results.json
Exit codes: 0 every case ran (and the gate held), 1 otherwise, 2 usage error.`,
  async run(argv: string[], io: CliIo): Promise<number> {
    const flags = Object.fromEntries(
      Object.keys(ENV_FLAGS).map((flag) => [flag, { type: 'string' as const }]),
    )
    const args = parseCommandArgs(
      'eval',
      argv,
      { ...flags, 'test-name-pattern': { type: 'string', short: 't' } },
      { min: 0, max: Number.POSITIVE_INFINITY, names: 'suites' },
    )
    if (args.help) {
      io.out(this.usage)
      return 0
    }
    for (const [flag, variable] of Object.entries(ENV_FLAGS)) {
      const value = args.values[flag]
      if (typeof value === 'string') process.env[variable] = value
    }
    const root = evalRoot(io.cwd)
    // A bad setting is reported here as one line, before Vitest starts (which would exit itself).
    const { checkRunSettings } = await import('../../vitest/run-settings.ts')
    checkRunSettings(process.env, root)
    const { startVitest } = await import('vitest/node')
    const pattern = args.values['test-name-pattern']
    const vitest = await startVitest('test', args.positionals, {
      run: true,
      watch: false,
      root,
      config: resolve(PACKAGE_ROOT, 'vitest.config.ts'),
      project: ['eval'],
      ...(typeof pattern === 'string' ? { testNamePattern: pattern } : {}),
    })
    await vitest.close()
    const failed = process.exitCode !== undefined && Number(process.exitCode) !== 0
    process.exitCode = 0
    return failed ? 1 : 0
  },
}
