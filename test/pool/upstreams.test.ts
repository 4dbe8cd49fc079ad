import { describe, expect, test } from 'vitest'
import { createUpstreams } from '../../src/pool/upstreams.ts'

describe('pool/upstreams', () => {
  test('picks the endpoint with the fewest attempts in flight', () => {
    const upstreams = createUpstreams(['a', 'b', 'c'])
    const leases = [upstreams.lease(), upstreams.lease(), upstreams.lease()]
    expect(leases.map((l) => l.upstream.url).sort()).toEqual(['a', 'b', 'c'])
    const b = leases.find((l) => l.upstream.url === 'b')!
    b.done('success')
    expect(upstreams.lease().upstream.url).toBe('b')
  })

  test('ejects after consecutive failures, probes once after the cool-down, re-ejects a failed probe', () => {
    let clock = 0
    const upstreams = createUpstreams(['a', 'b'], { ejectAfter: 2, cooldownMs: 100, now: () => clock })
    const [a] = upstreams.list
    const failA = () => {
      const lease = upstreams.lease()
      lease.done(lease.upstream.url === 'a' ? 'failure' : 'success')
    }
    for (let i = 0; i < 4; i++) failA()
    expect(a).toMatchObject({ state: 'ejected', failures: 2, ejections: 1 })
    expect(upstreams.lease().upstream.url).toBe('b')
    clock = 100
    const probe = upstreams.lease()
    expect(probe.upstream.url).toBe('a')
    expect(a?.state).toBe('probing')
    // While the probe is out, traffic avoids the endpoint.
    expect(upstreams.lease().upstream.url).toBe('b')
    probe.done('failure')
    expect(a).toMatchObject({ state: 'ejected', ejections: 2, ejectedUntil: 200 })
    clock = 200
    upstreams.lease().done('success')
    expect(a?.state).toBe('healthy')
  })

  test('a 429-style neutral answer neither ejects nor counts as a failure', () => {
    const upstreams = createUpstreams(['a'], { ejectAfter: 1 })
    upstreams.lease().done('neutral')
    expect(upstreams.list[0]).toMatchObject({ state: 'healthy', failures: 0 })
  })

  test('when every endpoint is ejected, uses the least recently ejected one', () => {
    let clock = 0
    const upstreams = createUpstreams(['a', 'b'], { ejectAfter: 1, cooldownMs: 1000, now: () => clock })
    upstreams.lease().done('failure') // a at t=0
    clock = 10
    upstreams.lease().done('failure') // b at t=10
    expect(upstreams.list.map((u) => u.state)).toEqual(['ejected', 'ejected'])
    expect(upstreams.lease().upstream.url).toBe('a')
  })

  test('needs at least one URL', () => {
    expect(() => createUpstreams([])).toThrow(
      expect.objectContaining({
        code: 'ARBIGRAPH_BAD_CONFIG',
        message: expect.stringContaining('set ARBIGRAPH_BASE_URL'),
      }),
    )
  })
})
