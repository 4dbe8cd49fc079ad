/**
 * Generates a Long-Transduction dataset: the documents of a grid selection in grid order, each
 * from its own RNG stream (so a subset, or any single document, regenerates identically), and a
 * reader that validates a JSONL file of them.
 */
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
