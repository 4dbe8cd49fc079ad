import { describe, expect, test } from 'vitest'
import { createLimiter } from '../../src/pool/limiter.ts'

describe('pool/limiter', () => {
  test('holds at most the limit and serves waiters first-in first-out', async () => {
    const limiter = createLimiter(2)
    const a = await limiter.acquire()
    const b = await limiter.acquire()
    const order: string[] = []
    const queued = (name: string) =>
      limiter.acquire().then((release) => {
        order.push(name)
        return release
      })
    const c = queued('c')
    const d = queued('d')
    expect(limiter.waiting).toBe(2)
    a()
    a() // a second call is ignored, so a double release cannot inflate the limit
    const releaseC = await c
    expect(order).toEqual(['c'])
    expect(limiter.inFlight).toBe(2)
    b()
    ;(await d)()
    releaseC()
    expect(order).toEqual(['c', 'd'])
    expect(limiter.inFlight).toBe(0)
    expect(limiter.maxInFlight).toBe(2)
  })

  test('an aborted waiter leaves the queue and rejects with the reason', async () => {
    const limiter = createLimiter(1)
    const held = await limiter.acquire()
    const controller = new AbortController()
    const waiting = limiter.acquire(controller.signal)
    controller.abort(new Error('closing'))
    await expect(waiting).rejects.toThrow('closing')
    expect(limiter.waiting).toBe(0)
    held()
    expect(limiter.inFlight).toBe(0)
  })

  test('tryAcquire takes a free permit at once, and never jumps the queue', async () => {
    const limiter = createLimiter(1)
    const held = limiter.tryAcquire()
    expect(held).toBeTypeOf('function')
    expect(limiter.tryAcquire()).toBeUndefined()
    const queued = limiter.acquire()
    held!()
    // The permit went to the queued waiter, so there is still none for a newcomer.
    expect(limiter.tryAcquire()).toBeUndefined()
    ;(await queued)()
    expect(limiter.tryAcquire()).toBeTypeOf('function')
    expect(limiter.maxInFlight).toBe(1)
  })

  test('rejects a limit below 1', () => {
    expect(() => createLimiter(0)).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_CONFIG',
        message: expect.stringContaining('limit must be an integer ≥ 1, got 0'),
      }),
    )
  })
})
