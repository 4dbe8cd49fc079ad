/**
 * Removing LaTeX noise from an answer before it is read, without guessing at meaning. Models box
 * answers as LaTeX (`\left[1,\ 2\right]`, `\frac{1}{2}`, `3 \times 10^{4}`, `−5`); these are
 * rewritten to plain arithmetic. Anything that could change the value is refused rather than
 * stripped: `\%`, `\$`, units, `\text{…}` and every other command. Spacing commands become a
 * plain space, never nothing, so `1\,366` stays two tokens and is refused instead of silently
 * becoming 1366 (digit grouping is ambiguous with list separators and decimal commas).
 * Only the `arbigraph` parse mode applies this; the `reference` mode reads literals as written.
 */
import type { ParseFailure } from '../contracts/grade.ts'

/** Normalized text, or why the text was refused. */
export type LatexResult = { ok: true; text: string } | { ok: false; reason: ParseFailure; message: string }

const WRAPPERS: readonly [RegExp, string][] = [
  [/^\$\$([\s\S]*)\$\$$/, '$$'],
  [/^\$([\s\S]*)\$$/, '$'],
  [/^\\\(([\s\S]*)\\\)$/, '\\('],
  [/^\\\[([\s\S]*)\\\]$/, '\\['],
]
const SIZING = /\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big|displaystyle|textstyle)(?![A-Za-z])/g
const SPACING = /\\(?:[,;:! ]|quad(?![A-Za-z])|qquad(?![A-Za-z]))|~/g
const OPERATORS: readonly [RegExp, string][] = [
  [/\\(?:times|cdot|ast)(?![A-Za-z])|\u00d7|\u22c5/g, '*'],
  [/\\div(?![A-Za-z])|\u00f7/g, '/'],
  [/\\lbrack(?![A-Za-z])/g, '['],
  [/\\rbrack(?![A-Za-z])/g, ']'],
  [/\u2212/g, '-'],
]
const FRAC = /\\[dt]?frac(?![A-Za-z])/g

/**
 * Rewrites LaTeX answer noise to plain text, or refuses the text.
 * @example normalizeLatex('\\left[ \\frac{1}{2},\\, -3 \\right]') // { ok: true, text: '[ ((1)/(2)),  -3 ]' }
 */
export function normalizeLatex(raw: string): LatexResult {
  let text = unwrap(raw.trim())
  // `!` is removed (negative thin space); the other spacing commands become a space.
  text = text.replace(/\\!/g, '').replace(SIZING, '').replace(SPACING, ' ')
  for (const [pattern, plain] of OPERATORS) text = text.replace(pattern, plain)
  if (/\{,\}/.test(text)) {
    return {
      ok: false,
      reason: 'thousands-separator',
      message: `digit grouping "{,}" is ambiguous; write the plain number`,
    }
  }
  const fractions = rewriteFractions(text)
  if (!fractions.ok) return fractions
  text = fractions.text
  const command = /\\[A-Za-z]+|\\./.exec(text)
  if (command) return { ok: false, reason: 'unsupported', message: `unsupported LaTeX "${command[0]}"` }
  // What braces remain group exponents (`10^{4}`); as parentheses they keep that meaning.
  return { ok: true, text: text.replace(/\{/g, '(').replace(/\}/g, ')').trim() }
}

function unwrap(text: string): string {
  for (let round = 0; round < 4; round++) {
    const hit = WRAPPERS.map(([pattern]) => pattern.exec(text)).find((m) => m !== null)
    if (!hit) return text
    text = hit[1]!.trim()
  }
  return text
}

/** `\frac{a}{b}` → `((a)/(b))`, innermost last occurrence first so nesting resolves. */
function rewriteFractions(text: string): LatexResult {
  for (;;) {
    const starts = [...text.matchAll(FRAC)]
    const last = starts.at(-1)
    if (!last) return { ok: true, text }
    const numerator = braceGroup(text, last.index + last[0].length)
    const denominator = numerator && braceGroup(text, numerator.end)
    if (!numerator || !denominator) {
      return {
        ok: false,
        reason: 'syntax',
        message: `"${last[0]}" needs two braced groups, as in \\frac{1}{2}`,
      }
    }
    text = `${text.slice(0, last.index)}((${numerator.body})/(${denominator.body}))${text.slice(denominator.end)}`
  }
}

/** The `{…}` group starting at `from` (after optional spaces): its body and the index after it. */
function braceGroup(text: string, from: number): { body: string; end: number } | null {
  let i = from
  while (text[i] === ' ') i++
  if (text[i] !== '{') return null
  let depth = 0
  for (let j = i; j < text.length; j++) {
    if (text[j] === '{') depth++
    else if (text[j] === '}' && --depth === 0) return { body: text.slice(i + 1, j), end: j + 1 }
  }
  return null
}
