import { describe, expect, test } from 'vitest'
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
} from '../../src/pool/retry.ts'

const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 }

describe('pool/retry', () => {
  test('retries 408, 409, 429 and 5xx; never a 400 or another 4xx', () => {
    expect([408, 409, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true)
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false)
  })

  test('full jitter draws within a window that doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 0.999999))).toEqual([
      99, 199, 399, 799, 999, 999,
    ])
    expect(backoffDelay(3, policy, () => 0)).toBe(0)
    expect(backoffDelay(1, policy, () => 0.5)).toBe(100)
  })

  test('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250)
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), now)).toBe(2000)
    expect(parseRetryAfter(new Headers({ 'retry-after': '0.5' }), now)).toBe(500)
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now)).toBe(3000)
    expect(parseRetryAfter({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, now)).toBe(0)
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeUndefined()
    expect(parseRetryAfter({}, now)).toBeUndefined()
  })

  test('a server-requested wait replaces the jitter and is clamped', () => {
    expect(retryDelay(0, policy, () => 0, 1500)).toBe(1500)
    expect(retryDelay(0, { ...policy, maxRetryAfterMs: 1000 }, () => 0, 5000)).toBe(1000)
    expect(retryDelay(2, policy, () => 0.5, undefined)).toBe(200)
  })
})
