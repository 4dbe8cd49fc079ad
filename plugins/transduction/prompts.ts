/**
 * Prompt text for Long-Transduction documents, in our own words. Every prompt states the task,
 * shows the exact output line shape on two examples, says that every record must be written,
 * one line each and nothing else, and ends with "Do not think." (the paper's instruction; the
 * harness also turns thinking off). Formats differ only in how records are identified: `[ID]`
 * in order, `[ID]` shuffled with ascending output required, or no IDs at all.
 * Reference: Long-Transduction paper §2 (formats), §3 and Appendix D ("Do not think.").
 */
import type { LineRecord } from './families/line-task.ts'
import type { LineFormat } from './grid.ts'

const CLOSING =
  'Write only the output lines: no introduction, no explanation, no blank lines, no code fences. Do not think.'

const FORMAT_RULES: Record<LineFormat, string> = {
  ordered:
    'Each input record starts with its ID in square brackets, e.g. "[7]". Write one output line per record, in the same order, starting with the same ID in brackets followed by one space.',
  shuffled:
    'Each input record starts with its ID in square brackets, e.g. "[7]"; the records are listed in shuffled order. Write one output line per record in ascending ID order ([1], [2], [3], …), each starting with its ID in brackets followed by one space.',
  plain:
    'The records have no IDs. Write one output line per record, in the same order as the input, and nothing else on the line.',
}

function exampleLines(
  examples: readonly LineRecord[],
  format: LineFormat,
): { input: string; output: string } {
  const numbered = examples.map((record, i) => ({ id: i + 1, record }))
  const shown = format === 'shuffled' ? [...numbered].reverse() : numbered
  const line = (id: number, text: string) => (format === 'plain' ? text : `[${id}] ${text}`)
  return {
    input: shown.map(({ id, record }) => line(id, record.input)).join('\n'),
    output: numbered.map(({ id, record }) => line(id, record.output)).join('\n'),
  }
}

/** What a line prompt is built from. */
export interface LinePromptParts {
  instruction: string
  examples: readonly LineRecord[]
  exampleNote: string
  preamble: string
  format: LineFormat
  count: number
  /** The input record lines, already formatted. */
  lines: string
}

/**
 * The prompt of a line-family document.
 * @example linePrompt({ instruction: 'Sort.', examples, exampleNote: '', preamble: '', format: 'plain', count: 2, lines: 'b,a\nd,c' })
 */
export function linePrompt(parts: LinePromptParts): string {
  const example = exampleLines(parts.examples, parts.format)
  const note = parts.exampleNote ? ` ${parts.exampleNote}` : ''
  return [
    `Transform every record below and write one output line per record. There are ${parts.count} records; write all ${parts.count} output lines.`,
    '',
    parts.instruction,
    FORMAT_RULES[parts.format],
    '',
    `Example${note}. Input:`,
    example.input,
    'Output:',
    example.output,
    '',
    ...(parts.preamble ? [parts.preamble, ''] : []),
    'Records:',
    parts.lines,
    '',
    CLOSING,
  ].join('\n')
}

/** What a table prompt is built from. */
export interface TablePromptParts {
  instruction: string
  /** Extra input before the table (KV dictionaries), or ''. */
  preamble: string
  table: string
  /** Extra input after the table (the new row and column order), or ''. */
  postamble: string
  rows: number
  cols: number
}

/**
 * The prompt of a table document.
 * @example tablePrompt({ instruction: 'Permute.', preamble: '', table: ',[C0]\n[R0],a', postamble: '', rows: 1, cols: 1 })
 */
export function tablePrompt(parts: TablePromptParts): string {
  return [
    `Transform the CSV table below. It has a header line and ${parts.rows} data rows of ${parts.cols} cells each; write the whole transformed table: the header line, then all ${parts.rows} rows.`,
    '',
    parts.instruction,
    'Keep the CSV layout: the header starts with an empty field, each row starts with its row label, fields are separated by single commas with no spaces around them.',
    '',
    ...(parts.preamble ? [parts.preamble, ''] : []),
    'Table:',
    parts.table,
    '',
    ...(parts.postamble ? [parts.postamble, ''] : []),
    CLOSING,
  ].join('\n')
}
