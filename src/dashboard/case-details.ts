/**
 * The case-detail store: what the dashboard's case view needs and a case record does not hold —
 * the instance (prompt, task graph, ground truths) and the transcript of every turn. Each test
 * worker appends one JSON line per finished case to its own file, `<results dir>/cases/<pid>-<t>.jsonl`:
 * workers are separate processes, so one file per process means no two writers ever share a file,
 * and one `appendFileSync` per line means a crash loses at most the line being written. The
 * record's `transcriptRef` says where its line is (`<absolute file>#<1-based line>`). Files of
 * earlier runs are left alone: only lines a record points at are ever read.
 */
import { randomBytes } from 'node:crypto'
import { appendFileSync, closeSync, createReadStream, existsSync, openSync, readSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import type { CaseRecord } from '../contracts/case-record.ts'
import type { Instance } from '../contracts/instance.ts'
import { instanceSchema } from '../contracts/instance.ts'
import type { Transcript } from '../contracts/transcript.ts'
import { ensureDir } from '../io/ensure-dir.ts'

export const CASE_DETAIL_SCHEMA = 'arbigraph.case-detail/1'

/** One line of the store. The instance is in wire form (`z.input`): values as Python repr text. */
export interface CaseDetail {
  schema: typeof CASE_DETAIL_SCHEMA
  caseId: string
  epoch: number
  instance: z.input<typeof instanceSchema>
  transcript: Transcript
}

/** Writes one case's details and returns the `transcriptRef` of the line (null when the write failed). */
export type CaseDetailSink = (
  caseId: string,
  epoch: number,
  instance: Instance,
  transcript: Transcript,
) => string | null

/**
 * Appends JSON lines to one file per process under `dir` (created with the first line); each
 * call returns the line's `<file>#<line>` reference, or null when the write failed (warned once:
 * a case's outcome matters more than its details, so it is recorded without them).
 * @example const append = appendLineStore('out/cases'); append({ schema, caseId }) // '/…/out/cases/41-….jsonl#1'
 */
export function appendLineStore(dir: string): (line: object) => string | null {
  // Vitest re-imports modules per test file, so one process may hold several stores: the random
  // part keeps their files apart.
  const file = join(
    resolve(dir),
    `${process.pid}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}.jsonl`,
  )
  let lines = 0
  let warned = false
  return (line) => {
    try {
      if (lines === 0) ensureDir(dirname(file), `"${file}"`)
      appendFileSync(file, `${JSON.stringify(line)}\n`)
      lines++
      return `${file}#${lines}`
    } catch (error) {
      if (!warned)
        console.warn(`arbigraph: could not store case details in ${file}: ${(error as Error).message}`)
      warned = true
      return null
    }
  }
}

/**
 * A sink appending to one file per process under `dir`.
 * @example const sink = createCaseDetailSink('out/cases'); record.transcriptRef = sink(id, 0, instance, transcript)
 */
export function createCaseDetailSink(dir: string): CaseDetailSink {
  const append = appendLineStore(dir)
  return (caseId, epoch, instance, transcript) => {
    // Wire form keeps bigint ground truths exact (Python repr text) through JSON.
    const line: CaseDetail = {
      schema: CASE_DETAIL_SCHEMA,
      caseId,
      epoch,
      instance: z.encode(instanceSchema, instance),
      transcript,
    }
    return append(line)
  }
}

/**
 * The run's case-detail folder: `ARBIGRAPH_CASES` when set, else `cases/` next to the results file
 * (`ARBIGRAPH_RESULTS`, default `out/results.json`), relative paths under `root` (the run's root,
 * where the reporters write the results); undefined when either is `off`.
 * @example casesDirFromEnv({ ARBIGRAPH_RESULTS: 'out/run.json' }, '/proj') // '/proj/out/cases'
 */
export function casesDirFromEnv(env: NodeJS.ProcessEnv, root: string): string | undefined {
  const off = (v: string | undefined) => ['off', 'false', '0', 'no'].includes(v?.trim().toLowerCase() ?? '')
  if (off(env.ARBIGRAPH_CASES) || off(env.ARBIGRAPH_RESULTS)) return undefined
  const results = env.ARBIGRAPH_RESULTS?.trim() || 'out/results.json'
  return resolve(root, env.ARBIGRAPH_CASES?.trim() || join(dirname(results), 'cases'))
}

/**
 * The sink a suite uses, in the run's case-detail folder (`casesDirFromEnv`); none when off.
 * @example caseDetailSinkFromEnv({ ARBIGRAPH_RESULTS: 'out/run.json' }, '/proj') // writes /proj/out/cases/*.jsonl
 */
export function caseDetailSinkFromEnv(env: NodeJS.ProcessEnv, root: string): CaseDetailSink | undefined {
  const dir = casesDirFromEnv(env, root)
  return dir === undefined ? undefined : createCaseDetailSink(dir)
}

/** A parsed `path#line` reference. */
export interface DetailRef {
  file: string
  line: number
}

/**
 * Parses a `transcriptRef`; a relative or moved file is looked up in `<resultsDir>/cases/` too.
 * @example parseDetailRef('/run/out/cases/12-x.jsonl#3', '/run/out') // { file: '/run/out/cases/12-x.jsonl', line: 3 }
 */
export function parseDetailRef(ref: string | null, resultsDir: string): DetailRef | undefined {
  const match = ref === null ? null : /^(.+)#(\d+)$/.exec(ref)
  if (!match) return undefined
  const given = resolve(resultsDir, match[1]!)
  const file = existsSync(given) ? given : join(resultsDir, 'cases', basename(given))
  return existsSync(file) ? { file, line: Number(match[2]) } : undefined
}

/**
 * Reads the wanted lines of the store: `wanted` maps file → line → a slot index; `take` receives
 * each found detail with its slot. Files are streamed, so a large store never sits in memory whole.
 * @example await readCaseDetails(new Map([[file, new Map([[1, 0]])]]), (slot, detail) => found.set(slot, detail))
 */
export async function readCaseDetails(
  wanted: ReadonlyMap<string, ReadonlyMap<number, number>>,
  take: (slot: number, detail: CaseDetail) => void,
): Promise<void> {
  for (const [file, lines] of wanted) {
    let line = 0
    const reader = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })
    for await (const text of reader) {
      line++
      const slot = lines.get(line)
      if (slot === undefined) continue
      try {
        take(slot, JSON.parse(text) as CaseDetail)
      } catch {
        // A line cut short by a crash: that case simply shows no details.
      }
    }
  }
}

