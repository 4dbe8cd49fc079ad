/**
 * Board scale: synthetic ArbiGraph results files (test/board/synthetic-runs.ts; every model
 * answers the same cases) at 20 runs × 2,000 trials and at 50 models × 20,000 trials (10⁶
 * trials), each measured in the same run as: `node -e 0` (a process's floor), reading and
 * JSON.parsing every file whole (the baseline a non-streaming reader pays), and building the
 * board (streamed). Each phase runs in its own process, so its peak RSS is its own; the bound is
 * ≤ 1.5 GB peak RSS for the board at 10⁶ trials. Run: `npm run bench:board [-- small|large]`
 * (both by default); `npm run bench:dashboard` runs it too.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { writeSyntheticRun } from '../test/board/synthetic-runs.ts'

interface Phase {
  phase: string
  ms: number
  maxRssMb: number
  detail: string
}

const PHASE = join(import.meta.dirname, 'board-phase.ts')

function child(args: string[]): Phase {
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 })
  if (result.status !== 0) throw new Error(`board bench: ${args.join(' ')} failed:\n${result.stderr}`)
  const line = result.stdout.trim().split('\n').pop() ?? ''
  if (args[0] === '-e') {
    // `node -e 0` prints nothing: its wall time and (from the parent's view) no RSS of its own.
    return { phase: 'node -e 0', ms: performance.now() - start, maxRssMb: Number.NaN, detail: '' }
  }
  return JSON.parse(line) as Phase
}

/** `node -e 0`'s peak RSS, read by the child itself at exit. */
function nodeFloor(): Phase {
  const start = performance.now()
  const result = spawnSync(process.execPath, ['-e', 'console.log(process.resourceUsage().maxRSS / 1024)'], {
    encoding: 'utf8',
  })
  return {
    phase: 'node -e 0',
    ms: performance.now() - start,
    maxRssMb: Number(result.stdout.trim()),
    detail: '',
  }
}

const row = (p: Phase) =>
  `  ${p.phase.padEnd(10)} ${`${(p.ms / 1000).toFixed(2)} s`.padStart(9)}  peak RSS ${`${Math.round(p.maxRssMb)} MB`.padStart(8)}  ${p.detail}`

/**
 * Generates `runs` files of `trials` trials and times the three phases over them.
 * @example await boardScale('20 runs × 2,000 trials', 20, 2000)
 */
export async function boardScale(label: string, runs: number, trials: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-board-bench-'))
  try {
    const genStart = performance.now()
    const files: string[] = []
    for (let m = 0; m < runs; m++)
      files.push(
        await writeSyntheticRun(dir, `model-${m}`, { model: `model-${m}`, trials, skill: (m % 10) / 20 }),
      )
    const bytes = files.reduce((n, f) => n + statSync(f).size, 0)
    console.log(
      `board, ${label}: ${runs} results files, ${(bytes / 1e6).toFixed(0)} MB (generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s)`,
    )
    const tsx = ['--import', 'tsx', PHASE]
    console.log(row(nodeFloor()))
    console.log(row(child([...tsx, 'parse', '-', ...files])))
    const build = child([...tsx, 'build', join(dir, 'board'), ...files])
    console.log(row(build))
    console.log(`  bound: board peak RSS ≤ 1536 MB — ${build.maxRssMb <= 1536 ? 'held' : 'BROKEN'}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The board bench: the small and the large scale (or one, by name).
 * @example await boardBench(['small'])
 */
export async function boardBench(which: readonly string[] = ['small', 'large']): Promise<void> {
  if (which.includes('small')) await boardScale('20 runs × 2,000 trials', 20, 2_000)
  if (which.includes('large')) await boardScale('50 models × 20,000 trials (10⁶ trials)', 50, 20_000)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  await boardBench(args.length > 0 ? args : undefined)
}
