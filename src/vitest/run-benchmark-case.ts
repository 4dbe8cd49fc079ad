/**
 * One trial of one case of any benchmark: the harness answers the case the benchmark hands it,
 * its result is checked (a user's harness is outside code), the benchmark scores it into a
 * record, `details` (when the benchmark keeps any) stores what the dashboard shows beside it,
 * and `followUp` (when the benchmark has one and the run gives its tools) measures the scored
 * case further through the same harness and context. Epochs after the first send their own
 * sampling `seed`, so each repetition is a distinct request (and a distinct response-cache key)
 * rather than a replay of epoch 0.
 * A wrong, missing or cut-off answer is a model outcome (a scored record); only an endpoint that
 * still fails after the pool's retries is an infrastructure error, and then the record carries
 * the reason instead of a score. Other errors are bugs and propagate. A case past its deadline
 * (`deadlineMs`, ARBIGRAPH_CASE_TIMEOUT in a suite) is stopped through its signal and recorded as
 * an infrastructure error naming the deadline, even if its harness never settles.
 * Reference: docs/research/ecosystem-anchors.md §A4 (a wrong answer is data, not a failure).
 */
import type { Benchmark, BenchmarkCase, FollowUpRun, RunFacts } from '../contracts/benchmark.ts'
import {
  checkHarnessResult,
  type Harness,
  type HarnessCase,
  type HarnessContext,
} from '../contracts/harness.ts'
import { ArbigraphError } from '../errors.ts'
import { withinDeadline } from '../harness/case-deadline.ts'
import { guardOrphanWorker } from './orphan-guard.ts'

type Runner<Case, Record> = Pick<
  Benchmark<never, Case, Record>,
  'harnessCase' | 'score' | 'details' | 'followUp'
> & {
  records: Pick<Benchmark<never, Case, Record>['records'], 'infra' | 'infraReason'>
}

/**
 * Runs `harness` on one case of `bench` and returns its record; never throws for an endpoint
 * failure or a passed deadline. Without `followUp` tools the benchmark's follow-up step is skipped.
 * @example const record = await runBenchmarkCase(transduction, c, singleShot(), context, undefined, 3_600_000)
 */
export async function runBenchmarkCase<Case, Record>(
  bench: Runner<Case, Record>,
  c: BenchmarkCase<Case>,
  harness: Harness,
  context: HarnessContext,
  followUp?: Omit<FollowUpRun, 'harness' | 'context'>,
  deadlineMs?: number,
): Promise<Record> {
  guardOrphanWorker()
  const started = performance.now()
  const facts = () => ({
    model: context.model,
    latencyMs: performance.now() - started,
    harness: harness.name,
    ...(harness.protocol ? { protocol: harness.protocol } : {}),
  })
  const harnessCase = bench.harnessCase(c)
  try {
    return await withinDeadline(
      (signal) => {
        // Epochs differ by their sampling seed, which also keeps their cache keys apart.
        const caseContext: HarnessContext = {
          ...context,
          signal,
          ...(harnessCase.epoch > 0
            ? { requestFields: { ...context.requestFields, seed: harnessCase.epoch } }
            : {}),
        }
        return answerAndScore(bench, c, harnessCase, harness, caseContext, facts, followUp)
      },
      context.signal,
      deadlineMs,
    )
  } catch (error) {
    if (!(error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')) throw error
    return bench.records.infra(c.identity, error.message, facts(), c.input)
  }
}

/** The harness's answer to the case, scored, then followed up when the run gives the tools. */
async function answerAndScore<Case, Record>(
  bench: Runner<Case, Record>,
  c: BenchmarkCase<Case>,
  harnessCase: HarnessCase,
  harness: Harness,
  caseContext: HarnessContext,
  facts: () => RunFacts,
  followUp?: Omit<FollowUpRun, 'harness' | 'context'>,
): Promise<Record> {
  const result = checkHarnessResult(
    await harness.run(harnessCase, caseContext),
    harness.name,
    harnessCase.expected,
  )
  const scored = bench.score(c, result, facts())
  const record = bench.details ? bench.details(c, result, scored) : scored
  if (!followUp || !bench.followUp || bench.records.infraReason(record) !== null) return record
  return bench.followUp(c, record, { ...followUp, harness, context: caseContext })
}
