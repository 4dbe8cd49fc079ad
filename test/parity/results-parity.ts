/**
 * The results before/after parity check: one small fixed configuration of every suite kind
 * (baseline, forgetting, chain, multichain and custom math, Long-Transduction arithmetic at 4K)
 * run on sim:noisy with fixed seeds through `vitest run` as a user runs it, then every output a
 * user reads — the results files, the Markdown summaries, the dashboard's data, and what
 * `arbigraph report` (with a gate) and `arbigraph compare` print from the files — in a canonical
 * form: timing fields (latencies, start and end times), paths of the temporary folder and the
 * simulator's port removed, JSON re-printed with sorted keys. The fixture under
 * test/fixtures/results-parity/ is this form of the output of the code before the Benchmark
 * restructure (our own output, not reference data); `writeParityFixture` made it.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import '../../use-builtins.ts'
import { main } from '../../src/cli/main.ts'
import { VITEST_BIN } from '../setup/child-vitest.ts'

const ROOT = join(import.meta.dirname, '..', '..')

export const PARITY_FIXTURE = join(ROOT, 'test', 'fixtures', 'results-parity')

const SUITES = [
  'suites/baseline/math.eval.ts',
  'suites/forgetting/math.eval.ts',
  'suites/chain/math.eval.ts',
  'suites/multichain/math.eval.ts',
  'suites/custom/pick-pack.eval.ts',
  'suites/transduction/arithmetic.eval.ts',
]

const SETTINGS = {
  ARBIGRAPH_SIM: 'sim:noisy',
  ARBIGRAPH_SIM_SEED: '5',
  ARBIGRAPH_SEED: '3',
  ARBIGRAPH_SAMPLES: '1',
  ARBIGRAPH_LT_BUDGETS: '4K',
}

/** Our environment minus what the outer Vitest set and any ARBIGRAPH_* of the caller. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(VITEST|TINYPOOL|ARBIGRAPH_|OPENAI_)/.test(key)) continue
    if (['MODE', 'TEST', 'NODE_ENV', 'NODE_OPTIONS', 'GITHUB_STEP_SUMMARY', 'FORCE_COLOR'].includes(key))
      continue
    env[key] = value
  }
  return { ...env, NO_COLOR: '1', CI: '1', ...extra }
}

/** Runs the configuration into `dir`; resolves with Vitest's exit code and output. */
function runSuites(dir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [VITEST_BIN, 'run', '--project', 'eval', '--reporter=dot', ...SUITES],
    {
      cwd: ROOT,
      env: childEnv({
        ...SETTINGS,
        ARBIGRAPH_CACHE_DIR: join(dir, 'cache'),
        ARBIGRAPH_RESULTS: join(dir, 'results.json'),
        ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'),
        ARBIGRAPH_LT_RESULTS: join(dir, 'transduction.json'),
        ARBIGRAPH_LT_MARKDOWN: join(dir, 'transduction.md'),
        ARBIGRAPH_DASHBOARD_DIR: join(dir, 'dashboard'),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

/** Keys whose values are timings or depend on where and when the run happened. */
const VOLATILE = new Set(['latencyMs', 'started', 'finished', 'transcriptRef', 'detailRef', 'baseUrl'])
/**
 * Record fields added after the fixture was written (additive schema changes): they carry no
 * figure, so they are left out of the comparison; every field the fixture has must still match.
 * `harness` names which harness produced a record (always `tool-agent` for these suites);
 * `identity` (in `run`) names who answered, as the response cache keys it (the simulator's settings).
 */
const ADDED = new Set(['harness', 'identity'])

/** The value with volatile keys dropped, the temp folder's paths replaced, and keys sorted. */
function canonicalValue(value: unknown, dir: string): unknown {
  if (Array.isArray(value)) return value.map((v) => canonicalValue(v, dir))
  if (typeof value === 'string') return value.split(dir).join('<dir>')
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) {
    if (VOLATILE.has(key) || ADDED.has(key)) continue
    out[key] = canonicalValue((value as Record<string, unknown>)[key], dir)
  }
  return out
}

const canonicalJson = (json: unknown, dir: string) =>
  `${JSON.stringify(canonicalValue(json, dir), null, 1)}\n`

/** A dashboard data file is `window.arbigraphData("<name>", <json>)`. */
function dashboardJson(path: string): unknown {
  const text = readFileSync(path, 'utf8')
  const start = text.indexOf(',')
  return JSON.parse(text.slice(start + 1, text.lastIndexOf(')')))
}

/** `arbigraph <argv…>` in `cwd`: exit code and output, the temp folder's paths replaced. */
async function cli(argv: string[], cwd: string): Promise<string> {
  const lines: string[] = []
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), cwd, isTTY: false }
  // Shares its worker: the variable is put back in `finally`.
  const previous = process.env.ARBIGRAPH_ALLOW_SIMULATED
  process.env.ARBIGRAPH_ALLOW_SIMULATED = '1'
  try {
    const code = await main(argv, io)
    return `${lines.join('\n').split(cwd).join('<dir>')}\nexit ${code}\n`
  } finally {
    if (previous === undefined) delete process.env.ARBIGRAPH_ALLOW_SIMULATED
    else process.env.ARBIGRAPH_ALLOW_SIMULATED = previous
  }
}

/**
 * Runs the configuration in a fresh folder and returns every canonical output by file name.
 * @example const outputs = await parityOutputs() // { 'results.json': '…', 'summary.md': '…', … }
 */
export async function parityOutputs(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'ag-parity-'))
  const run = await runSuites(dir)
  if (run.code !== 0) throw new Error(`the parity run failed (exit ${run.code}):\n${run.output}`)
  const json = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown
  const outputs: Record<string, string> = {
    'results.json': canonicalJson(json('results.json'), dir),
    'transduction.json': canonicalJson(json('transduction.json'), dir),
    'summary.md': readFileSync(join(dir, 'summary.md'), 'utf8'),
    'transduction.md': readFileSync(join(dir, 'transduction.md'), 'utf8'),
    'report.txt': await cli(['report', 'results.json', '--by-task'], dir),
    'report-markdown.md': await cli(['report', 'results.json', '--markdown'], dir),
    'report-gate.txt': await cli(
      ['report', 'results.json', '--gate', 'chain/math.accuracy>=0.8,*.ci_low>=0.5'],
      dir,
    ),
    'report-transduction.txt': await cli(['report', 'transduction.json'], dir),
    'report-transduction.md': await cli(['report', 'transduction.json', '--markdown'], dir),
    'compare.txt': await cli(['compare', 'results.json', 'results.json'], dir),
  }
  const data = join(dir, 'dashboard', 'data')
  for (const file of readdirSync(data).sort()) {
    // Case chunks hold transcripts; the figures are in the summary and the case index.
    if (file === 'summary.js' || file === 'index.js')
      outputs[`dashboard-${file.replace(/\.js$/, '.json')}`] = canonicalJson(
        dashboardJson(join(data, file)),
        dir,
      )
  }
  return outputs
}

/**
 * Writes the fixture from this checkout's outputs (run once, on the code the fixture stands for).
 * @example npx tsx -e "import('./test/parity/results-parity.ts').then((m) => m.writeParityFixture())"
 */
export async function writeParityFixture(): Promise<void> {
  const outputs = await parityOutputs()
  mkdirSync(PARITY_FIXTURE, { recursive: true })
  for (const [name, text] of Object.entries(outputs)) writeFileSync(join(PARITY_FIXTURE, name), text)
}
