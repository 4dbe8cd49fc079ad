/**
 * The gate reporter: checks the run's cells against the gate rules (ARBIGRAPH_GATE) and, when
 * any rule is broken, prints each broken rule with the offending cell and value and sets
 * `process.exitCode = 1` — Vitest itself only ever raises the exit code, so all-green tests
 * still fail the CI step. On simulated results it refuses to judge and sets exit code 1 (see
 * src/metrics/simulated-gate.ts), and on an interrupted run (src/report/interrupted-run.ts). It runs last, so its verdict is the final output. In a `--shard` run it
 * stands aside: a shard sees only some cells, so the gate belongs to the `--merge-reports` step.
 */
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { modelLabel } from '../src/contracts/results.ts'
import type { GateRule } from '../src/metrics/gate.ts'
import { evaluateGate, formatBroken, needsTasks } from '../src/metrics/gate.ts'
import { simulatedGateRefusal } from '../src/metrics/simulated-gate.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { summarizeSweeps } from '../src/metrics/sweep/summarize-sweeps.ts'
import { interruptedGateRefusal } from '../src/report/interrupted-run.ts'
import { collectRecords } from './collect-records.ts'

/**
 * The gate reporter for parsed `rules` (see src/metrics/gate.ts).
 * @example vitest.config.reporters.push(gateReporter(parseGate('*.accuracy>=0.7')))
 */
export function gateReporter(rules: readonly GateRule[]): Reporter {
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
      const log = (text: string) => (vitest ? vitest.logger.log(text) : console.log(text))
      const error = (text: string) => (vitest ? vitest.logger.error(text) : console.error(text))
      const refused =
        simulatedGateRefusal({ model: modelLabel(records), records }) ?? interruptedGateRefusal({ reason })
      if (refused) {
        error(refused)
        process.exitCode = 1
        return
      }
      const { cells } = summarize(records, { byTask: needsTasks(rules) })
      const broken = evaluateGate(rules, cells, summarizeSweeps(records))
      if (broken.length === 0) return log(`gate: all ${rules.length} rule(s) hold`)
      for (const b of broken) error(formatBroken(b))
      error(`gate: ${broken.length} broken — exit code 1`)
      process.exitCode = 1
    },
  }
}
