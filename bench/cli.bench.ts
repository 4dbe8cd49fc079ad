/**
 * `npm run bench:cli [-- --reference <ArbiGraph checkout>]`: how fast the command line starts,
 * both sides measured in this run, interleaved (bench/time-process.ts).
 *
 * - `arbigraph --help` against a bare `node -e 0` (goal: median ratio ≤ 4×).
 * - The paper's math chain (40 targets × 16 samples × 4 tasks) end to end from the command line
 *   against the reference's Python generator on this machine (goal ≥ 20× faster). The reference
 *   checkout (github.com/pavelgolikov/ArbiGraph) comes from `--reference <dir>` or
 *   ARBIGRAPH_REFERENCE_REPO; without one that side is skipped, and the bench says so.
 *
 * It runs `bin/arbigraph.js` as a user's `npx arbigraph` would, whatever that bin runs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type Command, interleave } from './time-process.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
const bin = join(repo, 'bin/arbigraph.js')
const { values } = parseArgs({ options: { reference: { type: 'string' }, runs: { type: 'string' } } })
const reference = values.reference ?? process.env.ARBIGRAPH_REFERENCE_REPO
const runs = Number(values.runs ?? 15)
const scratch = mkdtempSync(join(tmpdir(), 'arbigraph-bench-cli-'))

const node = (label: string, args: string[]): Command => ({
  label,
  command: process.execPath,
  args,
  cwd: scratch,
})
const ms = (x: number) => `${x.toFixed(0)} ms`

try {
  console.log(`cold start (${runs} interleaved pairs, medians; bin: ${bin})`)
  const help = await interleave(
    node('arbigraph --help', [bin, '--help']),
    node('node -e 0', ['-e', '0']),
    runs,
  )
  console.log(
    `  arbigraph --help ${ms(help.a)}   node -e 0 ${ms(help.b)}   ${help.ratio.toFixed(2)}× ${help.ratio <= 4 ? '(goal ≤ 4× met)' : '(goal ≤ 4× NOT met)'}`,
  )

  const script = reference && join(reference, 'tasks/math_task/chain/generate_math_chain.py')
  if (!script || !existsSync(script)) {
    console.log(
      `  math chain 640 × 4 vs the reference: SKIPPED — ${reference ? `no ${script}` : 'no reference checkout'} (pass --reference <dir> or set ARBIGRAPH_REFERENCE_REPO to a clone of pavelgolikov/ArbiGraph)`,
    )
  } else {
    const ours = node('arbigraph generate chain', [
      bin,
      'generate',
      'chain',
      '--length',
      '4',
      '--out',
      join(scratch, 'chain.jsonl'),
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
    const pairs = Math.max(3, Math.ceil(runs / 5))
    const chain = await interleave(ours, theirs, pairs)
    const faster = 1 / chain.ratio
    console.log(
      `  math chain 640 × 4: arbigraph ${ms(chain.a)}   reference ${ms(chain.b)}   ${faster.toFixed(1)}× faster ${faster >= 20 ? '(goal ≥ 20× met)' : '(goal ≥ 20× NOT met)'} (${pairs} pairs)`,
    )
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
