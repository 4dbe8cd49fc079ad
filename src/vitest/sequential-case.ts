/**
 * A suite's side of the sequential gate (src/vitest/gate-desk.ts holds the other): the suite's
 * cases are registered in their seeded random order (src/metrics/sequential/case-order.ts), so
 * Vitest starts them in it and concurrency fills the pool as before; each case asks the desk
 * before it sends anything, and one whose cell is decided is marked `not run: gate decided`
 * and skipped — an explicit status, neither a failure nor an infrastructure error. A case
 * already sending when its cell is decided finishes and is recorded. The order and each case's
 * place in it go into the test's static meta, so the reporters (and a `--merge-reports` run)
 * replay the same decisions from the records alone. Another benchmark's cases join the streams
 * of the gate cells its `gate.stream.cells` names (src/contracts/benchmark.ts) and report their
 * record's gate metric values; cases of a benchmark without it, or whose identity names no
 * topology, category and task, are never held back.
 */
import type {} from 'vitest'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { sequentialOrder } from '../metrics/sequential/case-order.ts'
import { type StreamCell, streamKey } from '../metrics/sequential/cell-stream.ts'
import type { StreamOpening } from './gate-desk.ts'
import { variantText } from './suite-variant.ts'

/** The status of a case the sequential gate did not send. */
export const NOT_RUN_GATE_DECIDED = 'not run: gate decided'

declare module 'vitest' {
  interface ProvidedContext {
    /** The sequential gate's desk, when ARBIGRAPH_GATE_MODE=sequential (src/vitest/gate-desk.ts). */
    arbigraphGate?: { url: string }
  }
  interface TaskMeta {
    /** The case's place in its suite's sequential order (only under the sequential gate). */
    arbigraphOrder?: number
    /** Set when the sequential gate did not send the case. */
    arbigraphGate?: typeof NOT_RUN_GATE_DECIDED
    /** Why the case's suite keeps its cells fixed-n (a sweep's: SWEEP_RUNS_IN_FULL); absent otherwise. */
    arbigraphFixed?: string
  }
}

/**
 * Why a benchmark sweep's cells run in full under the sequential gate: a sweep's cases make
 * curves (every point, every case), and they share the gate cells of the benchmark's suites.
 */
export const SWEEP_RUNS_IN_FULL = "fixed-n: a sweep's cases are in it (a curve needs them all)"

/** A case's place in one stream. */
export interface StreamEntry {
  key: string
  position: number
}

/**
 * The streams (whole cell, then target task) a case identity belongs to; none when it names no
 * topology, category and task.
 * @example streamCells({ topology: 'chain', category: 'math', task: 'MulMod' }).length // 2
 */
export function streamCells(identity: object): StreamCell[] {
  const { topology, category, task, suite, sweep } = identity as Record<string, unknown>
  // A sweep's cases make curves, not cells (src/metrics/summarize.ts): no stream holds them back.
  if (sweep !== undefined) return []
  if (typeof topology !== 'string' || typeof category !== 'string' || typeof task !== 'string') return []
  const variant = variantText((suite ?? {}) as Record<string, string>)
  return [
    { topology, category, task: null, suite: variant },
    { topology, category, task, suite: variant },
  ]
}

/** A suite's cases in their sequential order, each with its streams, and the streams to open. */
export interface SequencedCases<C> {
  ordered: { c: C; order: number; entries: StreamEntry[] }[]
  openings: StreamOpening[]
}

/**
 * The streams of a case of `bench`: its gate cells when it declares `gate.stream`, else
 * ArbiGraph's cells (streamCells; none for an identity that names no topology, category and task).
 * @example caseStreamCells(transduction)({ family: 'arithmetic', budget: '4K' }) // [{ benchmark: 'transduction', cell: 'arithmetic/4K' }]
 */
export function caseStreamCells(
  bench: Pick<AnyBenchmark, 'name' | 'gate'>,
): (identity: object) => StreamCell[] {
  const stream = bench.gate?.stream
  if (!stream) return streamCells
  return (identity) => stream.cells(identity).map((cell) => ({ benchmark: bench.name, cell }))
}

/**
 * Orders `cases` for the sequential gate (seeded by `seed`, the suite's name) and places each in
 * its streams (`cellsOf`: ArbiGraph's by default, see caseStreamCells).
 * @example sequenceCases(cases, 'chain/math').ordered[0].entries[0].position // 0
 */
export function sequenceCases<C extends { identity: object }>(
  cases: readonly C[],
  seed: string,
  cellsOf: (identity: object) => StreamCell[] = streamCells,
): SequencedCases<C> {
  const counts = new Map<string, { cell: StreamCell; population: number }>()
  const ordered = sequentialOrder(cases.length, seed).map((index, order) => {
    const c = cases[index]!
    const entries = cellsOf(c.identity).map((cell) => {
      const key = streamKey(cell)
      const seen = counts.get(key) ?? { cell, population: 0 }
      counts.set(key, { cell, population: seen.population + 1 })
      return { key, position: seen.population }
    })
    return { c, order, entries }
  })
  return { ordered, openings: [...counts.values()] }
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`gate desk ${url}: HTTP ${response.status} ${await response.text()}`)
  return response.json()
}

/**
 * Tells the desk about a suite's streams; `fixed` is why the suite keeps them fixed-n (a sweep's).
 * @example await openStreams(desk, 'suites/chain/math.eval.ts › chain/math', openings)
 */
export const openStreams = (desk: string, suite: string, streams: StreamOpening[], fixed?: string) =>
  post(`${desk}/open`, { suite, streams, ...(fixed ? { fixed } : {}) })

/**
 * Whether the case should still be sent; a desk that cannot be reached says yes.
 * @example if (!(await shouldRun(desk, entries))) skip()
 */
export async function shouldRun(desk: string, entries: readonly StreamEntry[]): Promise<boolean> {
  if (entries.length === 0) return true
  try {
    return ((await post(`${desk}/begin`, { keys: entries.map((e) => e.key) })) as { run: boolean }).run
  } catch {
    return true
  }
}

/**
 * Reports a finished case's outcome (from its record; null for an infrastructure error). A
 * record without a `grade` of booleans says nothing the gate reads and is reported as null;
 * with `bench` declaring `gate.stream`, the outcome is its record's gate metric values instead.
 * @example await reportOutcome(desk, entries, record, false)
 */
export async function reportOutcome(
  desk: string,
  entries: readonly StreamEntry[],
  record: unknown,
  infra: boolean,
  bench?: Pick<AnyBenchmark, 'gate'>,
): Promise<void> {
  if (entries.length === 0) return
  const { grade, caseId, epoch } = record as {
    grade?: { correct?: unknown; exact?: unknown }
    caseId?: unknown
    epoch?: unknown
  }
  const graded = !infra && typeof grade?.correct === 'boolean' && typeof grade.exact === 'boolean'
  const gate = bench?.gate?.stream ? bench.gate : undefined
  const values = gate && !infra ? gate.values(record) : null
  try {
    await post(`${desk}/finish`, {
      entries,
      ...(typeof caseId === 'string' && typeof epoch === 'number' ? { trial: `${caseId}#${epoch}` } : {}),
      outcome: gate ? values && { values } : graded ? { correct: grade!.correct, exact: grade!.exact } : null,
    })
  } catch {
    // The stream then waits for this position and runs to the end: fixed-n, never a wrong stop.
  }
}
