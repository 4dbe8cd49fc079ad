import { describe, expect, it } from 'vitest'
import { ByteChunks, encodeText } from '../../src/io/byte-chunks.ts'
import { createRng } from '../../src/rng.ts'
import { type PyValue, pyRepr } from '../../src/values.ts'

describe('ByteChunks', () => {
  it('writes the UTF-8 of the joined pieces in chunks no larger than the size, splitting no character', () => {
    // Pieces short and long, one-, two-, three- and four-byte characters, across many boundaries.
    const pieces = ['ab', 'é', '€uro', '😀😀x', 'y'.repeat(40), `${'€😀'.repeat(30)}z`, '', 'end']
    for (const size of [4, 5, 7, 16, 1024]) {
      const out = new ByteChunks(size)
      for (const piece of pieces) out.write(piece)
      const chunks = out.finish()
      for (const chunk of chunks) {
        expect(chunk.length).toBeGreaterThan(0)
        expect(chunk.length).toBeLessThanOrEqual(size)
        // Each chunk decodes on its own: no character was cut in two.
        expect(new TextDecoder('utf-8', { fatal: true }).decode(chunk)).toBeTypeOf('string')
      }
      expect(Buffer.concat(chunks).toString('utf8')).toBe(pieces.join(''))
    }
  })

  it('gives no chunk for no text', () => {
    const out = new ByteChunks(8)
    out.write('')
    expect(out.finish()).toEqual([])
  })

  it('hands over only the filled chunks when taken, keeping the one being filled, and loses no byte', () => {
    const out = new ByteChunks(8)
    out.write('abc')
    expect(out.take()).toEqual([])
    out.write('defghij€')
    const first = out.take()
    expect(first.map((c) => Buffer.from(c).toString())).toEqual(['abcdefgh'])
    expect(out.take()).toEqual([])
    out.write('k')
    const rest = out.finish()
    expect(Buffer.concat([...first, ...rest]).toString()).toBe('abcdefghij€k')
  })

  it('writes JSON strings and integers as JSON.stringify and String do, across chunk boundaries (seeded)', () => {
    const strings = [
      '',
      'a',
      'task_12_out',
      'scalar',
      'x"y',
      'back\\slash',
      'tab\t',
      '\u0000',
      'é',
      '≡',
      '😀',
      '\ud800',
      'a'.repeat(70),
    ]
    const integers = [
      0,
      -0,
      7,
      -7,
      10,
      99,
      100,
      -100,
      2 ** 31,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53,
      -(2 ** 53),
      1e21,
      1.5,
      Number.NaN,
    ]
    const rng = createRng('byte-chunks-json')
    for (const size of [4, 9, 16, 64, 1024]) {
      const out = new ByteChunks(size)
      let expected = ''
      for (let i = 0; i < 400; i++) {
        if (rng.below(2) === 0) {
          const text = strings[rng.below(strings.length)]!
          out.writeJsonString(text)
          expected += JSON.stringify(text)
        } else {
          const n = integers[rng.below(integers.length)]!
          out.writeInteger(n)
          expected += String(n)
        }
        const glue = rng.below(3) === 0 ? ',' : ''
        out.write(glue)
        expected += glue
      }
      const chunks = out.finish()
      // Full but for a character that did not fit whole.
      for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThan(size - 4)
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected)
    }
  })

  it('writes int lists as pyRepr does, or nothing and false when an item is not a safe int or the chunk is short (seeded)', () => {
    const items: PyValue[] = [0n, 7n, -7n, 10n, 99n, 100n, -100n, 12345n, 2n ** 53n - 1n, -(2n ** 53n - 1n)]
    const odd: PyValue[] = [2n ** 53n, -(2n ** 53n), 1.5, [1n]]
    const rng = createRng('byte-chunks-int-lists')
    for (const size of [8, 64, 1024]) {
      const out = new ByteChunks(size)
      const written: Uint8Array[] = []
      let expected = ''
      for (let round = 0; round < 300; round++) {
        const list = Array.from({ length: rng.below(12) }, () =>
          rng.below(20) === 0 ? odd[rng.below(odd.length)]! : items[rng.below(items.length)]!,
        )
        // Declined lists are written another way; had a declined call written anything, the
        // bytes would differ from the expected text below.
        if (out.writeIntList(list))
          expect(
            list.every((item) => typeof item === 'bigint' && item < 2n ** 53n && item > -(2n ** 53n)),
          ).toBe(true)
        else out.write(pyRepr(list))
        expected += pyRepr(list)
        out.writeAscii(0x2c)
        expected += ','
        out.writeEncoded(encodeText('é"'))
        expected += 'é"'
        written.push(...out.take())
      }
      written.push(...out.finish())
      expect(Buffer.concat(written).toString('utf8')).toBe(expected)
    }
  })

  it('writes a span again as the bytes it holds, and declines one that crosses chunks, does not fit or was handed over (seeded)', () => {
    const rng = createRng('byte-chunks-spans')
    for (const size of [8, 64, 1024]) {
      const out = new ByteChunks(size)
      const written: Uint8Array[] = []
      const spans: { span: NonNullable<ReturnType<ByteChunks['spanSince']>>; text: string }[] = []
      let expected = ''
      let declined = 0
      for (let round = 0; round < 400; round++) {
        if (spans.length > 0 && rng.below(2) === 0) {
          const { span, text } = spans[rng.below(spans.length)]!
          if (!out.writeSpan(span)) {
            declined++
            out.write(text)
          }
          expected += text
        } else {
          const text = 'x'.repeat(rng.below(40)) + String(round)
          const start = out.position
          out.write(text)
          expected += text
          const span = out.spanSince(start)
          // Only a text that stayed in one chunk is a span, and a span holds exactly its bytes.
          if (span) {
            expect(Buffer.from(span.chunk.subarray(span.start, span.end)).toString('latin1')).toBe(text)
            spans.push({ span, text })
          } else expect(text.length > size - (start % size) || start % size === 0).toBe(true)
        }
        written.push(...out.take())
      }
      written.push(...out.finish())
      expect(Buffer.concat(written).toString('latin1')).toBe(expected)
      expect(spans.length).toBeGreaterThan(0)
      if (size === 8) expect(declined).toBeGreaterThan(0)
    }
    // A chunk moved to another thread has no bytes left to copy: its span is declined.
    const out = new ByteChunks(64)
    const start = out.position
    out.write('[1, 2, 3]')
    const span = out.spanSince(start)!
    const [chunk] = out.finish()
    const moved = chunk!.buffer as ArrayBuffer
    structuredClone(moved, { transfer: [moved] })
    const next = new ByteChunks(64)
    expect(next.writeSpan(span)).toBe(false)
    expect(next.finish()).toEqual([])
  })
})
