/**
 * The Benchmark contract: what a benchmark brings so that `defineSuite(benchmark, options)`, the
 * record pipeline and the reporters can run it without knowing it. A benchmark turns validated
 * suite options into cases (seeded, at collection time), hands each case to a harness (its
 * default one, or the suite's: a Harness value, src/contracts/harness.ts) as the harness's case,
 * scores the harness's answers and transcript into a record (a JSON-plain value its zod schema checks),
 * summarises records into cells, and renders those cells as text, Markdown and HTML sections.
 * ArbiGraph (task graphs) and Long-Transduction (long documents) are two values of it; a third is
 * one file registered from `arbigraph.config.ts` (`plugins: [{ name, benchmarks: [mine] }]`).
 *
 * Records stay the benchmark's own: the pipeline never reads inside one, it only asks the
 * benchmark (`records.infra`, `records.failed`, `records.compare`). A test carries its
 * benchmark's name in `task.meta.arbigraphBenchmark`, its identity in `arbigraphCase` and its
 * record in `arbigraph`, so the reporters group records by benchmark.
 */
import { z } from 'zod'
import { ArbigraphError, describeZodError, formatPath } from '../errors.ts'
import type { Registry } from '../registry.ts'
import type { SimCaseInput } from '../sim/case-book.ts'
import type { BenchmarkBoard } from './board.ts'
import type { BenchmarkDashboard } from './dashboard.ts'
import type { Harness, HarnessCase, HarnessContext, HarnessResult } from './harness.ts'
import type { SequentialGateBlock } from './results.ts'

/** One test a suite declares. */
export interface BenchmarkCase<Case> {
  /** The test's name (`-t` selects by it). */
  name: string
  /** JSON-plain identity known before the case runs: places a failed test in its cell. */
  identity: object
  /** The case the harness and the scorer get. */
  input: Case
}

/** Facts about a finished run of a case, besides the harness's result. */
export interface RunFacts {
  model: string
  latencyMs: number
  /** The name of the harness that ran it; absent when none did (a test that failed before). */
  harness?: string
  /** That harness's declared wire protocol, when it has one (a record without a transcript says it). */
  protocol?: Harness['protocol']
}

/**
 * What a benchmark's `followUp` step may use: the suite's harness and the case's own context
 * (endpoint, model, timeouts, epoch seed), the run's registry, and the simulator registration.
 */
export interface FollowUpRun {
  harness: Harness
  context: HarnessContext
  registry: Registry
  /** Tells the built-in simulator more ground truths (nothing is sent to a real endpoint); `who` names the step in a refusal. */
  registerSim(cases: readonly SimCaseInput[], who: string): Promise<void>
}

/** How the pipeline handles a benchmark's records without reading inside them. */
export interface BenchmarkRecords<Record> {
  /** The record in its JSON-plain wire form (what `task.meta.arbigraph` and results files hold). */
  schema: z.ZodType
  /**
   * The record of a case that produced no outcome: its endpoint failed (then `input` is the case)
   * or its test failed before writing a record (`model` 'unknown': the run's is filled in).
   */
  infra(identity: object, reason: string, facts: RunFacts, input?: unknown): Record
  /** A record whose test failed after writing it: its outcome removed, the reason kept. */
  failed(record: Record, reason: string): Record
  /** Why the record is an infrastructure error, or null for a model outcome. */
  infraReason(record: Record): string | null
  /** The record's model id. */
  model(record: Record): string
  /** The record with another model id (an infrastructure record learns the run's). */
  withModel(record: Record, model: string): Record
  /** Results order; a merged sharded run gives the same list as a whole run. */
  compare(a: Record, b: Record): number
  /** The identity of a test that set none (e.g. from its file path); absent: such tests are not this benchmark's. */
  identityOfTest?(test: {
    moduleId: string
    relativeModuleId: string
    name: string
    fullName: string
  }): object
}

