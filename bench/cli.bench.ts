/**
 * `npm run bench:cli [-- --reference <ArbiGraph checkout>] [--runs n]`: how fast the command line
 * starts, every side measured in this run, round-robin (bench/time-process.ts).
 *
 * - `arbigraph --help` against a bare `node -e 0` (goal: median ratio ≤ 4×).
 * - The paper's math chain (40 targets × 16 samples × 4 tasks) end to end from the command line
 *   against the reference's Python generator on this machine (goal ≥ 20× faster). The reference
 *   checkout (github.com/pavelgolikov/ArbiGraph) comes from `--reference <dir>` or
 *   ARBIGRAPH_REFERENCE_REPO; without one that side is skipped, and the bench says so.
 *
 * Two arbigraph sides: **installed** — `bin/arbigraph.js` in a package layout without sources,
 * so it runs the bundled dist/bin/ as `npx arbigraph` does for a user (dist/ is rebuilt first
 * when any source is newer); and **checkout** — the same bin in this repository, which runs the
 * TypeScript sources through tsx.
 */
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type Command, roundRobin } from './time-process.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({ options: { reference: { type: 'string' }, runs: { type: 'string' } } })
const reference = values.reference ?? process.env.ARBIGRAPH_REFERENCE_REPO
const runs = Number(values.runs ?? 15)
const scratch = mkdtempSync(join(tmpdir(), 'arbigraph-bench-cli-'))
// The installed bin's compiled-code cache goes to the scratch folder, not the user's: the warm-up
// run of each command writes it, the measured runs use it, as a user's runs after the first do.
const compileCache = join(scratch, 'compile-cache')
process.env.ARBIGRAPH_COMPILE_CACHE = compileCache

/** The newest modification time of the files dist/ is built from. */
function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

const bundle = join(repo, 'dist/bin/cli.cjs')
const sources = ['src', 'plugins', 'reporters', 'suites', 'scripts/build.mjs', 'cli.ts', 'use-builtins.ts']
const newest = Math.max(
  ...sources
    .map((s) => join(repo, s))
    .map((p) => (statSync(p).isDirectory() ? newestSource(p) : statSync(p).mtimeMs)),
)
if (!existsSync(bundle) || statSync(bundle).mtimeMs < newest) {
  console.log('dist/ is missing or older than the sources: npm run build')
  const built = spawnSync(process.execPath, [join(repo, 'scripts/build.mjs')], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed')
}

// An installed package's layout: bin/ and dist/ with no sources beside them, so the bin runs dist/.
const installed = join(scratch, 'node_modules/arbigraph')
mkdirSync(join(installed, 'bin'), { recursive: true })
copyFileSync(join(repo, 'bin/arbigraph.js'), join(installed, 'bin/arbigraph.js'))
copyFileSync(join(repo, 'package.json'), join(installed, 'package.json'))
symlinkSync(join(repo, 'dist'), join(installed, 'dist'))
symlinkSync(join(repo, 'node_modules'), join(installed, 'node_modules'))
const bins = { installed: join(installed, 'bin/arbigraph.js'), checkout: join(repo, 'bin/arbigraph.js') }

const node = (label: string, args: string[]): Command => ({
  label,
  command: process.execPath,
  args,
  cwd: scratch,
})
const ms = (x: number) => `${x.toFixed(0)} ms`

try {
  console.log(
    `cold start (${runs} rounds, medians; installed bin runs dist/bin/ with its compiled-code cache warm, checkout bin runs tsx)`,
  )
  const help = await roundRobin(
    [
      node('arbigraph --help (installed)', [bins.installed, '--help']),
      node('arbigraph --help (checkout)', [bins.checkout, '--help']),
      node('node -e 0', ['-e', '0']),
    ],
    runs,
  )
  const [installedHelp, checkoutHelp, bare] = help.medians as [number, number, number]
  const goal = (ratio: number) => (ratio <= 4 ? '(goal ≤ 4× met)' : '(goal ≤ 4× NOT met)')
  console.log(`  node -e 0 ${ms(bare)}`)
  console.log(
    `  arbigraph --help, installed: ${ms(installedHelp)}   ${help.ratios[0]!.toFixed(2)}× node -e 0 ${goal(help.ratios[0]!)}`,
  )
  console.log(
    `  arbigraph --help, checkout:  ${ms(checkoutHelp)}   ${help.ratios[1]!.toFixed(2)}× node -e 0 ${goal(help.ratios[1]!)}`,
  )

  const script = reference && join(reference, 'tasks/math_task/chain/generate_math_chain.py')
  if (!script || !existsSync(script)) {
    console.log(
      `  math chain 640 × 4 vs the reference: SKIPPED — ${reference ? `no ${script}` : 'no reference checkout'} (pass --reference <dir> or set ARBIGRAPH_REFERENCE_REPO to a clone of pavelgolikov/ArbiGraph)`,
    )
  } else {
    const chain = (side: keyof typeof bins) =>
      node(`arbigraph generate chain (${side})`, [
        bins[side],
        'generate',
        'chain',
        '--length',
        '4',
        '--out',
        join(scratch, `chain-${side}.jsonl`),
      ])
    const theirs: Command = {
      label: 'reference generate_math_chain.py',
      command: process.env.PYTHON ?? 'python3',
      // The release flags (REPRODUCING.md); the output goes to our scratch folder, not the checkout.
      args: [
        script,
        '--num_distractors',
        '3',
        '--num_samples_per_task',
        '16',
        '--seed',
        '0',
        '--output',
        join(scratch, 'reference-chain.json'),
      ],
      cwd: reference,
    }
    const rounds = Math.max(3, Math.ceil(runs / 5))
    const result = await roundRobin([chain('installed'), chain('checkout'), theirs], rounds)
    const [ours, checkout, ref] = result.medians as [number, number, number]
    const faster = (ratio: number) =>
      `${(1 / ratio).toFixed(1)}× faster ${1 / ratio >= 20 ? '(goal ≥ 20× met)' : '(goal ≥ 20× NOT met)'}`
    console.log(`  math chain 640 × 4 (${rounds} rounds): reference ${ms(ref)}`)
    console.log(`    arbigraph, installed: ${ms(ours)}   ${faster(result.ratios[0]!)}`)
    console.log(`    arbigraph, checkout:  ${ms(checkout)}   ${faster(result.ratios[1]!)}`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
