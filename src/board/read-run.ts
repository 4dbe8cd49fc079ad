/**
 * One results file of any benchmark read as trials, streamed: the file's `schema` names the
 * benchmark (whichever registered one declares that results schema in its board block), then
 * every record is parsed and checked against that benchmark's record schema as it comes and
 * handed on as the benchmark's trials, so memory holds one record at a time, never the file's
 * text (src/io/json-object-parts.ts). The members around the records are checked as far as the
 * board reads them: the run's sweep curves.
 */
import { z } from 'zod'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import type { BenchmarkBoard, BoardTrial } from '../contracts/board.ts'
import type { SweepCurve } from '../contracts/sweep-curve.ts'
import { sweepCurveSchema } from '../contracts/sweep-curve.ts'
import { ArbigraphError, describeZodError } from '../errors.ts'
import { jsonObjectPartBatches } from '../io/json-object-parts.ts'
import { schemaOfFile } from '../report/read-results.ts'

/** A benchmark that is on the board. */
export type BoardBenchmark = AnyBenchmark & { board: BenchmarkBoard<unknown> }

const badInput = (message: string) => new ArbigraphError('ARBIGRAPH_BAD_INPUT', message)

/**
 * The benchmark whose results file `path` is, by its `schema` field; ARBIGRAPH_BAD_INPUT naming
 * the file and the schemas the board reads when none is.
 * @example await boardBenchmarkOf('/abs/out/results.json', 'out/results.json', registry.benchmarks.values())
 */
export async function boardBenchmarkOf(
  path: string,
  where: string,
  benchmarks: Iterable<AnyBenchmark>,
): Promise<BoardBenchmark> {
  const schema = await schemaOfFile(path)
  const onBoard = [...benchmarks].filter((b): b is BoardBenchmark => b.board !== undefined)
  const found = onBoard.find((b) => b.board.resultsSchema === schema)
  if (found) return found
  const known = onBoard.map((b) => `"${b.board.resultsSchema}"`).join(', ')
  throw badInput(
    `${where}: not a results file the board reads (${schema === undefined ? 'no "schema" field, or not a JSON object' : `schema "${schema}"`}); it reads ${known}: give the results.json or transduction.json a run wrote`,
  )
}

/** What a streamed run hands on. */
export interface RunVisitor {
  /** One record's trials, with the record's model; a promise returned is awaited before the next record. */
  trials(model: string, trials: readonly BoardTrial[]): void | Promise<void>
  /** The run's sweep curves (the `sweeps` member), when it has some. */
  sweeps?(curves: SweepCurve[]): void
}

const curvesSchema = z.array(sweepCurveSchema)

/**
 * Streams the records of `path` (a results file of `bench`) to `visit`; `where` prefixes every message.
 * @example await readRunTrials('/abs/out/results.json', 'out/results.json', bench, { trials: (model, ts) => … })
 */
export async function readRunTrials(
  path: string,
  where: string,
  bench: BoardBenchmark,
  visit: RunVisitor,
): Promise<{ records: number }> {
  const { model } = bench.records
  const board = bench.board
  const schema = board.check ?? bench.records.schema
  let records = 0
  try {
    for await (const parts of jsonObjectPartBatches(path, 'records')) {
      for (const part of parts) {
        if (part.index === undefined) {
          if (part.key === 'sweeps' && visit.sweeps) visit.sweeps(sweepsOf(part.text, where))
          continue
        }
        const json = parseJson(part.text, where)
        const parsed = schema.safeParse(json)
        if (!parsed.success)
          throw badInput(
            describeZodError(
              {
                issues: parsed.error.issues.map((i) => ({ ...i, path: ['records', part.index!, ...i.path] })),
              },
              where,
            ),
          )
        // The checked JSON is the record's wire form (what the benchmark's hooks take).
        const took = visit.trials(model(json), board.trials(json))
        if (took) await took
        records++
      }
    }
  } catch (error) {
    if (error instanceof ArbigraphError) throw error
    throw badInput(`${where}: malformed JSON (${(error as Error).message})`)
  }
  return { records }
}

/** The `sweeps` member, checked. */
function sweepsOf(text: string, where: string): SweepCurve[] {
  const parsed = curvesSchema.safeParse(parseJson(text, where))
  if (!parsed.success)
    throw badInput(
      describeZodError(
        { issues: parsed.error.issues.map((i) => ({ ...i, path: ['sweeps', ...i.path] })) },
        where,
      ),
    )
  return parsed.data
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw badInput(`${where}: malformed JSON (${(error as Error).message})`)
  }
}
