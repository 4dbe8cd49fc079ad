/**
 * One trial of one case of any benchmark: the harness answers the case the benchmark hands it,
 * its result is checked (a user's harness is outside code), the benchmark scores it into a
 * record, and `details` (when the benchmark keeps any) stores what the dashboard shows beside it.
 * A wrong, missing or cut-off answer is a model outcome (a scored record); only an endpoint that
 * still fails after the pool's retries is an infrastructure error, and then the record carries
 * the reason instead of a score. Other errors are bugs and propagate.
 * Reference: docs/research/ecosystem-anchors.md §A4 (a wrong answer is data, not a failure).
 */
import type { Benchmark, BenchmarkCase } from '../contracts/benchmark.ts'
import { checkHarnessResult, type Harness, type HarnessContext } from '../contracts/harness.ts'
import { ArbigraphError } from '../errors.ts'

type Runner<Case, Record> = Pick<Benchmark<never, Case, Record>, 'harnessCase' | 'score' | 'details'> & {
  records: Pick<Benchmark<never, Case, Record>['records'], 'infra'>
}

/**
 * Runs `harness` on one case of `bench` and returns its record; never throws for an endpoint failure.
 * @example const record = await runBenchmarkCase(transduction, c, singleShot(), context)
 */
export async function runBenchmarkCase<Case, Record>(
  bench: Runner<Case, Record>,
  c: BenchmarkCase<Case>,
  harness: Harness,
  context: HarnessContext,
): Promise<Record> {
  const started = performance.now()
  const facts = () => ({
    model: context.model,
    latencyMs: performance.now() - started,
    harness: harness.name,
  })
  let result: Awaited<ReturnType<Harness['run']>>
  try {
    result = checkHarnessResult(await harness.run(bench.harnessCase(c), context), harness.name)
  } catch (error) {
    if (!(error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')) throw error
    return bench.records.infra(c.identity, error.message, facts(), c.input)
  }
  const record = bench.score(c, result, facts())
  return bench.details ? bench.details(c, result, record) : record
}
