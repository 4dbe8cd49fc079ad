/**
 * JSON strings byte for byte as `JSON.stringify` writes them, cheaper for the text a dataset holds.
 * `JSON.stringify` walks every character, and takes a slow path on a two-byte string (one `≡`
 * makes a prompt part one); a prompt part mostly needs no escape but its newlines, and a name or
 * an id none at all. JSON escapes character by character, except that it leaves a surrogate pair
 * as it is and escapes a lone surrogate, so text may be escaped in pieces as long as no pair is cut.
 */

const json = JSON.stringify

/**
 * Any character JSON.stringify writes other than as itself — `"`, `\`, a control character, a
 * lone surrogate — except the newline, plus every surrogate (a pair is left to JSON.stringify).
 */
const ESCAPED_BUT_NEWLINE = /[^\n -!#-[\]-\ud7ff\ue000-\uffff]/

/** The same without the newline exception: a string matching nothing is its own JSON inside quotes. */
const ESCAPED = /[^ -!#-[\]-\ud7ff\ue000-\uffff]/

/**
 * `JSON.stringify(text)` without its quotes: one regular-expression test, then either a native
 * newline replacement or, for a text holding any other escape, JSON.stringify itself.
 * @example escapeJsonText('a\nb"c') // 'a\\nb\\"c'
 */
export const escapeJsonText = (text: string): string =>
  ESCAPED_BUT_NEWLINE.test(text) ? json(text).slice(1, -1) : text.replaceAll('\n', '\\n')

/**
 * `JSON.stringify(text)` for a short string such as an id, a name or a template id, which rarely
 * needs an escape.
 * @example jsonString('task_3_out') // '"task_3_out"'
 */
export const jsonString = (text: string): string => (ESCAPED.test(text) ? json(text) : `"${text}"`)
