/**
 * How model output is cut into lines before scoring (the whitespace rules, stated once):
 * 1. `\r\n` and `\r` count as line breaks;
 * 2. every line is trimmed at both ends (leading/trailing spaces and tabs never matter);
 * 3. empty lines, and code-fence lines (starting with three backticks), are dropped before any
 *    matching, so they neither count nor shift an unnumbered stream;
 * 4. inside a record nothing is normalized: case, inner spaces and punctuation must match the
 *    expected record exactly. The only exceptions are the separators the format defines: in
 *    numbered streams any whitespace (or none) may follow `[ID]`, and in tables whitespace
 *    around a comma-separated field is trimmed.
 * Every other line (commentary included) is content: in an unnumbered stream it takes a
 * position, so a preamble shifts every record, by design.
 * Reference: Long-Transduction paper, Appendix B (exact match; ordinal non-empty lines).
 */

const FENCE = /^```/

/**
 * The scored lines of an output text.
 * @example outputLines('```\n[1] a \r\n\n[2] b\n```') // ['[1] a', '[2] b']
 */
export function outputLines(text: string): string[] {
  const lines: string[] = []
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim()
    if (line !== '' && !FENCE.test(line)) lines.push(line)
  }
  return lines
}

const NUMBERED = /^\[(\d+)\]\s*(.*)$/

/**
 * The ID and content of a numbered line, or null when the line has no leading `[ID]`.
 * @example numberedLine('[12]  5+6=11') // { id: 12, content: '5+6=11' }
 */
export function numberedLine(line: string): { id: number; content: string } | null {
  const match = NUMBERED.exec(line)
  if (!match) return null
  return { id: Number(match[1]), content: match[2]! }
}
