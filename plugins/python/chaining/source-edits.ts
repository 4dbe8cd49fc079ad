/**
 * Source-range edits: replacements keyed by character offsets into one source text, applied from
 * the end backwards so earlier offsets stay valid. Editing ranges of the original text (instead
 * of regenerating code from a tree) keeps comments, quotes and spacing exactly as written.
 */
import { ArbigraphError } from '../../../src/errors.ts'

/** Replace `source.slice(from, to)` with `text` (from === to inserts). */
export interface SourceEdit {
  from: number
  to: number
  text: string
}

/**
 * Applies non-overlapping edits; overlapping ones are a bug in the caller and throw.
 * @example applyEdits('a = b', [{ from: 4, to: 5, text: 'c' }]) // 'a = c'
 */
export function applyEdits(source: string, edits: readonly SourceEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.from - a.from || b.to - a.to)
  let out = source
  let limit = Number.POSITIVE_INFINITY
  for (const edit of sorted) {
    if (edit.to > limit) {
      throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `overlapping source edits at offset ${edit.from}`)
    }
    out = out.slice(0, edit.from) + edit.text + out.slice(edit.to)
    limit = edit.from
  }
  return out
}

/** Offset of the start of the line holding `offset`. */
export const lineStart = (source: string, offset: number): number => source.lastIndexOf('\n', offset - 1) + 1

/** The leading whitespace of the line holding `offset`. */
export function lineIndent(source: string, offset: number): string {
  const start = lineStart(source, offset)
  return /^[ \t]*/.exec(source.slice(start))![0]
}
