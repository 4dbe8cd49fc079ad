/**
 * JSON text as Python's `json.dumps` writes it with default settings: `", "` and `": "`
 * separators and every non-ASCII character escaped as `\uXXXX`. The calculator's results go back
 * to the model in this form, byte-identical to the reference harness.
 *
 * Reference: Python json module (ensure_ascii=True, default separators); harness spec §1.4.
 */

/**
 * A JSON string literal with non-ASCII escaped, as `json.dumps(str)`.
 * @example pyJsonString('é') // '"\\u00e9"'
 */
export function pyJsonString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * The calculator's batch result, `{"results": ["…", …]}`, as `json.dumps` writes it.
 * @example pyJsonResults(['3', '4']) // '{"results": ["3", "4"]}'
 */
export const pyJsonResults = (results: readonly string[]): string =>
  `{"results": [${results.map(pyJsonString).join(', ')}]}`
