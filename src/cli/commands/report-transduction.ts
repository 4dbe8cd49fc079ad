/**
 * The Long-Transduction side of `arbigraph report`: given the text of a transduction results
 * file (recognized by its `schema` field), it validates the file, recomputes the summary from
 * the document records (a stored summary that disagrees is rejected) and prints the terminal
 * tables or, with `--markdown`, the Markdown summary. ArbiGraph-only flags (`--by-task`,
 * `--gate`, `--html`) are usage errors here rather than being silently ignored.
 */
import { decodeTransductionResults, isTransductionResults } from '../../contracts/transduction-results.ts'
import { summarizeTransduction } from '../../metrics/transduction/summarize-transduction.ts'
import { formatTransductionMarkdown } from '../../report/format-transduction-markdown.ts'
import { formatTransductionText } from '../../report/format-transduction-text.ts'
import { usageError } from '../args.ts'
import type { CliIo } from '../command.ts'

/**
 * Whether a results file's text is a transduction results file (malformed JSON is not).
 * @example isTransductionText(await readFile('out/transduction.json', 'utf8')) // true
 */
export function isTransductionText(text: string): boolean {
  try {
    return isTransductionResults(JSON.parse(text))
  } catch {
    return false
  }
}

/**
 * Prints the report of a transduction results file; returns the exit code.
 * @example await reportTransduction(text, 'out/transduction.json', { markdown: true }, io)
 */
export async function reportTransduction(
  text: string,
  file: string,
  flags: { markdown?: boolean; 'by-task'?: boolean; gate?: string; html?: string },
  io: CliIo,
): Promise<number> {
  for (const flag of ['by-task', 'gate', 'html'] as const) {
    if (flags[flag] !== undefined && flags[flag] !== false)
      throw usageError(
        'report',
        `--${flag} applies to ArbiGraph results; "${file}" is a Long-Transduction results file`,
      )
  }
  const results = decodeTransductionResults(text, file)
  const summary = summarizeTransduction(results.records)
  if (flags.markdown === true) io.out(formatTransductionMarkdown(summary, results.model).trimEnd())
  else io.out(formatTransductionText(summary, results.model))
  return 0
}
