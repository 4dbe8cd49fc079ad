/**
 * The response cache key includes who answers: the simulator's settings (persona, seed, noise,
 * server profile). Changing one gives other keys, so a rerun cannot replay answers the simulator
 * gave under other settings; the same settings give the same keys (resume).
 */
import { describe, expect, it } from 'vitest'
import { describeRequest } from '../../src/pool/cache.ts'
import { readSimEnv, simCacheScope, simIdentity } from '../../src/vitest/sim-env.ts'

const body = '{"model":"sim:noisy","messages":[{"role":"user","content":"hi"}]}'
const key = (env: Record<string, string | undefined>) =>
  describeRequest('POST', '/v1/chat/completions', body, simCacheScope(readSimEnv(env))).key

describe('cache scope', () => {
  it('every answer-changing simulator setting changes the key; latency does not', () => {
    const base = key({})
    expect(key({ ARBIGRAPH_SIM_LATENCY_MS: '40' })).toBe(base)
    expect(key({ ARBIGRAPH_SIM_NOISE: '1' })).toBe(base) // the default spelled out
    const changed = [
      { ARBIGRAPH_SIM: 'sim:oracle' },
      { ARBIGRAPH_SIM_SEED: '1' },
      { ARBIGRAPH_SIM_NOISE: '2' },
      { ARBIGRAPH_SIM_SERVER: 'vllm-engine' },
    ].map(key)
    expect(new Set([base, ...changed]).size).toBe(5)
  })

  it("ARBIGRAPH_MODEL_REVISION changes the simulator's key; unset, the key stays", () => {
    const settings = simCacheScope(readSimEnv({}))
    const keyOf = (scope: string) => describeRequest('POST', '/v1/chat/completions', body, scope).key
    expect(simIdentity(settings, undefined).scope).toBe(settings)
    expect(keyOf(simIdentity(settings, 'r2').scope)).not.toBe(keyOf(settings))
    expect(simIdentity(settings, 'r2').label).toBe('sim:noisy seed=0 noise=1 server=default revision=r2')
  })

  it('no scope keeps the keys of existing caches', () => {
    expect(describeRequest('POST', '/v1/chat/completions', body).key).toBe(
      describeRequest('POST', '/v1/chat/completions', body, '').key,
    )
    expect(describeRequest('POST', '/v1/chat/completions', body).key).not.toBe(
      describeRequest('POST', '/v1/chat/completions', body, 'sim:noisy seed=0 noise=1 server=default').key,
    )
  })
})