/** The results and Markdown files the generic benchmark reporter writes (reporters/benchmark.ts). */
export interface BenchmarkFiles<Record> {
  /** The results file: path relative to the Vitest root, and the variable that moves it (or `off`). */
  results: { path: string; variable: string }
  /** The Markdown summary file, likewise. */
  markdown: { path: string; variable: string }
  /**
   * The results file's content for `records` (the run facts as in every results file);
   * `extra.sequentialGate` is what the sequential gate decided on the benchmark's cells (a
   * `sequentialGate` field, src/contracts/results.ts), given only under ARBIGRAPH_GATE_MODE=sequential.
   */
  build(
    records: Record[],
    run: unknown,
    createdBy: string,
    extra?: { sequentialGate?: SequentialGateBlock },
  ): { model: string }
  /** The `schema` id of that file, so `arbigraph report` knows whose file it reads. */
  schema: string
  /** Parses and validates a results file's text (the path names it in messages). */
  decode(text: string, where: string): { model: string; records: Record[] }
}

/**
 * One cell of a progress line (reporters/progress.ts): its name and running figures, which the
 * benchmark reads off its own summary of the records so far, so they agree with the final report.
 */
export interface BenchmarkProgressCell {
  /** The cell's name, e.g. `chain/math` or `transduction/arithmetic/4K`. */
  cell: string
  /** Records with a model outcome: the accuracy's denominator. */
  graded: number
  /** Records that are infrastructure errors, counted apart (never as wrong). */
  infraErrors: number
  /** Right ones among the graded, for a benchmark graded right or wrong (shown as `c/graded`). */
  correct?: number
  /** The cell's accuracy in [0, 1], for a benchmark with partial credit (a mean score). */
  accuracy?: number
}

/**
 * The breakdown tables a benchmark offers on request (`arbigraph report <file> --by a,b`): the
 * dimensions its records can be grouped by, and the table of one or two of them, scored as the
 * benchmark's own report tables are (src/report/breakdown-table.ts checks the names first).
 */
export interface BenchmarkBreakdowns<Record> {
  /** The dimensions, in the order listings give them (`id` is what `--by` names). */
  dimensions: { id: string; label: string }[]
  /**
   * Tables the Markdown summary adds (the results file's Markdown and `report --markdown`), each
   * shown only when every one of its dimensions has two values or more in the run.
   * @default none
   */
  summary?: string[][]
  /** The table of `records` grouped by `by` (one or two known, distinct dimension ids). */
  table(
    records: readonly Record[],
    by: readonly string[],
  ): { title: string; headers: string[]; numeric: boolean[]; rows: string[][] }
}

/** Report sections: each renders the benchmark's summary of some records. */
export interface BenchmarkReport<Summary> {
  text(summary: Summary, model: string): string
  markdown(summary: Summary, model: string): string
  html(summary: Summary, model: string): string
}

/** One option a benchmark lets a sweep vary (`defineSweep({ benchmark, vary: { <axis>: [...] } })`). */
export interface BenchmarkSweepAxis {
  /** What a value means, for messages and docs (e.g. 'budget in tokens: 4000, 8000, …'). */
  describe: string
  /** Why `value` is not a point of this axis, or null when it is. */
  check(value: number): string | null
  /** The x of the curve at `value` (≥ 1; it is fitted on log₂). */
  size(value: number): number
}

/** A record as one trial of a sweep curve (src/metrics/sweep/benchmark-sweeps.ts). */
export interface BenchmarkSweepTrial {
  /** Trials of one case share it (the bootstrap resamples cases). */
  caseId: string
  /** The curve it belongs to besides the axis (e.g. a family and format). */
  category: string
  model: string
  /** The record's value on every axis of the benchmark. */
  point: { [axis: string]: number }
  /**
   * The seed its case was generated from. A sweep point's cases carry the point seed
   * `<base>/<axis>=<value>` (src/sweep/sweep-spec.ts): that is how a record is known to be a
   * sweep's, and of which point.
   */
  seed: string
  /** Right or wrong; null for an infrastructure error (counted apart, never graded). */
  correct: boolean | null
  /**
   * Partial credit in [0, 1] (e.g. the share of a document's records right), when the benchmark
   * has one: `arbigraph compare` then tests the paired scores (a sign-flip test) instead of the
   * right/wrong outcomes, so a model that gets worse without ever being fully right still shows.
   * @default the outcome as 0 or 1
   */
  score?: number
  promptTokens: number
}

