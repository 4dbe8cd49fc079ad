import { describe, expect, it } from 'vitest'
import { type ChunkClaims, type ChunkHelper, scheduleChunks } from '../../src/generate/chunk-schedule.ts'

/**
 * A helper thread as generation-threads.ts runs one: it makes its chunks one at a time, in the
 * order it got them, once started, claiming each as it begins it (a chunk claimed elsewhere is
 * skipped); a begun chunk is finished when the test says (`finish(index)`).
 */
function heldHelper(ready: Promise<void> = Promise.resolve()) {
  const queue: { index: number; claims: ChunkClaims; resolve: (item: string | undefined) => void }[] = []
  const made: number[] = []
  const begun: number[] = []
  let current: { index: number; resolve: (item: string) => void } | undefined
  let started = false
  const beginNext = () => {
    while (started && current === undefined && queue.length > 0) {
      const { index, claims, resolve } = queue.shift()!
      if (!claims.claim(index)) {
        resolve(undefined)
        continue
      }
      begun.push(index)
      current = { index, resolve }
    }
  }
  ready.then(() => {
    started = true
    beginNext()
  })
  const helper: ChunkHelper<string> = {
    ready,
    make: (index, claims) =>
      new Promise<string | undefined>((resolve) => {
        made.push(index)
        queue.push({ index, claims, resolve })
        beginNext()
      }),
  }
  const finish = (index: number) => {
    if (current?.index !== index) throw new Error(`the helper was not making chunk ${index}`)
    current.resolve(`helper:${index}`)
    current = undefined
    beginNext()
  }
  return { helper, made, begun, finish, making: () => current?.index }
}

/** A helper that finishes each chunk on its own, a few event-loop turns after it began it. */
function laterHelper(turns = 3) {
  const made: number[] = []
  const helper: ChunkHelper<string> = {
    ready: Promise.resolve(),
    make: async (index, claims) => {
      if (!claims.claim(index)) return undefined
      made.push(index)
      for (let turn = 0; turn < turns; turn++) await new Promise(setImmediate)
      return `helper:${index}`
    },
  }
  return { helper, made }
}

const here = (index: number) => Promise.resolve(`here:${index}`)

async function collect<T>(items: AsyncIterable<T>, onEach?: (item: T) => void): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) {
    out.push(item)
    onEach?.(item)
  }
  return out
}

describe('scheduleChunks', () => {
  it('hands out every chunk in index order, whoever made it', async () => {
    const later = laterHelper()
    const out = await collect(
      scheduleChunks({ count: 12, ahead: 4, makeHere: here, helpers: [later.helper] }),
    )
    expect(out.map((item) => Number(item.split(':')[1]))).toEqual([...Array(12).keys()])
    expect(later.made.length).toBeGreaterThan(0)
    for (const index of later.made) expect(out[index]).toBe(`helper:${index}`)
  })

  it('gives a helper work again as it finishes, and ends (no helper left waiting)', async () => {
    const later = laterHelper()
    const out = await collect(
      scheduleChunks({ count: 30, ahead: 2, makeHere: here, helpers: [later.helper] }),
    )
    expect(out).toHaveLength(30)
    // With room for two chunks ahead, the helper finished and was fed again more than once.
    expect(later.made.length).toBeGreaterThan(2)
  })

  it('gives a helper still starting its first chunks at once, and makes them here when nothing else may be taken', async () => {
    let start: () => void = () => {}
    const held = heldHelper(new Promise<void>((resolve) => (start = resolve)))
    const madeHere: number[] = []
    const makeHere = (index: number) => {
      madeHere.push(index)
      return here(index)
    }
    const written = await collect(scheduleChunks({ count: 5, ahead: 4, makeHere, helpers: [held.helper] }))
    // Chunks 0 and 1 went to the helper; this thread made what `ahead` allows beyond them, then
    // chunk 0 itself rather than wait for a thread that has not started, then the rest.
    expect(held.made).toEqual([0, 1])
    expect(madeHere).toEqual([2, 3, 0, 4, 1])
    expect(written).toEqual(['here:0', 'here:1', 'here:2', 'here:3', 'here:4'])
    start()
    await new Promise(setImmediate)
    // Started, the helper finds both claimed here and makes neither.
    expect(held.begun).toEqual([])
  })

  it('waits for a chunk a started helper has begun, and uses what it made', async () => {
    const held = heldHelper()
    const out = collect(scheduleChunks({ count: 5, ahead: 4, makeHere: here, helpers: [held.helper] }))
    for (let turn = 0; turn < 20; turn++) {
      const making = held.making()
      if (making !== undefined) held.finish(making)
      await new Promise(setImmediate)
    }
    const written = await out
    expect(written[0]).toBe('helper:0')
    expect(written).toHaveLength(5)
  })

  it('makes here, rather than wait, the chunk a busy helper holds but has not begun, and the helper skips it', async () => {
    const held = heldHelper()
    const madeHere: number[] = []
    const makeHere = (index: number) => {
      madeHere.push(index)
      return here(index)
    }
    const out = collect(scheduleChunks({ count: 4, ahead: 4, makeHere, helpers: [held.helper] }))
    for (let turn = 0; turn < 10; turn++) await new Promise(setImmediate)
    // The helper holds 0 (begun) and 1 (queued); this thread made 2 and 3, then 1, and waits
    // only for 0, the one chunk the helper is making.
    expect(held.begun).toEqual([0])
    expect(madeHere).toEqual([2, 3, 1])
    held.finish(0)
    expect(await out).toEqual(['helper:0', 'here:1', 'here:2', 'here:3'])
    expect(held.begun).toEqual([0])
    expect(held.making()).toBeUndefined()
  })

  it('fails with the reason of a helper that could not start', async () => {
    const broken: ChunkHelper<string> = {
      ready: Promise.reject(new Error('no thread: cannot find bin/generate-helper.js')),
      make: () => Promise.reject(new Error('never asked')),
    }
    const slow = (index: number) =>
      new Promise<string>((resolve) => setImmediate(() => resolve(`here:${index}`)))
    await expect(
      collect(scheduleChunks({ count: 50, ahead: 4, makeHere: slow, helpers: [broken] })),
    ).rejects.toThrow('no thread: cannot find bin/generate-helper.js')
  })

  it('reports the failure of the first chunk that failed, after writing the ones before it', async () => {
    const failing = (index: number) =>
      index === 2 || index === 3 ? Promise.reject(new Error(`chunk ${index} failed`)) : here(index)
    const written: string[] = []
    await expect(
      collect(scheduleChunks({ count: 8, ahead: 8, makeHere: failing, helpers: [] }), (item) =>
        written.push(item),
      ),
    ).rejects.toThrow('chunk 2 failed')
    expect(written).toEqual(['here:0', 'here:1'])
  })

  it('keeps at most `ahead` chunks taken beyond the one being written', async () => {
    const later = laterHelper()
    let most = 0
    const makeHere = (index: number) => {
      most = Math.max(most, index - written)
      return here(index)
    }
    let written = 0
    await collect(scheduleChunks({ count: 20, ahead: 3, makeHere, helpers: [later.helper] }), () => {
      written++
    })
    expect(most).toBeLessThan(3)
  })
})
