/**
 * The sequential gate's desk: the one place, in Vitest's main process, that holds every
 * stream's state (src/metrics/sequential/cell-stream.ts) while a run is on. Workers reach it over
 * loopback HTTP: a suite opens its streams, a case asks whether it should still run, and a
 * finished case reports its outcome. One process owns the state, so cases of a cell can run in
 * any number of workers (or files) and see one decision; there is no lock or shared file to go
 * stale, and the desk dies with the run. Loopback costs a millisecond per case, nothing next to
 * a model call. The desk answers "run" whenever it is unsure (an unknown stream, a malformed
 * request): a case sent needlessly costs a model call, a case skipped wrongly costs the verdict.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CaseRecord } from '../contracts/case-record.ts'
import {
  type CellStream,
  isBenchmarkCell,
  isStreamDecided,
  openStream,
  recordTrial,
  type SequentialPlan,
  type StreamCell,
  streamKey,
  type TrialOutcome,
} from '../metrics/sequential/cell-stream.ts'

/** What a suite tells the desk about one of its streams. */
export interface StreamOpening {
  cell: StreamCell
  population: number
}

/** A running desk. */
export interface GateDesk {
  url: string
  streams: Map<string, CellStream>
  close(): Promise<void>
}

/** The baseline's trials by `caseId#epoch`, for baseline rules. */
export type BaselineTrials = Map<string, { correct: boolean; exact: boolean }>

/**
 * The baseline trials of `records` (infrastructure errors left out: they are not outcomes).
 * @example baselineTrials(results.records).get('chain/math/MulMod#0#0')
 */
export function baselineTrials(
  records: readonly Pick<CaseRecord, 'caseId' | 'epoch' | 'grade'>[],
): BaselineTrials {
  const trials: BaselineTrials = new Map()
  for (const r of records)
    if (r.grade) trials.set(`${r.caseId}#${r.epoch}`, { correct: r.grade.correct, exact: r.grade.exact })
  return trials
}

/** Whether a stream is read by some rule (a stream no rule reads never holds a case back). */
const isRead = (stream: CellStream) =>
  stream.tests.length + stream.paired.length > 0 ||
  (stream.fixedReason !== null && !stream.fixedReason.startsWith('fixed-n: no gate rule'))

/**
 * Whether a case in streams `keys` may be left unsent: every stream of it some rule reads is decided.
 * @example caseDecided(desk.streams, ['["chain","math",null,""]']) // true once chain/math is decided
 */
export function caseDecided(streams: ReadonlyMap<string, CellStream>, keys: readonly string[]): boolean {
  const read = keys.flatMap((key) => {
    const stream = streams.get(key)
    return stream && isRead(stream) ? [stream] : []
  })
  return read.length > 0 && read.every(isStreamDecided)
}

interface Body {
  suite?: string
  /** Why the opening suite keeps its streams fixed-n (a sweep's). */
  fixed?: string
  streams?: StreamOpening[]
  keys?: string[]
  entries?: { key: string; position: number }[]
  trial?: string
  /** ArbiGraph's right/wrong, another benchmark's gate metric values, or null for an infrastructure error. */
  outcome?: { correct: boolean; exact: boolean } | { values: { [metric: string]: number } } | null
}

/**
 * Starts the desk for `plan` on a loopback port; `tasks` opens per-task streams too.
 * @example const desk = await startGateDesk(plan, { tasks: false, baseline: new Map() })
 */
export async function startGateDesk(
  plan: SequentialPlan,
  options: { tasks: boolean; baseline: BaselineTrials },
): Promise<GateDesk> {
  const streams = new Map<string, CellStream>()
  const suiteOf = new Map<string, string>()
  const handle = (path: string, body: Body): unknown => {
    if (path === '/open') {
      for (const { cell, population } of body.streams ?? []) {
        if (!isBenchmarkCell(cell) && cell.task !== null && !options.tasks) continue
        const key = streamKey(cell)
        const owner = suiteOf.get(key)
        if (owner === undefined) {
          suiteOf.set(key, body.suite ?? '')
          const stream = openStream(plan, cell, population)
          if (typeof body.fixed === 'string') stream.fixedReason = body.fixed
          streams.set(key, stream)
        } else if (owner !== body.suite) {
          // Two suites with one cell: neither order is a random sample of the union.
          streams.get(key)!.fixedReason = 'fixed-n: its cases come from more than one suite'
        }
      }
      return {}
    }
    if (path === '/begin') return { run: !caseDecided(streams, body.keys ?? []) }
    if (path === '/finish') {
      const graded = body.outcome
      const baseline = body.trial === undefined ? undefined : options.baseline.get(body.trial)
      const outcome: TrialOutcome = !graded
        ? null
        : 'values' in graded
          ? { values: graded.values }
          : { ...graded, ...(baseline ? { baseline } : {}) }
      for (const { key, position } of body.entries ?? []) {
        const stream = streams.get(key)
        if (stream) recordTrial(stream, position, outcome)
      }
      return {}
    }
    throw new Error(`unknown desk path "${path}"`)
  }
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    try {
      const reply = handle(req.url ?? '', JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Body)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Never the reason a finished run stays alive.
  server.unref()
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    streams,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
