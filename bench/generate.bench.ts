/**
 * `npm run bench:generate`: generation speed, measured in this run.
 *
 * - The paper's math chain (40 targets × 16 samples × 4 tasks) and multichain (× 8 tasks), one
 *   worker, against the reference implementation's times measured on this machine kind
 *   (10.05 s and 12.74 s; goal ≥ 50× faster).
 * - Random DAGs of 10 to 10,000 tasks (one instance each, median of runs) and the log-log slope
 *   of time against size (goal ≤ 1.15; 10^4 tasks ≤ 2 s).
 * - Streaming, from the command line as a user runs it (the installed package's bin on dist/;
 *   whole process: start-up, generation, writing): one random DAG of 10^5 tasks (goal ≤ 20 s,
 *   peak RSS ≤ 1.5 GB) and 40 instances of 10^4 tasks on two threads (goal ≥ 100 MB/s of
 *   dataset written, the median of three runs). `--no-stream` skips this part.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultRegistry } from '../plugins/index.ts'
import { generateDataset } from '../src/generate/generate-dataset.ts'
import { installedLayout } from './installed-layout.ts'
import { median, timeProcess } from './time-process.ts'

const REFERENCE_SECONDS = { chain: 10.05, multichain: 12.74 }
const PAPER_STRUCTURE = "['math','math',['math','math'],['math','math'],'math','math']"
const registry = defaultRegistry()

/** Runs of the 10^4 x 40 dataset, whose median is reported. */
const WIDE_RUNS = 3

/**
 * Median wall seconds over `runs`, and the median CPU seconds of this process: on a shared
 * machine CPU time is the steadier figure (wall time includes waiting for a core).
 */
async function seconds(spec: Record<string, unknown>, runs: number): Promise<number> {
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const used = process.cpuUsage()
    await generateDataset({ categories: ['math'], seed: '0', ...spec }, { registry })
    const { user, system } = process.cpuUsage(used)
    times.push((performance.now() - start) / 1000)
    cpu.push((user + system) / 1e6)
  }
  lastCpu = median(cpu)
  return median(times)
}
let lastCpu = 0

// Warm up the JIT and the number-theory caches so the first measurement is not a cold start.
await seconds({ topology: 'chain', options: { length: 4 }, samplesPerTask: 16 }, 1)
await seconds({ topology: 'multichain', options: { structure: PAPER_STRUCTURE }, samplesPerTask: 4 }, 1)
await seconds({ topology: 'random', options: { nodes: 1000 }, samplesPerTask: 1, targets: ['DivisorSum'] }, 1)

console.log('paper datasets (1 thread)')
for (const [name, options] of [
  ['chain', { length: 4 }],
  ['multichain', { structure: PAPER_STRUCTURE }],
] as const) {
  const s = await seconds({ topology: name, options, samplesPerTask: 16 }, 3)
  const ref = REFERENCE_SECONDS[name]
  const ratio = ref / s
  console.log(
    `  ${name.padEnd(10)} 640 instances  ${s.toFixed(3)} s (cpu ${lastCpu.toFixed(3)} s)   reference ${ref} s   ${ratio.toFixed(1)}× faster ${ratio >= 50 ? '(goal ≥ 50× met)' : '(goal ≥ 50× NOT met)'}`,
  )
}

console.log('random DAG, one instance (median of runs)')
const sizes = [10, 100, 1000, 10_000]
const points: [number, number][] = []
for (const nodes of sizes) {
  const runs = nodes >= 10_000 ? 3 : 5
  const s = await seconds(
    { topology: 'random', options: { nodes }, samplesPerTask: 1, targets: ['DivisorSum'] },
    runs,
  )
  points.push([nodes, s])
  console.log(
    `  ${String(nodes).padStart(6)} tasks  ${(s * 1000).toFixed(1)} ms (cpu ${(lastCpu * 1000).toFixed(1)} ms)`,
  )
}
const logs = points.map(([n, s]) => [Math.log10(n), Math.log10(s)] as const)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const mx = mean(logs.map(([x]) => x))
const my = mean(logs.map(([, y]) => y))
const slope =
  logs.reduce((acc, [x, y]) => acc + (x - mx) * (y - my), 0) /
  logs.reduce((acc, [x]) => acc + (x - mx) ** 2, 0)
