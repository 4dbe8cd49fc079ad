/**
 * Generates a Long-Transduction dataset: the documents of a grid selection in grid order, each
 * from its own RNG stream (so a subset, or any single document, regenerates identically, and the
 * documents can be made on several worker threads with the same bytes), and a reader that
 * validates a JSONL file of them.
 */
import Tinypool from 'tinypool'
import { decodeLine } from '../../src/io/dataset.ts'
import type { TransductionDocument } from './document.ts'
import { transductionDocumentSchema } from './document.ts'
import { generateDocument } from './generate-document.ts'
import type { GridPoint, GridSelection } from './grid.ts'
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
 * The same documents as `generateTransduction`, made on `workers` threads. The grid is cut into
 * contiguous chunks, several per thread, because a 128K document costs about 30 times a 4K one
 * and the budgets alternate in grid order; the chunks are put back in grid order.
 * @example await generateTransductionInWorkers({ budgets: ['4K'] }, '0', { workers: 2 })
 */
export async function generateTransductionInWorkers(
  selection: GridSelection,
  seed: string,
  options: { workers: number; onProgress?: (done: number, total: number) => void },
): Promise<TransductionDocument[]> {
  const points = gridPoints(selection)
  if (options.workers <= 1 || points.length === 0)
    return generateTransduction(selection, seed, (_doc, done, total) => options.onProgress?.(done, total))
  const size = Math.max(1, Math.ceil(points.length / (options.workers * 8)))
  const chunks: GridPoint[][] = []
  for (let at = 0; at < points.length; at += size) chunks.push(points.slice(at, at + size))
  const pool = new Tinypool({
    filename: new URL('./generate-worker.mjs', import.meta.url).href,
    minThreads: options.workers,
    maxThreads: options.workers,
  })
  let done = 0
  try {
    const parts = await Promise.all(
      chunks.map(async (part) => {
        const docs = (await pool.run(
          { points: part, seed },
          { name: 'generateDocuments' },
        )) as TransductionDocument[]
        done += docs.length
        options.onProgress?.(done, points.length)
        return docs
      }),
    )
    return parts.flat()
  } finally {
    await pool.destroy()
  }
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