/** Where one stored detail line is: its file and byte range (without the newline). */
export interface DetailSpan {
  file: string
  start: number
  end: number
}

/**
 * Where each record's detail line is, in record order (undefined when its `transcriptRef` points
 * at no line): one pass over each store file that reads only where lines end, so the details
 * themselves (a transcript can hold a 32 MiB reply) are read one at a time, when written out.
 * @example const spans = await locateCaseDetails(results.records, 'out'); readCaseDetailAt(spans[0], results.records[0])
 */
export async function locateCaseDetails(
  records: readonly CaseRecord[],
  resultsDir: string,
): Promise<(DetailSpan | undefined)[]> {
  const wanted = new Map<string, Map<number, number[]>>()
  records.forEach((record, slot) => {
    const ref = parseDetailRef(record.transcriptRef, resultsDir)
    if (!ref) return
    const lines = wanted.get(ref.file) ?? new Map<number, number[]>()
    lines.set(ref.line, [...(lines.get(ref.line) ?? []), slot])
    wanted.set(ref.file, lines)
  })
  const spans: (DetailSpan | undefined)[] = new Array(records.length)
  for (const [file, lines] of wanted) {
    let line = 1
    let start = 0 // of the current line, in the file
    let offset = 0 // of the current chunk
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) {
        const end = offset + at
        for (const slot of lines.get(line) ?? []) spans[slot] = { file, start, end }
        line++
        start = end + 1
      }
      offset += chunk.length
    }
    // A last line without its newline was cut short by a crash: no span.
  }
  return spans
}

/**
 * The detail at `span`, when it is a whole line of the same case and epoch as `record` (else
 * undefined: a line cut short, or a store rewritten under the results file).
 * @example readCaseDetailAt({ file: 'out/cases/1-x.jsonl', start: 0, end: 812 }, record)?.transcript
 */
export function readCaseDetailAt(span: DetailSpan | undefined, record: CaseRecord): CaseDetail | undefined {
  if (!span) return undefined
  const bytes = Buffer.alloc(span.end - span.start)
  const fd = openSync(span.file, 'r')
  try {
    for (let read = 0; read < bytes.length; ) {
      const n = readSync(fd, bytes, read, bytes.length - read, span.start + read)
      if (n === 0) return undefined
      read += n
    }
  } finally {
    closeSync(fd)
  }
  try {
    const detail = JSON.parse(bytes.toString('utf8')) as CaseDetail
    return detail.caseId === record.caseId && detail.epoch === record.epoch ? detail : undefined
  } catch {
    return undefined
  }
}

/**
 * Each record's stored details, in record order (undefined when its `transcriptRef` points at no
 * readable line, or at a line of another case: the store was rewritten under the results file).
 * All of them are held at once: for one chunk of the live dashboard, not a whole run.
 * @example const details = await loadCaseDetails(results.records, 'out')
 */
export async function loadCaseDetails(
  records: readonly CaseRecord[],
  resultsDir: string,
): Promise<(CaseDetail | undefined)[]> {
  const spans = await locateCaseDetails(records, resultsDir)
  return records.map((record, i) => readCaseDetailAt(spans[i], record))
}
