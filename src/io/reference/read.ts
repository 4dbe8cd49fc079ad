/**
 * Reading a reference dataset or harness results file: `{summary, samples}` where every sample
 * is a dataset record (results add answers and token counts). Every record is validated and
 * turned into a graph before anything is computed, so a malformed file is rejected up front
 * with the file, record and field named.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §9.
 */
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { ArbigraphError, formatPath } from '../../errors.ts'
import { type ReferenceGraph, referenceGraph } from './graph.ts'
import { parseReferenceRecord } from './record.ts'
import { referenceFileSchema } from './schema.ts'

export interface ReferenceFile {
  path: string
  /** File name without folders, as the manifest records it. */
  name: string
  mode: string
  summary: Record<string, unknown>
  graphs: ReferenceGraph[]
}

async function readJson(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : (error as Error).message
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: ${why}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${path}: malformed JSON (${(error as Error).message})`,
    )
  }
}

/**
 * Reads and validates a reference file.
 * @example const file = await readReferenceFile('math_chain.json'); file.graphs.length // 640
 */
export async function readReferenceFile(path: string): Promise<ReferenceFile> {
  const json = await readJson(path)
  const top = referenceFileSchema.safeParse(json)
  if (!top.success) {
    const issue = top.error.issues[0]!
    const where = formatPath(issue.path) || 'top level'
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${path}: not a reference dataset: ${where}: ${issue.message} (expected {"summary": {"mode": …}, "samples": [...]})`,
    )
  }
  const { summary, samples } = top.data
  const graphs = samples.map((raw, i) => {
    const where = `${path}: samples[${i}]`
    const record = parseReferenceRecord(raw, where)
    try {
      return referenceGraph(record, { mode: summary.mode })
    } catch (error) {
      if (error instanceof ArbigraphError) throw new ArbigraphError(error.code, `${where}: ${error.message}`)
      throw error
    }
  })
  return { path, name: basename(path), mode: summary.mode, summary, graphs }
}
