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
 * the reason instead of a score. Other errors are bugs and propagate.
 * Reference: docs/research/ecosystem-anchors.md §A4 (a wrong answer is data, not a failure).
 */
import type { Benchmark, BenchmarkCase, FollowUpRun } from '../contracts/benchmark.ts'
import { checkHarnessResult, type Harness, type HarnessContext } from '../contracts/harness.ts'
import { ArbigraphError } from '../errors.ts'

type Runner<Case, Record> = Pick<
  Benchmark<never, Case, Record>,
  'harnessCase' | 'score' | 'details' | 'followUp'
> & {
  records: Pick<Benchmark<never, Case, Record>['records'], 'infra' | 'infraReason'>
}

/**
 * Runs `harness` on one case of `bench` and returns its record; never throws for an endpoint
 * failure. Without `followUp` tools the benchmark's follow-up step is skipped.
 * @example const record = await runBenchmarkCase(transduction, c, singleShot(), context)
 */
export async function runBenchmarkCase<Case, Record>(
  bench: Runner<Case, Record>,
  c: BenchmarkCase<Case>,
  harness: Harness,
  context: HarnessContext,
  followUp?: Omit<FollowUpRun, 'harness' | 'context'>,
): Promise<Record> {
  const started = performance.now()
  const facts = () => ({
    model: context.model,
    latencyMs: performance.now() - started,
    harness: harness.name,
    ...(harness.protocol ? { protocol: harness.protocol } : {}),
  })
  const harnessCase = bench.harnessCase(c)
  // Epochs differ by their sampling seed, which also keeps their cache keys apart.
  const caseContext: HarnessContext =
    harnessCase.epoch > 0
      ? { ...context, requestFields: { ...context.requestFields, seed: harnessCase.epoch } }
      : context
  let result: Awaited<ReturnType<Harness['run']>>
  try {
    result = checkHarnessResult(
      await harness.run(harnessCase, caseContext),
      harness.name,
      harnessCase.expected,
    )
  } catch (error) {
    if (!(error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')) throw error
    return bench.records.infra(c.identity, error.message, facts(), c.input)
  }
  const scored = bench.score(c, result, facts())
  const record = bench.details ? bench.details(c, result, scored) : scored
  if (!followUp || !bench.followUp || bench.records.infraReason(record) !== null) return record
  return bench.followUp(c, record, { ...followUp, harness, context: caseContext })
}