/** What a benchmark brings to be swept: its axes, each point's cases, and its records as trials. */
export interface BenchmarkSweep<Options, Case, Record> {
  axes: { [axis: string]: BenchmarkSweepAxis }
  /**
   * The cases of one point: the suite's options with `axis` at `value`, generated from `seed`
   * alone. `run` is the run the cases are for (its root: where their details go), as `cases` gets it.
   */
  pointCases(
    options: Options,
    axis: string,
    value: number,
    seed: string,
    run?: { root: string },
  ): BenchmarkCase<Case>[] | Promise<BenchmarkCase<Case>[]>
  trial(record: Record): BenchmarkSweepTrial
}

/**
 * A benchmark's cells for the CI gate (`ARBIGRAPH_GATE="<benchmark>:<cell>.<metric>>=0.5"`,
 * src/metrics/benchmark-gate.ts): per record its cell and its value of each metric, all in [0, 1];
 * a cell's metric is the mean over its scored records.
 */
export interface BenchmarkGate<Record> {
  /** Each metric a rule may name, with what it means (for messages and docs). */
  metrics: { [metric: string]: { describe: string } }
  /** The record's cell key, `/`-separated parts (e.g. `arithmetic/4K`). */
  cell(record: Record): string
  /** The record's value of every metric in [0, 1]; null for an infrastructure error (never scored). */
  values(record: Record): { [metric: string]: number } | null
  /**
   * How its cases join the sequential gate (ARBIGRAPH_GATE_MODE=sequential,
   * src/metrics/sequential/): each case's cells, known from its identity before it runs, so a
   * case of a decided cell is not sent. A case's outcome on a rule is its record's `values` (a
   * metric's value in [0, 1]; a cell's metric is their mean, which the betting confidence
   * sequence bounds). @default rules on its cells are checked fixed-n, on every case
   */
  stream?: BenchmarkGateStream<Record>
}

/** A benchmark's side of the sequential gate (see `BenchmarkGate.stream`). */
export interface BenchmarkGateStream<Record> {
  /** The gate cells (keys as `cell(record)` gives them) of the case with this identity. */
  cells(identity: object): string[]
  /** What a record's case cost, to estimate what the unsent cases saved: model calls and tokens (prompt + completion). */
  cost(record: Record): { calls: number; tokens: number }
}

