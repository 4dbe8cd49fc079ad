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
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { installedLayout } from './installed-layout.ts'
import { type Command, roundRobin } from './time-process.ts'

const { values } = parseArgs({ options: { reference: { type: 'string' }, runs: { type: 'string' } } })
const reference = values.reference ?? process.env.ARBIGRAPH_REFERENCE_REPO
const runs = Number(values.runs ?? 15)
const scratch = mkdtempSync(join(tmpdir(), 'arbigraph-bench-cli-'))
// The installed bin's compiled-code cache goes to the scratch folder, not the user's: the warm-up
// run of each command writes it, the measured runs use it, as a user's runs after the first do.
const compileCache = join(scratch, 'compile-cache')
process.env.ARBIGRAPH_COMPILE_CACHE = compileCache

const bins = installedLayout(scratch)

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
    // The reference's time swings by tens of percent with the machine's state: five rounds at least.
    const rounds = Math.max(5, Math.ceil(runs / 3))
    const result = await roundRobin([chain('installed'), chain('checkout'), theirs], rounds)
    const [ours, checkout] = result.medians as [number, number]
    const ref = result.medians.at(-1)!
    const faster = (ratio: number) => `${(1 / ratio).toFixed(1)}× faster`
    const goal = (ratio: number) => (1 / ratio >= 20 ? '(goal ≥ 20× met)' : '(goal ≥ 20× NOT met)')
    console.log(`  math chain 640 × 4 (${rounds} rounds): reference ${ms(ref)}`)
    console.log(
      `    arbigraph, installed: ${ms(ours)}   ${faster(result.ratios[0]!)} ${goal(result.ratios[0]!)}`,
    )
    // The goal is what a user runs, the installed bin; a checkout's tsx start is shown for reference.
    console.log(
      `    arbigraph, checkout:  ${ms(checkout)}   ${faster(result.ratios[1]!)} (sources on tsx; no goal)`,
    )
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
