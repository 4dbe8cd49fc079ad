/**
 * `arbigraph eval [suites…] [vitest flags…]`: `vitest run` with arbigraph's config, so a user
 * needs no Vitest config of their own. Our endpoint flags become the ARBIGRAPH_* variables the
 * globalSetup reads (without `--base-url` the built-in simulator answers, and says so loudly);
 * every other argument goes to Vitest unchanged (`--shard`, `--reporter`, `--tags-filter`, `-t`,
 * `--merge-reports`, …), so Vitest parses and checks them exactly as `vitest run` would. Vitest
 * runs as a child process (through src/cli/vitest-child.mjs): its exit code is ours, and a
 * misspelt flag is Vitest's own usage error, printed as one line like ours.
 * The root is the working directory (unless `--root` is given), so results, dashboard, case details
 * and cache land there.
 * Suites come from `<cwd>/suites` when that folder exists, else the ones bundled with arbigraph.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageRoot, siblingModule } from '../../package-root.ts'
import { usageError } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

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
  'gate-mode': 'ARBIGRAPH_GATE_MODE',
  'gate-alpha': 'ARBIGRAPH_GATE_ALPHA',
  'gate-baseline': 'ARBIGRAPH_GATE_BASELINE',
  results: 'ARBIGRAPH_RESULTS',
  dataset: 'ARBIGRAPH_DATASET',
} as const

type EnvFlag = keyof typeof ENV_FLAGS

/** What the child process runs: Vitest's bin, its usage errors as one line. */
const VITEST_CHILD = fileURLToPath(new URL('../vitest-child.mjs', import.meta.url))

/** The config `arbigraph eval` runs with: the plugin and the suite files, nothing else. */
export const EVAL_CONFIG = siblingModule(import.meta.url, '../../vitest/eval-config')

/**
 * The folder of the one suite `--dataset` runs (src/vitest/dataset-eval/suites/dataset.eval.ts):
 * beside the eval config, in src/ or dist/src/.
 */
export const DATASET_SUITE_BASE = resolve(dirname(EVAL_CONFIG), 'dataset-eval')

/**
 * The folder whose `suites/**\/*.eval.*` files run: the working directory when it has a
 * `suites/` folder, else arbigraph's own (dist/ when built). Vitest matches path filters against
 * paths relative to it, so `suites/chain` selects the same files in both.
 * @example suitesBase('/tmp/empty') // '<arbigraph package>/dist'
 */
export function suitesBase(cwd: string): string {
  if (existsSync(resolve(cwd, 'suites'))) return cwd
  // The compiled config sits in dist/src/vitest/, the source one in src/vitest/.
  return resolve(dirname(EVAL_CONFIG), '../..')
}

/** The arguments split into ARBIGRAPH_* settings and what goes to Vitest. */
export interface EvalArgs {
  env: Partial<Record<(typeof ENV_FLAGS)[EnvFlag], string>>
  vitest: string[]
}

/**
 * Takes our flags (`--model x` or `--model=x`) out of `argv`; the rest, in order, is Vitest's.
 * Everything after `--` goes to Vitest untouched.
 * @example splitEvalArgs(['suites/chain', '--model', 'm', '--shard=1/2']) // { env: { ARBIGRAPH_MODEL: 'm' }, vitest: ['suites/chain', '--shard=1/2'] }
 */
export function splitEvalArgs(argv: readonly string[]): EvalArgs {
  const env: EvalArgs['env'] = {}
  const vitest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      vitest.push(...argv.slice(i + 1))
      break
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg)
    const flag = match?.[1]
    if (flag === undefined || !(flag in ENV_FLAGS)) {
      vitest.push(arg)
      continue
    }
    const variable = ENV_FLAGS[flag as EnvFlag]
    if (variable in env) throw usageError('eval', `option "--${flag}" given twice`)
    let value = match?.[2]
    if (value === undefined) {
      value = argv[i + 1]
      if (value === undefined || value.startsWith('--'))
        throw usageError('eval', `option "--${flag}" needs a value`)
      i++
    }
    env[variable] = value
  }
  return { env, vitest }
}

/**
 * The Vitest CLI to run: the working directory's own (Vitest is a peer dependency), else ours.
 * @example vitestBin(process.cwd()) // '/proj/node_modules/vitest/vitest.mjs'
 */
export function vitestBin(cwd: string): string {
  for (const from of [join(cwd, 'package.json'), join(packageRoot(import.meta.url), 'package.json')]) {
    try {
      const manifest = createRequire(from).resolve('vitest/package.json')
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> }
      return join(dirname(manifest), typeof bin === 'string' ? bin : bin.vitest!)
    } catch {}
  }
  throw usageError('eval', 'vitest is not installed; run "npm i -D vitest"')
}

const ROOT_FLAG = /^(-r|--root)(=|$)/

/**
 * The run's root: a forwarded `--root` (`-r`), against the working directory, else the working
 * directory. Every output path of the run is relative to it (src/vitest/run-root.ts).
 * @example evalRoot(['--root', 'proj'], '/work') // '/work/proj'
 */
export function evalRoot(forwarded: readonly string[], cwd: string): string {
  const at = forwarded.findLastIndex((arg) => ROOT_FLAG.test(arg))
  const arg = forwarded[at] ?? ''
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : forwarded[at + 1]
  return at < 0 || value === undefined ? cwd : resolve(cwd, value)
}

