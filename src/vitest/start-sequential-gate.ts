/**
 * Starts the sequential gate for a run, in Vitest's main process, when the resolved options ask
 * for it: reads the baseline run (for baseline rules), plans the rules and α, starts the desk
 * (src/vitest/gate-desk.ts) and hands its URL to the workers through `provide('arbigraphGate')`.
 * Returns what the reporters need, or undefined in fixed mode (or without a gate). Rules on the
 * cells of a registered benchmark that declares `gate.stream` (Long-Transduction) are sequential
 * too; on any other benchmark's cells they stay fixed-n.
 */
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { ResolvedReporterOptions } from '../../reporters/options.ts'
import type { SequentialReporting } from '../../reporters/sequential-decisions.ts'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { needsTasks } from '../metrics/gate.ts'
import { planSequentialGate } from '../metrics/sequential/cell-stream.ts'
import { readResults } from '../report/read-results.ts'
import { baselineTrials, startGateDesk } from './gate-desk.ts'
import type {} from './sequential-case.ts'

/**
 * The sequential gate of a run, started; undefined when the gate is fixed-n or absent.
 * @example const sequential = await startSequentialGate(resolved, project, vitest.config.root, benchmarks)
 */
export async function startSequentialGate(
  options: Pick<ResolvedReporterOptions, 'gate' | 'sequential' | 'paired'>,
  project: Pick<TestProject, 'provide'>,
  root: string,
  benchmarks: readonly AnyBenchmark[] = [],
): Promise<{ reporting: SequentialReporting; close: () => Promise<void> } | undefined> {
  const { gate, sequential, paired } = options
  if (!gate || !sequential) return undefined
  const baseline =
    sequential.baseline === null
      ? new Map()
      : baselineTrials(
          (
            await readResults(
              resolve(root, sequential.baseline),
              `ARBIGRAPH_GATE_BASELINE "${sequential.baseline}"`,
            )
          ).records,
        )
  const streaming = benchmarks.filter((b) => b.gate?.stream).map((b) => b.name)
  const plan = planSequentialGate(gate, sequential.alpha, paired, streaming)
  const tasks = needsTasks(gate) || paired.some((p) => p.cell.length === 3)
  const desk = await startGateDesk(plan, { tasks, baseline })
  project.provide('arbigraphGate', { url: desk.url })
  return { reporting: { plan, baseline, benchmarks }, close: desk.close }
}
