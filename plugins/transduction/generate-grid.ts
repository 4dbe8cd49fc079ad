/**
 * Generates a Long-Transduction dataset: the documents of a grid selection in grid order, each
 * from its own RNG stream (so a subset, or any single document, regenerates identically), and a
 * reader that validates a JSONL file of them.
 */
import { ArbigraphError, formatPath } from '../../src/errors.ts'
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
  const docs: TransductionDocument[] = []
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch (error) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_DATASET',
        `${where}:${i + 1}: malformed JSON (${(error as Error).message})`,
      )
    }
    const parsed = transductionDocumentSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_DATASET',
        `${where}:${i + 1}: ${formatPath(issue.path) || 'document'}: ${issue.message}`,
      )
    }
    docs.push(parsed.data)
  })
  return docs
}
