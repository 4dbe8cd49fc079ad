/**
 * The gate reporter: checks the run's cells against the gate rules (ARBIGRAPH_GATE) and, when
 * any rule is broken, prints each broken rule with the offending cell and value and sets
 * `process.exitCode = 1` — Vitest itself only ever raises the exit code, so all-green tests
 * still fail the CI step. On simulated results it refuses to judge and sets exit code 1 (see
 * src/metrics/simulated-gate.ts), and on an interrupted run (src/report/interrupted-run.ts). It runs last, so its verdict is the final output. In a `--shard` run it
 * stands aside: a shard sees only some cells, so the gate belongs to the `--merge-reports` step.
 */
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import type { AnyBenchmark } from '../src/contracts/benchmark.ts'
import { modelLabel } from '../src/contracts/results.ts'
import type { GateRule } from '../src/metrics/gate.ts'
import { evaluateGate, formatBroken, needsTasks } from '../src/metrics/gate.ts'
import { simulatedGateRefusal } from '../src/metrics/simulated-gate.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { benchmarkSweepCurves } from '../src/metrics/sweep/benchmark-sweeps.ts'
import { summarizeSweeps } from '../src/metrics/sweep/summarize-sweeps.ts'
import { interruptedGateRefusal } from '../src/report/interrupted-run.ts'
import { benchmarksInRun, collectBenchmarkRecords, collectRecords } from './collect-records.ts'

/**
 * The gate reporter for parsed `rules` (see src/metrics/gate.ts); `sweep:` rules also read the
 * sweeps of the other `benchmarks` in the run (e.g. `sweep:transduction-budget@8000.accuracy>=0.5`).
 * @example vitest.config.reporters.push(gateReporter(parseGate('*.accuracy>=0.7')))
 */
export function gateReporter(rules: readonly GateRule[], benchmarks: readonly AnyBenchmark[] = []): Reporter {
  let vitest: Vitest | undefined
  return {
    onInit(ctx) {
      vitest = ctx
    },
    onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      const shard = vitest?.config.shard
      if (shard) {
        vitest!.logger.log(
          `gate: skipped in shard ${shard.index}/${shard.count}; it applies to --merge-reports`,
        )
        return
      }
      const records = collectRecords(modules)
      // Other benchmarks take part through their sweeps (their records are theirs to read).
      const inRun = benchmarksInRun(modules)
      const others = benchmarks
        .filter((b) => (b.sweep || b.gate) && inRun.has(b.name))
        .map((bench) => ({ bench, records: collectBenchmarkRecords(modules, bench) }))
      const otherModels = others.flatMap(({ bench, records }) =>
        records.map((r) => ({ model: bench.records.model(r) as string })),
      )
      const log = (text: string) => (vitest ? vitest.logger.log(text) : console.log(text))
      const error = (text: string) => (vitest ? vitest.logger.error(text) : console.error(text))
      const refused =
        simulatedGateRefusal({ model: modelLabel(records), records: [...records, ...otherModels] }) ??
        interruptedGateRefusal({ reason })
      if (refused) {
        error(refused)
        process.exitCode = 1
        return
      }
      const { cells } = summarize(records, { byTask: needsTasks(rules) })
      const curves = [
        ...summarizeSweeps(records),
        ...others.flatMap(({ bench, records }) => benchmarkSweepCurves(bench, records)),
      ]
      // Rules on another benchmark's cells read its records (empty when it did not run: then no cell matches).
      const sources = benchmarks.map((bench) => ({
        bench,
        records: inRun.has(bench.name) ? collectBenchmarkRecords(modules, bench) : [],
      }))
      const broken = evaluateGate(rules, cells, curves, sources)
      if (broken.length === 0) return log(`gate: all ${rules.length} rule(s) hold`)
      for (const b of broken) error(formatBroken(b))
      error(`gate: ${broken.length} broken — exit code 1`)
      process.exitCode = 1
    },
  }
}
