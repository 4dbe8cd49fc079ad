/**
 * The gate reporter in sequential mode (ARBIGRAPH_GATE_MODE=sequential): prints, per cell, what
 * the sequential gate decided and after how many cases, then the verdict — each rule decided on
 * a cell by its betting test takes that verdict, the rest the fixed-n verdict of the cases run
 * (src/metrics/sequential/replay-gate.ts) — and sets exit code 1 when a rule is broken. It
 * refuses simulated and interrupted runs and stands aside in a shard, as the fixed-n gate
 * reporter (reporters/gate.ts) does, and closes the run's gate desk.
 */
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { modelLabel } from '../src/contracts/results.ts'
import type { GateRule } from '../src/metrics/gate.ts'
import { formatBroken } from '../src/metrics/gate.ts'
import { simulatedGateRefusal } from '../src/metrics/simulated-gate.ts'
import { formatDecision } from '../src/report/format-sequential.ts'
import { interruptedGateRefusal } from '../src/report/interrupted-run.ts'
import { benchmarksInRun, collectBenchmarkRecords, collectRecords } from './collect-records.ts'
import {
  fixedRuleNotes,
  type SequentialReporting,
  sequentialHeader,
  sequentialVerdict,
} from './sequential-decisions.ts'

/**
 * The sequential gate reporter for parsed `rules`; `close` ends the run's desk.
 * @example vitest.config.reporters.push(sequentialGateReporter(rules, reporting))
 */
export function sequentialGateReporter(
  rules: readonly GateRule[],
  reporting: SequentialReporting,
  close: () => Promise<void> = async () => {},
): Reporter {
  let vitest: Vitest | undefined
  return {
    onInit(ctx) {
      vitest = ctx
    },
    async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors, reason: TestRunEndReason) {
      await close()
      const shard = vitest?.config.shard
      if (shard) {
        vitest!.logger.log(
          `gate: skipped in shard ${shard.index}/${shard.count}; it applies to --merge-reports`,
        )
        return
      }
      const log = (text: string) => (vitest ? vitest.logger.log(text) : console.log(text))
      const error = (text: string) => (vitest ? vitest.logger.error(text) : console.error(text))
      const records = collectRecords(modules)
      // Streaming benchmarks' records count too: a simulated Long-Transduction run is refused as ArbiGraph's is.
      const inRun = benchmarksInRun(modules)
      const otherModels = (reporting.benchmarks ?? [])
        .filter((b) => b.gate && inRun.has(b.name))
        .flatMap((bench) =>
          collectBenchmarkRecords(modules, bench).map((r) => ({ model: bench.records.model(r) as string })),
        )
      const refused =
        simulatedGateRefusal({ model: modelLabel(records), records: [...records, ...otherModels] }) ??
        interruptedGateRefusal({ reason })
      if (refused) {
        error(refused)
        process.exitCode = 1
        return
      }
      const { plan } = reporting
      const { decisions, broken, brokenBaseline } = sequentialVerdict(modules, records, rules, reporting)
      log(sequentialHeader(plan))
      for (const d of decisions) if (d.rules.length > 0) log(`  ${formatDecision(d)}`)
      for (const note of fixedRuleNotes(rules, plan)) log(`  ${note}`)
      const total = broken.length + brokenBaseline.length
      if (total === 0) return log(`gate: all ${rules.length + plan.paired.length} rule(s) hold`)
      for (const b of broken) error(formatBroken(b))
      for (const line of brokenBaseline) error(line)
      error(`gate: ${total} broken — exit code 1`)
      process.exitCode = 1
    },
  }
}