/**
 * The `vitest` arguments for `arbigraph eval` in `cwd`: our config unless the user gives
 * `--config`, the working directory as the root unless the user gives `--root`, the suites
 * folder of the root to scan.
 * @example vitestArgs(['--shard=1/2'], '/proj') // ['run', '--config', '…/eval-config.js', '--root', '/proj', '--dir', '/proj', '--shard=1/2']
 */
export function vitestArgs(forwarded: readonly string[], cwd: string, dataset = false): string[] {
  const own = forwarded.some((arg) => /^(-c|--config)(=|$)/.test(arg))
  const root = forwarded.some((arg) => ROOT_FLAG.test(arg)) ? [] : ['--root', cwd]
  // --dataset runs its one suite, not the suites folder.
  const base = dataset ? DATASET_SUITE_BASE : suitesBase(evalRoot(forwarded, cwd))
  const dir = forwarded.some((arg) => /^--dir(=|$)/.test(arg)) ? [] : ['--dir', base]
  return ['run', ...(own ? [] : ['--config', EVAL_CONFIG]), ...root, ...dir, ...forwarded]
}

/**
 * The `eval` command.
 * @example await main(['eval', 'suites/chain', '-t', 'Convolution', '--base-url', 'http://localhost:8000/v1'])
 */
export const evalCommand: Command = {
  name: 'eval',
  usage: `arbigraph eval [suites…] [options] [vitest options]

Runs suites/**/*.eval.ts of the working directory (or, when it has no suites/ folder, the suites
bundled with arbigraph) with Vitest and the arbigraph() plugin; results, dashboard, case details
and cache are written under the working directory (or the --root given). A suite argument filters by path, e.g. "suites/chain".
  --base-url <url[,url…]>       OpenAI-compatible endpoint(s) (ARBIGRAPH_BASE_URL); none = simulator
  --model <id>                  model id (ARBIGRAPH_MODEL); default: the server's first model
  --api-key <key>               (ARBIGRAPH_API_KEY)
  --concurrency <n>             requests in flight across all workers (ARBIGRAPH_CONCURRENCY)
  --samples <n>                 samples per task, overriding the suites (ARBIGRAPH_SAMPLES)
  --epochs <n>                  repetitions of every case (ARBIGRAPH_EPOCHS)
  --sim <persona>               simulator persona: sim:oracle, sim:noisy, sim:chaos (ARBIGRAPH_SIM)
  --gate <rules>                e.g. "*.accuracy>=0.7"; a broken rule exits 1 (ARBIGRAPH_GATE)
  --gate-mode <mode>            fixed (every case runs) or sequential (a cell stops once its rules
                                are decided by an anytime-valid test) (ARBIGRAPH_GATE_MODE)
  --gate-alpha <a>              the sequential gate's error level, default 0.05 (ARBIGRAPH_GATE_ALPHA)
  --gate-baseline <file>        a baseline run's results, for "<cell>.accuracy>=baseline" rules
                                (ARBIGRAPH_GATE_BASELINE)
  --results <file>              results JSON (ARBIGRAPH_RESULTS); default out/results.json
  --dataset <file>              evaluate this frozen dataset as it is (our .jsonl, checked first; or a
                                reference .json through the importer) instead of the suites
Every other option goes to Vitest ("npx vitest run --help" lists them), for example
  -t <re>  --tags-filter <expr>  --shard <i>/<n>  --reporter <name>  --merge-reports  --config <file>
Exit codes: Vitest's (0 every case ran and the gate held, 1 otherwise); 2 a usage error (ours or Vitest's).`,
  async run(argv: string[], io: CliIo): Promise<number> {
    const { env, vitest } = splitEvalArgs(argv)
    const dataset = env.ARBIGRAPH_DATASET
    if (dataset !== undefined) {
      // The suite resolves nothing against its own folder: the file is named from here.
      env.ARBIGRAPH_DATASET = resolve(io.cwd, dataset)
      if (!existsSync(env.ARBIGRAPH_DATASET)) throw usageError('eval', `--dataset: no such file "${dataset}"`)
    }
    // A bad setting is reported here as one line, before Vitest starts (which would exit itself).
    const [{ checkRunSettings }, { readGateMode }] = await Promise.all([
      import('../../vitest/run-settings.ts'),
      import('../../metrics/sequential/gate-mode.ts'),
    ])
    checkRunSettings({ ...process.env, ...env }, evalRoot(vitest, io.cwd))
    readGateMode({}, { ...process.env, ...env })
    const child = spawn(
      process.execPath,
      [VITEST_CHILD, vitestBin(io.cwd), ...vitestArgs(vitest, io.cwd, dataset !== undefined)],
      {
        cwd: io.cwd,
        env: { ...process.env, ...env },
        stdio: 'inherit',
      },
    )
    // Ctrl-C reaches Vitest through the terminal's process group: wait for it to finish its
    // reports. A SIGTERM sent to us alone is passed on.
    const wait = () => {}
    const forward = (signal: NodeJS.Signals) => child.kill(signal)
    process.on('SIGINT', wait).on('SIGTERM', forward)
    try {
      return await new Promise<number>((done, fail) => {
        child.on('error', fail)
        child.on('close', (code) => done(code ?? 1))
      })
    } finally {
      process.off('SIGINT', wait).off('SIGTERM', forward)
    }
  },
}
