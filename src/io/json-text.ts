/**
 * JSON string text byte for byte as `JSON.stringify` writes it, cheaper for prompt text.
 * `JSON.stringify` walks every character, and takes a slow path on a two-byte string (one `≡`
 * makes a prompt part one), while a prompt part mostly needs no escape but its newlines. JSON
 * escapes character by character, except that it leaves a surrogate pair as it is and escapes a
 * lone surrogate, so text may be escaped in pieces as long as no pair is cut.
 */

const json = JSON.stringify

/**
 * Any character JSON.stringify writes other than as itself — `"`, `\`, a control character, a
 * lone surrogate — except the newline, plus every surrogate (a pair is left to JSON.stringify).
 */
const ESCAPED_BUT_NEWLINE = /[^\n -!#-[\]-\ud7ff\ue000-\uffff]/

/**
 * Every newline. Replaced through a global regular expression, not `replaceAll`: V8 builds the
 * result of that as one flat string, where `replaceAll` made a string of pieces that writing it
 * flattened again (a copy and a tenth of the prompt's garbage).
 */
const NEWLINES = /\n/g

/**
 * `JSON.stringify(text)` without its quotes: one regular-expression test, then either a native
 * newline replacement or, for a text holding any other escape, JSON.stringify itself.
 * @example escapeJsonText('a\nb"c') // 'a\\nb\\"c'
 */
export const escapeJsonText = (text: string): string =>
  ESCAPED_BUT_NEWLINE.test(text) ? json(text).slice(1, -1) : text.replace(NEWLINES, '\\n')
