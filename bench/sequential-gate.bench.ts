/**
 * `npm run bench:gate`: the sequential gate's simulation study as a table — for a cell of
 * N = 640 cases, α = 0.05 and 1,000 seeded repetitions per setting, the true rate minus the
 * threshold from −0.2 to +0.2, the mean cases the gate used and how often its verdict differed
 * from the full run's; beside it, the same for peeking at a fixed-n 95% Wilson interval after
 * every case (what not to do). Everything is measured in this run (src/metrics/sequential/simulate-gate.ts).
 */
import { studyGate, studyPeeking } from '../src/metrics/sequential/simulate-gate.ts'

const population = 640
const alpha = 0.05
const repetitions = Number(process.env.BENCH_REPETITIONS ?? 1000)
const thresholds = [0.5, 0.7]
const offsets = [-0.2, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2]

const pad = (text: string, width: number) => text.padStart(width)
const started = performance.now()
console.log(`sequential gate: N = ${population}, α = ${alpha}, ${repetitions} repetitions per setting`)
console.log(
  [
    pad('threshold', 9),
    pad('true-thr', 8),
    pad('mean cases', 10),
    pad('% of N', 7),
    pad('error', 7),
    pad('peek cases', 10),
    pad('peek error', 10),
  ].join('  '),
)
for (const threshold of thresholds)
  for (const offset of offsets) {
    const trueRate = Math.round((threshold + offset) * 100) / 100
    if (trueRate <= 0 || trueRate >= 1) continue
    const setting = { threshold, trueRate, population, alpha, repetitions }
    const gate = studyGate(setting)
    const peek = studyPeeking(setting)
    console.log(
      [
        pad(threshold.toFixed(2), 9),
        pad(`${offset >= 0 ? '+' : ''}${offset.toFixed(2)}`, 8),
        pad(gate.meanCases.toFixed(1), 10),
        pad(`${((gate.meanCases / population) * 100).toFixed(1)}%`, 7),
        pad(`${(gate.errorRate * 100).toFixed(1)}%`, 7),
        pad(peek.meanCases.toFixed(1), 10),
        pad(`${(peek.errorRate * 100).toFixed(1)}%`, 10),
      ].join('  '),
    )
  }
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`)
