/**
 * The streamed object reader: whatever the layout, its parts put back together are what
 * `JSON.parse` reads from the same text (across read chunks, with UTF-8 and escapes cut by the
 * chunk boundaries), and anything that is not one JSON object is refused with where it broke.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonObjectParts } from '../../src/io/json-object-parts.ts'

const dir = mkdtempSync(join(tmpdir(), 'arbigraph-parts-'))
let files = 0
const fileWith = (text: string) => {
  const file = join(dir, `${files++}.json`)
  writeFileSync(file, text)
  return file
}

/** The object the parts describe: members parsed, the streamed array rebuilt from its elements. */
async function reassemble(file: string, key = 'records'): Promise<Record<string, unknown>> {
  const object: Record<string, unknown> = {}
  for await (const part of jsonObjectParts(file, key)) {
    if (part.index === undefined) object[part.key] = JSON.parse(part.text)
    else {
      const array = object[part.key] as unknown[]
      expect(part.index).toBe(array.length)
      array.push(JSON.parse(part.text))
    }
  }
  return object
}

const failure = async (text: string) => {
  try {
    await reassemble(fileWith(text))
  } catch (error) {
    return (error as Error).message
  }
  return 'read'
}

describe('jsonObjectParts', () => {
  it('reads what JSON.parse reads, in every layout', async () => {
    const document = fc.record({
      schema: fc.string(),
      records: fc.array(fc.jsonValue(), { maxLength: 6 }),
      other: fc.jsonValue(),
    })
    await fc.assert(
      fc.asyncProperty(document, fc.constantFrom(undefined, 2, '\t'), async (value, indent) => {
        const text = JSON.stringify(value, null, indent)
        expect(await reassemble(fileWith(text))).toEqual(JSON.parse(text))
      }),
      { numRuns: 150 },
    )
  })

  it('keeps strings whole across read chunks: multi-byte characters, escapes and brackets inside them', async () => {
    // Odd lengths put the 1 MiB chunk boundaries inside "€", "\\\"" and "}]" alike.
    const records = Array.from({ length: 2500 }, (_, i) => ({
      i,
      text: `${'€\\"}],{['.repeat(100 + (i % 37))}${'x'.repeat(i % 5)}`,
      nested: [[i], { deep: { deeper: [`"${i}"`] } }],
    }))
    const value = { a: 'before', records, b: ['after', { c: '\\' }] }
    const text = JSON.stringify(value)
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 << 20)
    expect(await reassemble(fileWith(text))).toEqual(value)
  })

  it('leaves a member of the same name deeper down alone, and reads an empty array', async () => {
    const value = { run: { records: [1, 2] }, records: [] }
    expect(await reassemble(fileWith(JSON.stringify(value, null, 2)))).toEqual(value)
    expect(await reassemble(fileWith(' {} '))).toEqual({})
  })

  it('refuses what is not one JSON object, saying where', async () => {
    expect(await failure('[1, 2]')).toBe('expected a JSON object ("{") at byte 0')
    expect(await failure('{"records": [{"a": 1}, {"a": 2}')).toBe(
      'the file ends before its JSON object does at byte 31',
    )
    expect(await failure('{"a": 1} {"b": 2}')).toBe('unexpected data after the JSON object at byte 9')
    expect(await failure('{"a" 1}')).toBe('expected ":" after "a" at byte 5')
    expect(await failure('{"a": }')).toBe('no value for "a" at byte 6')
    expect(await failure('{"records": [1,,2]}')).toBe('an empty element in "records" at byte 15')
    expect(await failure('{"records": [1,]}')).toBe('an empty element in "records" at byte 15')
    expect(await failure('{"records": [1}')).toBe('unexpected "}" in "records" at byte 14')
    expect(await failure('{"records": [], "records": []}')).toBe('a second "records" at byte 27')
    expect(await failure('{"a": 1,}')).toBe('expected a member name at byte 8')
    expect(await failure('{"a": 1 2}')).toMatch(/JSON/) // left to JSON.parse: the member's text is "1 2"
  })
})
