/**
 * A Long-Transduction JSONL file (what `arbigraph generate transduction` writes: one document per
 * line, no manifest) as a frozen dataset: `defineTransductionSuite({ dataset: 'lt.jsonl' })`
 * evaluates its documents as they are, in file order. Each line is checked before any case runs
 * by regenerating its document from the grid point and seed the line names and comparing the
 * bytes: a document is a pure function of (family, format, level, budget, sample, seed), so this
 * needs no stored digest, and a changed line (or a changed seed or level in it) is refused naming
 * the document by position, line and id. The content hash is the SHA-256 of the lines, each
 * followed by a newline, as for an ArbiGraph dataset (src/io/frozen-dataset.ts); every record
 * carries it with the document's position, and the documents' ids carry its first 12 digits.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { ArbigraphError } from '../../../src/errors.ts'
import { decodeLine } from '../../../src/io/dataset.ts'
import { type TransductionDocument, transductionDocumentSchema } from '../document.ts'
import { generateDocument } from '../generate-document.ts'
import type { TransductionSuiteCase } from './cases.ts'
import { documentCase } from './cases.ts'

function changed(path: string, lineNo: number, line: string, why: string): ArbigraphError {
  const id = /"id":("(?:[^"\\]|\\.)*")/.exec(line)?.[1]
  return new ArbigraphError(
    'ARBIGRAPH_DATASET_MODIFIED',
    `${path}:${lineNo}: document ${lineNo - 1}${id ? ` (${id})` : ''} ${why}; the file was changed after it was written: restore it, or generate it again with "arbigraph generate transduction" and evaluate that`,
  )
}

/**
 * The documents of a Long-Transduction JSONL file, checked, with the file's content hash.
 * @example const { sha256, documents } = readTransductionDataset('lt.jsonl')
 */
export function readTransductionDataset(path: string): { sha256: string; documents: TransductionDocument[] } {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: no such dataset file`)
  }
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n')
  const hash = createHash('sha256')
  const documents = lines.map((line, i) => {
    let doc: TransductionDocument
    try {
      doc = decodeLine(transductionDocumentSchema, line, `${path}:${i + 1}`)
    } catch (error) {
      throw changed(path, i + 1, line, `is not a document any more (${(error as Error).message})`)
    }
    const point = {
      family: doc.family,
      format: doc.format,
      level: doc.level,
      budget: doc.budget,
      sample: doc.sample,
    }
    if (JSON.stringify(generateDocument(point, doc.seed)) !== line)
      throw changed(
        path,
        i + 1,
        line,
        'differs from the document its family, format, level, budget, sample and seed generate',
      )
    hash.update(`${line}\n`)
    return doc
  })
  if (documents.length === 0)
    throw new ArbigraphError('ARBIGRAPH_BAD_DATASET', `${path}: no document in the file`)
  return { sha256: hash.digest('hex'), documents }
}

/**
 * The cases of a Long-Transduction dataset file, one per document in file order.
 * @example transductionDatasetCases('/p/lt.jsonl')[0].identity.dataset // { sha256: '…', index: 0, file: 'lt.jsonl' }
 */
export function transductionDatasetCases(path: string): TransductionSuiteCase[] {
  const { sha256, documents } = readTransductionDataset(path)
  const variant = { dataset: sha256.slice(0, 12) }
  const seen = new Map<string, number>()
  return documents.map((document, index) => {
    const first = seen.get(document.id)
    if (first !== undefined)
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_DATASET',
        `${path}: documents ${first} and ${index} share the id "${document.id}"; ids must be unique within a dataset`,
      )
    seen.set(document.id, index)
    return documentCase(document, variant, { sha256, index, file: basename(path) })
  })
}