/** A benchmark, as `benchmark({...})` returns it. */
export interface Benchmark<Options = unknown, Case = unknown, Record = unknown, Summary = unknown> {
  /** The benchmark's name: records are grouped by it, and a plugin may not reuse one. */
  name: string
  /** One line for listings. */
  summary: string
  /** The suite options (zod; its messages name the bad field). */
  options: z.ZodType<Options>
  /** The `describe` block of a suite: its name and tags (for `--tags-filter`). */
  suite(options: Options): { name: string; tags: string[] }
  /**
   * The suite's cases in a fixed order (seeded: every worker and rerun sees the same ones).
   * `run.root` is the run's root (Vitest's), the base of any relative path a case writes to.
   */
  cases(options: Options, run?: { root: string }): BenchmarkCase<Case>[] | Promise<BenchmarkCase<Case>[]>
  /** What the built-in simulator must know to answer these cases (never sent to a real model). */
  simCases?(cases: readonly BenchmarkCase<Case>[]): SimCaseInput[]
  /** Cases per simulator registration request. @default all at once */
  simBatch?: number
  /** The default harness of a suite with these options (a registered one may be chosen by name). */
  harness(options: Options, registry: Registry): Harness
  /**
   * The harness a run uses when a suite passes its own (`defineSuite(benchmark, options, { harness })`):
   * where the run's settings choose for every suite (ArbiGraph: ARBIGRAPH_HARNESS, ARBIGRAPH_PROTOCOL),
   * they win here too. @default the suite's
   */
  suiteHarness?(harness: Harness, registry: Registry): Harness
  /** The case as the harness sees it: prompt, the output names to answer, budgets. */
  harnessCase(input: BenchmarkCase<Case>): HarnessCase
  /** Scores the harness's answers and transcript into the case's record. */
  score(input: BenchmarkCase<Case>, result: HarnessResult, facts: RunFacts): Record
  /**
   * Keeps what a report shows beside the record (e.g. the transcript, for the dashboard) and
   * returns the record with its reference. @default none
   */
  details?(input: BenchmarkCase<Case>, result: HarnessResult, record: Record): Record
  /**
   * A further measurement of a scored case (not of an infrastructure record), made through the
   * suite's harness after `details` (ArbiGraph: the context conditions, each node asked again).
   * An endpoint failure inside it is the benchmark's to record. @default none
   */
  followUp?(input: BenchmarkCase<Case>, record: Record, run: FollowUpRun): Promise<Record>
  /** Called once before a suite's first case (e.g. refuse a protocol the server cannot serve). @default none */
  prepare?(options: Options, server: unknown, harness: Harness): void
  records: BenchmarkRecords<Record>
  /** Records → summary (cells); every figure a report prints comes from it. */
  summarize(records: readonly Record[]): Summary
  report: BenchmarkReport<Summary>
  /**
   * The running cells of the progress lines in logs, from the records so far (summarised as the
   * report does). @default one cell named after the benchmark, its graded records and
   * infrastructure errors counted (no accuracy: only the benchmark can read a record's)
   */
  progressCells?(records: readonly Record[]): BenchmarkProgressCell[]
  /** File formats it publishes as JSON Schemas under `schemas/`, by file stem. @default {} */
  schemas?: { [stem: string]: z.ZodType }
  /** The environment variables the benchmark reads, checked with the run's settings before it starts. @default {} */
  env?: z.ZodRawShape
  /** Files the generic benchmark reporter writes; absent when the benchmark brings its own reporters. */
  files?: BenchmarkFiles<Record>
  /** Breakdown tables by its dimensions (`arbigraph report --by`). @default none (`--by` is refused) */
  breakdowns?: BenchmarkBreakdowns<Record>
  /** What a scaling sweep may vary (src/vitest/define-sweep.ts). @default not sweepable */
  sweep?: BenchmarkSweep<Options, Case, Record>
  /** Its cells and metrics for gate rules `<name>:<cell>.<metric>…`. @default no cell rules on it */
  gate?: BenchmarkGate<Record>
  /**
   * The benchmark's tab of the dashboard as data: pages of sections, a case list, a case view
   * (src/contracts/dashboard.ts). @default an overview of its running cells and a case list of its records
   */
  dashboard?: BenchmarkDashboard<Record>
  /** Its records as trials for the board across runs and the trial export (src/contracts/board.ts). @default not on the board */
  board?: BenchmarkBoard<Record>
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds benchmarks of every type.
export type AnyBenchmark = Benchmark<any, any, any, any>

/** A field that must be a function; `signature` says which, in the error a user sees. */
const fn = (signature = 'a function') =>
  z.custom((x) => typeof x === 'function', { message: `expected ${signature}` })
/** A field that must be a zod schema. */
const zodSchema = () =>
  z.custom<z.ZodType>((x) => x instanceof z.ZodType, { message: 'expected a zod schema' })

const benchmarkShape = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'expected a kebab-case name such as "my-benchmark"')
    .describe('kebab-case'),
  summary: z.string().min(1),
  options: zodSchema(),
  suite: fn('a function (options) => { name, tags }'),
  cases: fn('a function (options) => cases'),
  harness: fn('a function (options, registry) => harness'),
  harnessCase: fn('a function (case) => the harness case'),
  score: fn('a function (case, result, facts) => record'),
  summarize: fn('a function (records) => summary'),
  progressCells: fn('a function (records) => [{ cell, graded, infraErrors, … }]').optional(),
  records: z.object({
    schema: zodSchema(),
    infra: fn(),
    failed: fn(),
    infraReason: fn(),
    model: fn(),
    withModel: fn(),
    compare: fn(),
  }),
  dashboard: z
    .object({
      title: z.string().min(1).optional(),
      pages: fn('a function (records) => pages'),
      cases: z
        .object({
          columns: z.array(z.object({ id: z.string(), label: z.string() })),
          row: fn(),
          outcome: fn(),
          id: fn('a function (record) => its id, unique in a run').optional(),
          cell: fn('a function (record) => its cell').optional(),
        })
        .optional(),
      detail: fn('a function (record) => { ref, id } | null').optional(),
      caseView: fn('a function (record, detail) => blocks').optional(),
    })
    .optional(),
  gate: z
    .object({
      metrics: z.record(z.string().regex(/^[A-Za-z_]+$/), z.object({ describe: z.string() })),
      cell: fn('a function (record) => its cell key'),
      values: fn('a function (record) => { <metric>: value } | null'),
      stream: z
        .object({
          cells: fn('a function (identity) => its cell keys'),
          cost: fn('a function (record) => { calls, tokens }'),
        })
        .optional(),
    })
    .optional(),
  report: z.object({
    text: fn('a function (summary, model) => string'),
    markdown: fn('a function (summary, model) => string'),
    html: fn('a function (summary, model) => string'),
  }),
})

