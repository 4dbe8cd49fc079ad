/**
 * The topology and categories of a dataset file, read synchronously: a suite's describe block is
 * named and tagged (`chain/math`, tags `chain`, `math`) when the suite file is collected, before
 * anything asynchronous may run, so `--tags-filter` and the cell names work for a frozen dataset
 * as for a generated suite. Only what the label needs is read: our JSONL's manifest (and first
 * instance when the manifest has no spec), or a reference file's first record. The file is read
 * and checked in full later (src/io/frozen-dataset.ts).
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { ArbigraphError } from '../errors.ts'
import { isReferenceFormat } from './frozen-dataset-format.ts'
import { referenceGraph } from './reference/graph.ts'
import { parseReferenceRecord, recordKind } from './reference/record.ts'
import { topologyNames } from './reference/to-instance.ts'

/** What a suite's describe block is named after. */
export interface DatasetLabel {
  topology: string
  categories: string[]
}

/** The first `n` lines of a file (fewer when it has fewer), read a block at a time. */
function firstLines(path: string, n: number): string[] {
  const fd = openSync(path, 'r')
  try {
    const block = Buffer.alloc(1 << 16)
    const chunks: Buffer[] = []
    let newlines = 0
    for (;;) {
      const read = readSync(fd, block, 0, block.length, null)
      if (read === 0) break
      const chunk = Buffer.from(block.subarray(0, read))
      chunks.push(chunk)
      for (const byte of chunk) if (byte === 0x0a) newlines++
      if (newlines >= n) break
    }
    return Buffer.concat(chunks).toString('utf8').split('\n').slice(0, n)
  } finally {
    closeSync(fd)
  }
}

/**
 * The first line of a JSONL file as an object (a Long-Transduction document names its family).
 * @example firstJsonLine('lt.jsonl').family // 'arithmetic'
 */
export function firstJsonLine(path: string): Record<string, unknown> {
  let lines: string[]
  try {
    lines = firstLines(path, 1)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: no such dataset file`)
    throw error
  }
  try {
    const json = record(JSON.parse(lines[0] ?? ''))
    if (json) return json
  } catch {}
  throw unreadable(path, 'line 1 is not a JSON object')
}

/**
 * Which kind of dataset file `path` is: the reference's (`.json`), a Long-Transduction JSONL (its
 * lines are documents, no manifest), or ours (a manifest line first).
 * @example datasetKind('lt.jsonl') // 'transduction'
 */
export function datasetKind(path: string): 'reference' | 'transduction' | 'arbigraph' {
  if (isReferenceFormat(path)) return 'reference'
  const first = firstJsonLine(path)
  return typeof first.family === 'string' && typeof first.budget === 'string' && first.schema === undefined
    ? 'transduction'
    : 'arbigraph'
}

function unreadable(path: string, why: string): ArbigraphError {
  return new ArbigraphError('ARBIGRAPH_BAD_DATASET', `${path}: ${why}`)
}

const record = (json: unknown): Record<string, unknown> | undefined =>
  typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : undefined

function jsonlLabel(path: string): DatasetLabel {
  const [manifestLine, firstLine] = firstLines(path, 2)
  const parse = (line: string | undefined, where: string) => {
    try {
      return record(JSON.parse(line ?? ''))
    } catch {
      throw unreadable(
        path,
        `${where} is not JSON (expected an arbigraph dataset: a manifest line, then instances)`,
      )
    }
  }
  const spec = record(parse(manifestLine, 'line 1')?.spec)
  if (spec && typeof spec.topology === 'string' && Array.isArray(spec.categories))
    return { topology: spec.topology, categories: spec.categories.map(String) }
  const instance = parse(firstLine, 'line 2')
  const topology = record(instance?.topology)?.name
  if (typeof topology !== 'string' || !Array.isArray(instance?.categories))
    throw unreadable(path, 'line 2 is not an instance (no topology.name and categories)')
  return { topology, categories: instance.categories.map(String) }
}

function referenceLabel(path: string): DatasetLabel {
  let json: Record<string, unknown> | undefined
  try {
    json = record(JSON.parse(readFileSync(path, 'utf8')))
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${path}: malformed JSON (${(error as Error).message})`,
    )
  }
  const mode = record(json?.summary)?.mode
  const samples = json?.samples
  if (typeof mode !== 'string' || !Array.isArray(samples) || samples.length === 0)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${path}: not a reference dataset (expected {"summary": {"mode": …}, "samples": [...]} with at least one sample)`,
    )
  const first = parseReferenceRecord(samples[0], `${path}: samples[0]`)
  const graph = referenceGraph(first, { mode })
  return {
    topology: topologyNames[recordKind(samples[0] as Record<string, unknown>)],
    categories: [...new Set(graph.stages.map((stage) => stage.family))],
  }
}

/**
 * The topology and categories a dataset file's describe block is named after.
 * @example datasetLabel('data/math_chain.json') // { topology: 'chain', categories: ['math'] }
 */
export function datasetLabel(path: string): DatasetLabel {
  try {
    return isReferenceFormat(path) ? referenceLabel(path) : jsonlLabel(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: no such dataset file`)
    if (code === 'EISDIR')
      throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: is a folder, not a dataset file`)
    throw error
  }
}