const [, t1k] = points[2]!
const [, t10k] = points[3]!
const tail = Math.log10(t10k / t1k)
console.log(
  `  log-log slope: ${slope.toFixed(3)} (least squares over all sizes), ${tail.toFixed(3)} (1,000 → 10,000); goal ≤ 1.15`,
)
console.log(`  10,000 tasks: ${t10k.toFixed(2)} s; goal ≤ 2 s ${t10k <= 2 ? '(met)' : '(NOT met)'}`)

if (!process.argv.includes('--no-stream')) {
  console.log(
    'streaming from the command line (the installed bin, running dist/ as `npx arbigraph` does; whole processes)',
  )
  const scratch = mkdtempSync(join(tmpdir(), 'arbigraph-bench-stream-'))
  // Its compiled-code cache stays in the scratch folder, not the user's cache.
  process.env.ARBIGRAPH_COMPILE_CACHE = join(scratch, 'compile-cache')
  const bin = installedLayout(scratch).installed
  // The host's phase, for reading the figures below: this machine kind's speed drifts by up to 2×
  // within a day, and whole-process runs (start-up, page faults) feel it more than the in-process
  // figures above. `node -e 0` is the same yardstick bench:cli prints.
  const bare: number[] = []
  for (let i = 0; i < 5; i++)
    bare.push(
      (await timeProcess({ label: 'node -e 0', command: process.execPath, args: ['-e', '0'] })).wallMs,
    )
  console.log(`  host phase: node -e 0 takes ${median(bare).toFixed(0)} ms (median of 5)`)
  const generate = (label: string, args: string[]) =>
    timeProcess({
      label,
      command: process.execPath,
      args: [bin, 'generate', 'random', ...args],
      cwd: scratch,
      usage: true,
    })
  try {
    const big = await generate('10^5 tasks', [
      '--nodes',
      '100000',
      '--samples-per-task',
      '1',
      '--targets',
      'DivisorSum',
      '--out',
      'big.jsonl',
    ])
    const gb = (big.peakRssBytes ?? 0) / 2 ** 30
    const bigSeconds = big.wallMs / 1000
    console.log(
      `  random DAG, 10^5 tasks, 1 instance: ${bigSeconds.toFixed(1)} s (cpu ${((big.cpuMs ?? 0) / 1000).toFixed(1)} s), peak RSS ${gb.toFixed(2)} GB, ${(statSync(join(scratch, 'big.jsonl')).size / 1e6).toFixed(0)} MB; goal ≤ 20 s ${bigSeconds <= 20 ? '(met)' : '(NOT met)'}, ≤ 1.5 GB ${gb <= 1.5 ? '(met)' : '(NOT met)'}`,
    )
    rmSync(join(scratch, 'big.jsonl'))
    // Three runs, the median reported: this machine's speed drifts by tens of percent within
    // minutes, and one run said more about the moment than about the build. Each output is
    // removed before the next run, so none writes over (or next to) an earlier one.
    const wides = []
    for (let run = 0; run < WIDE_RUNS; run++) {
      const wide = await generate('10^4 tasks x 40', [
        '--nodes',
        '10000',
        '--samples-per-task',
        '1',
        '--workers',
        '2',
        '--out',
        'wide.jsonl',
      ])
      wides.push({ ...wide, bytes: statSync(join(scratch, 'wide.jsonl')).size })
      rmSync(join(scratch, 'wide.jsonl'))
    }
    wides.sort((a, b) => a.wallMs - b.wallMs)
    const wide = wides[Math.floor(wides.length / 2)]!
    const mb = wide.bytes / 1e6
    const rate = mb / (wide.wallMs / 1000)
    const all = wides.map((w) => `${(w.bytes / 1e6 / (w.wallMs / 1000)).toFixed(0)}`).join(', ')
    console.log(
      `  random DAG, 10^4 tasks × 40 instances, 2 threads, median of ${WIDE_RUNS} runs (${all} MB/s): ${mb.toFixed(0)} MB in ${(wide.wallMs / 1000).toFixed(1)} s (cpu ${((wide.cpuMs ?? 0) / 1000).toFixed(1)} s, all threads) = ${rate.toFixed(0)} MB/s, peak RSS ${((wide.peakRssBytes ?? 0) / 2 ** 30).toFixed(2)} GB; goal ≥ 100 MB/s ${rate >= 100 ? '(met)' : '(NOT met)'}`,
    )
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
