/**
 * A report section as HTML: a heading, some lines of text and tables of cell texts, escaped, with
 * numeric columns right-aligned. Benchmarks render their HTML sections with it, so every
 * benchmark's section looks alike and none hand-writes markup (or forgets to escape a model id).
 */

/** One table: title, headers, rows of cell texts, and which columns are numbers. */
export interface SectionTable {
  title: string
  headers: readonly string[]
  numeric: readonly boolean[]
  rows: readonly (readonly string[])[]
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text with HTML's special characters escaped.
 * @example escapeHtml('a < b') // 'a &lt; b'
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

function tableHtml(table: SectionTable): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${table.numeric[i] ? ' class="num"' : ''}>${escapeHtml(text)}</${tag}>`
  const head = `<tr>${table.headers.map((h, i) => cell('th', h, i)).join('')}</tr>`
  const rows = table.rows.map((row) => `<tr>${row.map((t, i) => cell('td', t, i)).join('')}</tr>`)
  return [`<h3>${escapeHtml(table.title)}</h3>`, '<table>', head, ...rows, '</table>'].join('\n')
}

/**
 * A `<section>` with a heading, paragraphs and tables.
 * @example htmlSection('Long-Transduction', ['12 documents'], tables).startsWith('<section') // true
 */
export function htmlSection(
  title: string,
  lines: readonly string[],
  tables: readonly SectionTable[],
): string {
  return [
    `<section class="arbigraph-benchmark">`,
    `<h2>${escapeHtml(title)}</h2>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...tables.map(tableHtml),
    '</section>',
    '',
  ].join('\n')
}
