import { describe, expect, test } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { builtinsModule } from '../../src/builtins.ts'
import { ChunkClaims } from '../../src/generate/chunk-schedule.ts'
import { planDataset } from '../../src/generate/dataset-plan.ts'
import { type ChunkRequest, makeChunk } from '../../src/generate/generate-chunk.ts'
import { startGenerationHelper } from '../../src/generate/generation-threads.ts'

const spec = {
  topology: 'chain',
  options: { length: 3 },
  categories: ['math'],
  samplesPerTask: 2,
  seed: 't',
  targets: ['DivisorSum', 'FWHT'],
}

describe('a generation helper thread', () => {
  test('makes a chunk it claims, and skips one another thread claimed first', async () => {
    const plan = planDataset(spec, defaultRegistry())
    const jobs = [{ target: 'FWHT', sample: 1 }]
    const request = (claim?: ChunkRequest['claim']): ChunkRequest => ({
      spec: plan.spec,
      cwd: process.cwd(),
      jobs,
      shape: 'lines',
      resolved: { family: plan.family, targets: plan.targets },
      builtins: builtinsModule(),
      ...(claim ? { claim } : {}),
    })
    const claims = new ChunkClaims(2)
    const slots = claims.shared
    const helper = startGenerationHelper(request())
    try {
      await helper.ready
      // Chunk 0 claimed here first: the helper leaves it alone.
      expect(claims.claim(0)).toBe(true)
      expect(await helper.run(request({ slots, index: 0 }))).toEqual({ claimedElsewhere: true })
      // Chunk 1 is the helper's: it makes it, the same line as this thread's, and holds the claim.
      const made = await helper.run(request({ slots, index: 1 }))
      expect(made).toEqual({ items: await makeChunk(plan, jobs, 'lines') })
      expect(claims.claim(1)).toBe(false)
    } finally {
      await helper.stop()
    }
  })
})
