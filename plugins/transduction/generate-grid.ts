/**
 * Generates a Long-Transduction dataset: the documents of a grid selection in grid order, each
 * from its own RNG stream (so a subset, or any single document, regenerates identically, and the
 * documents can be made on several worker threads with the same bytes), and a reader that
 * validates a JSONL file of them.
 */
import { Tinypool } from 'tinypool'
import { decodeLine } from '../../src/io/dataset.ts'
import type { TransductionDocument } from './document.ts'
import { transductionDocumentSchema } from './document.ts'
import { generateDocument } from './generate-document.ts'
import type { GridSelection } from './grid.ts'
import { gridPoints } from './grid.ts'

/**
 * Every document of a selection, calling `onDocument` after each (progress).
 * @example generateTransduction({ budgets: ['4K'] }, '0').length // 240
 */
export function generateTransduction(
  selection: GridSelection,
  seed: string,
  onDocument?: (doc: TransductionDocument, done: number, total: number) => void,
): TransductionDocument[] {
  const points = gridPoints(selection)
  return points.map((point, i) => {
    const doc = generateDocument(point, seed)
    onDocument?.(doc, i + 1, points.length)
    return doc
  })
}

/**
 * Documents per chunk a worker makes at most. A chunk comes back whole, so this bounds what is
 * held at once: the full grid is 170 MB of JSON, and five samples per cell are only the default.
 */
const CHUNK_DOCUMENTS = 32

/**
 * The documents of a selection in grid order, each handed on as soon as it and every one before
 * it are made, so a writer streams them to its file and never holds the dataset. On `workers`
 * threads the grid is cut into contiguous chunks, several per thread, because a 128K document
 * costs about 30 times a 4K one and the budgets alternate in grid order; at most two chunks per
 * thread are out at a time, and they are handed on in grid order.
 * @example for await (const doc of transductionDocuments({ budgets: ['4K'] }, '0', { workers: 2 })) write(doc)
 */
export async function* transductionDocuments(
  selection: GridSelection,
  seed: string,
  options: { workers: number },
): AsyncGenerator<TransductionDocument> {
  const points = gridPoints(selection)
  if (options.workers <= 1 || points.length === 0) {
    for (const point of points) yield generateDocument(point, seed)
    return
  }
  const size = Math.max(1, Math.min(CHUNK_DOCUMENTS, Math.ceil(points.length / (options.workers * 8))))
  const pool = new Tinypool({
    filename: new URL('./generate-worker.mjs', import.meta.url).href,
    minThreads: options.workers,
    maxThreads: options.workers,
  })
  const out: Promise<TransductionDocument[]>[] = []
  let next = 0
  const send = () => {
    while (next < points.length && out.length < options.workers * 2) {
      const chunk = pool.run({ points: points.slice(next, next + size), seed }, { name: 'generateDocuments' })
      // Awaited in order below; a chunk that fails while an earlier one is awaited is not unhandled.
      chunk.catch(() => {})
      out.push(chunk)
      next += size
    }
  }
  try {
    send()
    while (out.length > 0) {
      const docs = (await out.shift()) as TransductionDocument[]
      send()
      yield* docs
    }
  } finally {
    await pool.destroy()
  }
}

/**
 * The same documents as `generateTransduction`, made on `workers` threads (`transductionDocuments`).
 * @example await generateTransductionInWorkers({ budgets: ['4K'] }, '0', { workers: 2 })
 */
export async function generateTransductionInWorkers(
  selection: GridSelection,
  seed: string,
  options: { workers: number },
): Promise<TransductionDocument[]> {
  const docs: TransductionDocument[] = []
  for await (const doc of transductionDocuments(selection, seed, options)) docs.push(doc)
  return docs
}

/**
 * Parses a JSONL text of documents; a bad line is an `ARBIGRAPH_BAD_DATASET` naming line and field.
 * @example parseTransductionJsonl(text, 'docs.jsonl')[0].id
 */
export function parseTransductionJsonl(text: string, where: string): TransductionDocument[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      line.trim() === '' ? [] : [decodeLine(transductionDocumentSchema, line, `${where}:${i + 1}`)],
    )
}
