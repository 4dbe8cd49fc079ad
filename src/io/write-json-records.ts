/**
 * A JSON document with one large array (a results file's `records`) written atomically, element
 * by element: the bytes are exactly those of `JSON.stringify(document, null, 2)` and a newline,
 * but no string ever holds more than one element, so a run whose records together pass V8's
 * longest string (about 512 M characters: a few dozen 16 MiB agent replies) is still written.
 */
import { openAtomicLines } from './atomic-write.ts'

/** Indents the pretty JSON of one array element to its place in the document (strings hold no raw newline). */
const indented = (element: unknown): string =>
  `    ${(JSON.stringify(element, null, 2) ?? 'null').replaceAll('\n', '\n    ')}`

/**
 * Writes `document` to `path` as `JSON.stringify(document, null, 2) + '\n'`, streaming `document[key]`.
 * @example await writeJsonRecords('out/results.json', results, 'records')
 */
export async function writeJsonRecords<Document extends object>(
  path: string,
  document: Document,
  key: keyof Document & string,
): Promise<void> {
  const elements = document[key] as unknown
  if (!Array.isArray(elements)) throw new TypeError(`writeJsonRecords: "${key}" is not an array`)
  // The document with an empty array in its place gives every other byte, and where the array goes.
  const shell = JSON.stringify({ ...document, [key]: [] }, null, 2)
  const slot = `\n  ${JSON.stringify(key)}: []`
  const at = shell.indexOf(slot)
  const out = await openAtomicLines(path)
  try {
    if (elements.length === 0) await out.write(shell)
    else {
      await out.write(`${shell.slice(0, at + slot.length - 1)}`)
      for (let i = 0; i < elements.length; i++)
        await out.write(`${indented(elements[i])}${i + 1 < elements.length ? ',' : ''}`)
      await out.write(`  ]${shell.slice(at + slot.length)}`)
    }
    await out.commit()
  } catch (error) {
    await out.abort()
    throw error
  }
}
