import { describe, expect, it } from 'vitest'
import type { Vitest } from 'vitest/node'
import { outputPath, shardName } from '../../reporters/output-path.ts'

const vitestAt = (root: string, shard?: { index: number; count: number }) =>
  ({ config: { root, shard } }) as unknown as Vitest

describe('reporter output paths', () => {
  it('mark the shard before the extension, and only in a shard', () => {
    expect(shardName('out/results.json', { index: 1, count: 2 })).toBe('out/results.shard-1-of-2.json')
    expect(shardName('out/dashboard', { index: 3, count: 4 })).toBe('out/dashboard.shard-3-of-4')
    expect(shardName('out/results.json', undefined)).toBe('out/results.json')
  })

  it("resolve under the Vitest root, the user's folder, unless absolute", () => {
    expect(outputPath(vitestAt('/proj'), 'out/summary.md')).toBe('/proj/out/summary.md')
    expect(outputPath(vitestAt('/proj', { index: 2, count: 2 }), '/tmp/r.json')).toBe(
      '/tmp/r.shard-2-of-2.json',
    )
  })
})
