/**
 * The detail store of any benchmark: what its case view shows and its record does not hold (for
 * Long-Transduction, the prompt and the model's output aligned with the expected records). It is
 * the ArbiGraph store's layout (case-details.ts) with a benchmark's own JSON in each line: one
 * file per worker process under the run's `cases/` folder, one appended line per case, and the
 * record keeps the `<file>#<line>` reference. A line carries the id of the record it belongs to,
 * so a store rewritten under a results file shows no details rather than another case's.
 */
import type { DetailPointer } from '../contracts/dashboard.ts'
import type { CaseDetail } from './case-details.ts'
import { appendLineStore, casesDirFromEnv, parseDetailRef, readCaseDetails } from './case-details.ts'

export const DETAIL_SCHEMA = 'arbigraph.detail/1'

/** One line of the store. */
interface DetailLine {
  schema: typeof DETAIL_SCHEMA
  id: string
  detail: unknown
}

/** Stores one case's details; returns the line's reference, or null when the write failed. */
export type DetailSink = (id: string, detail: unknown) => string | null

/**
 * A sink appending to one file per process under `dir` (the ArbiGraph store's files, `appendLineStore`).
 * @example const sink = createDetailSink('out/cases'); record.detailRef = sink(record.documentId, { output })
 */
export function createDetailSink(dir: string): DetailSink {
  const append = appendLineStore(dir)
  return (id, detail) => append({ schema: DETAIL_SCHEMA, id, detail } satisfies DetailLine)
}

/**
 * The sink of a run, in the same folder as ArbiGraph's case details (`casesDirFromEnv`); none
 * when off.
 * @example detailSinkFromEnv(process.env, '/proj') // writes /proj/out/cases/*.jsonl
 */
export function detailSinkFromEnv(env: NodeJS.ProcessEnv, root: string): DetailSink | undefined {
  const dir = casesDirFromEnv(env, root)
  return dir === undefined ? undefined : createDetailSink(dir)
}

/**
 * The stored details of each pointer, in order (undefined where there is none, or where the line
 * is cut short or belongs to another id). Files are streamed; only the wanted lines are parsed.
 * @example await readDetails([{ ref: '/run/out/cases/1-x.jsonl#3', id: 'arithmetic/plain/L0/4K/s0' }], '/run/out')
 */
export async function readDetails(
  pointers: readonly (DetailPointer | null)[],
  resultsDir: string,
): Promise<unknown[]> {
  const wanted = new Map<string, Map<number, number>>()
  pointers.forEach((pointer, slot) => {
    const ref = pointer ? parseDetailRef(pointer.ref, resultsDir) : undefined
    if (!ref) return
    const lines = wanted.get(ref.file) ?? new Map<number, number>()
    lines.set(ref.line, slot)
    wanted.set(ref.file, lines)
  })
  const found: unknown[] = new Array(pointers.length).fill(undefined)
  await readCaseDetails(wanted, (slot, line: CaseDetail | DetailLine) => {
    const mine = line as Partial<DetailLine>
    if (mine.schema === DETAIL_SCHEMA && mine.id === pointers[slot]?.id) found[slot] = mine.detail
  })
  return found
}