/**
 * Checks that a value is a benchmark (for values from a user's config); the message names the field.
 * @example assertBenchmark(config.plugins[0].benchmarks[0], 'arbigraph.config.ts: plugins[0].benchmarks[0]')
 */
export function assertBenchmark(value: unknown, where: string): asserts value is AnyBenchmark {
  const parsed = benchmarkShape.safeParse(value)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', describeZodError(parsed.error, where))
}

/**
 * Declares a benchmark; checks its shape at once, so a malformed one fails where it is defined.
 * @example
 * export const echo = benchmark({ name: 'echo', summary: 'repeat a word', options: z.object({}), … })
 */
export function benchmark<Options, Case, Record, Summary>(
  definition: Benchmark<Options, Case, Record, Summary>,
): Benchmark<Options, Case, Record, Summary> {
  assertBenchmark(definition, `benchmark "${String((definition as { name?: unknown }).name)}"`)
  return definition
}

/**
 * A suite's options, validated by its benchmark; a bad one is ARBIGRAPH_BAD_CONFIG naming the field.
 * @example parseBenchmarkOptions(transduction, { family: 'arithmetic' }, 'defineTransductionSuite')
 */
export function parseBenchmarkOptions<Options>(
  bench: Pick<Benchmark<Options>, 'options'>,
  options: unknown,
  who: string,
): Options {
  const parsed = bench.options.safeParse(options)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = formatPath(issue.path)
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${who}: ${path ? `${path}: ` : ''}${issue.message}`)
}

/**
 * Validates a record against its benchmark's schema and returns it in wire form.
 * @example checkBenchmarkRecord(transduction, testCase.meta().arbigraph, 'arithmetic plain L0 4K #0')
 */
export function checkBenchmarkRecord<Record>(
  bench: Pick<Benchmark<unknown, unknown, Record>, 'records' | 'name'>,
  json: unknown,
  where: string,
): Record {
  const parsed = bench.records.schema.safeParse(json)
  if (!parsed.success) throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', describeZodError(parsed.error, where))
  return z.encode(bench.records.schema, parsed.data) as Record
}
