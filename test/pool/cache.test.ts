import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { CacheMode } from '../../src/pool/cache.ts'
import { openResponseCache, requestKey } from '../../src/pool/cache.ts'

const cachePath = async () => join(await mkdtemp(join(tmpdir(), 'arbigraph-cache-')), 'responses.jsonl')
const answer = (key: string, body = '{"ok":true}') =>
  ({ key, status: 200, contentType: 'application/json', stream: false, body }) as const
const path = '/v1/chat/completions'

describe('pool/cache key', () => {
  test('ignores key order and a spelled-out stream:false, but not stream:true or the content', () => {
    const base = requestKey('POST', path, '{"model":"m","messages":[{"role":"user","content":"a"}]}')
    expect(
      requestKey('post', path, '{"messages":[{"content":"a","role":"user"}],"model":"m","stream":false}'),
    ).toBe(base)
    expect(
      requestKey(
        'POST',
        path,
        '{"model":"m","messages":[{"role":"user","content":"a"}],"stream_options":{}}',
      ),
    ).toBe(base)
    expect(
      requestKey('POST', path, '{"model":"m","messages":[{"role":"user","content":"a"}],"stream":true}'),
    ).not.toBe(base)
    expect(requestKey('POST', path, '{"model":"m","messages":[{"role":"user","content":"b"}]}')).not.toBe(
      base,
    )
    expect(
      requestKey('POST', '/v1/completions', '{"model":"m","messages":[{"role":"user","content":"a"}]}'),
    ).not.toBe(base)
    expect(base).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('pool/cache modes', () => {
  test.each([
    ['readwrite', true, true],
    ['read', true, false],
    ['write', false, true],
    ['off', false, false],
  ] as [CacheMode, boolean, boolean][])('%s: replays=%s, records=%s', async (mode, replays, records) => {
    const file = await cachePath()
    await writeFile(file, `${JSON.stringify({ ...answer('old'), at: 'x' })}\n`)
    const cache = await openResponseCache({ path: file, mode })
    expect((await cache.get('old'))?.body).toBe(replays ? '{"ok":true}' : undefined)
    await cache.put(answer('new'))
    await cache.close()
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n')
    expect(lines.length).toBe(records ? 2 : 1)
    const reopened = await openResponseCache({ path: file, mode: 'read' })
    expect((await reopened.get('new'))?.key).toBe(records ? 'new' : undefined)
    await reopened.close()
  })

  test('a truncated last line is skipped and reported, and cut before the next append', async () => {
    const file = await cachePath()
    await writeFile(file, `${JSON.stringify({ ...answer('a'), at: 'x' })}\n`)
    await appendFile(file, '{"key":"b","status":200,"body":"{\\"cho')
    const cache = await openResponseCache({ path: file, mode: 'readwrite' })
    expect(cache.size).toBe(1)
    expect(cache.skipped).toEqual([{ line: 2, reason: expect.stringContaining('no trailing newline') }])
    await cache.put(answer('c'))
    await cache.close()
    const reopened = await openResponseCache({ path: file, mode: 'read' })
    expect(reopened.skipped).toEqual([])
    expect((await Promise.all(['a', 'b', 'c'].map((k) => reopened.get(k)))).map(Boolean)).toEqual([
      true,
      false,
      true,
    ])
    await reopened.close()
  })

  test('read mode leaves a damaged file untouched', async () => {
    const file = await cachePath()
    const content = `${JSON.stringify({ ...answer('a'), at: 'x' })}\nnot json\n{"torn`
    await writeFile(file, content)
    const cache = await openResponseCache({ path: file, mode: 'read' })
    expect(cache.skipped.map((s) => s.line)).toEqual([2, 3])
    expect(await readFile(file, 'utf8')).toBe(content)
    await cache.close()
  })

  test('stores each line with one trailing newline and needs a path unless off', async () => {
    const file = await cachePath()
    const cache = await openResponseCache({ path: file, mode: 'readwrite' })
    await Promise.all(Array.from({ length: 50 }, (_, i) => cache.put(answer(`k${i}`, 'x'.repeat(10_000)))))
    await cache.close()
    const text = await readFile(file, 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    expect(
      text
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l).key),
    ).toHaveLength(50)
    await expect(openResponseCache({ mode: 'read' })).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_CONFIG',
      message: expect.stringContaining('mode "read" needs a cache file path'),
    })
  })

  test('indexes a file larger than one read chunk and reads every answer back', async () => {
    const file = await cachePath()
    const writer = await openResponseCache({ path: file, mode: 'write' })
    for (let i = 0; i < 30; i++) await writer.put(answer(`big${i}`, `${i}:${'é'.repeat(50_000)}`))
    await writer.close()
    const reader = await openResponseCache({ path: file, mode: 'read' })
    expect(reader.size).toBe(30)
    for (const i of [0, 9, 10, 21, 29])
      expect((await reader.get(`big${i}`))?.body.startsWith(`${i}:é`)).toBe(true)
    await reader.close()
  })
})
