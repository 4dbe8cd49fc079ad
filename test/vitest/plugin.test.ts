import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  BUILTIN_TAGS,
  GLOBAL_SETUP,
  SUITE_FILES,
  suiteSettings,
  workerConcurrency,
} from '../../src/vitest/plugin.ts'

const ROOT = join(import.meta.dirname, '../..')

describe('the arbigraph() plugin settings', () => {
  it('give a bare config everything the suites need', () => {
    const settings = suiteSettings({}, {})
    expect(settings).toMatchObject({
      include: SUITE_FILES,
      globalSetup: [join(ROOT, 'src/vitest/global-setup.ts')],
      testTimeout: 24 * 3_600_000,
      hookTimeout: 600_000,
      maxConcurrency: 32,
      strictTags: false,
    })
    expect(settings.tags?.map((t) => t.name)).toEqual([...BUILTIN_TAGS])
  })

  it("keep the user's own settings, and add the globalSetup and tags only once", () => {
    const settings = suiteSettings(
      {
        include: ['bench/**/*.ts'],
        globalSetup: [GLOBAL_SETUP],
        testTimeout: 5,
        hookTimeout: 6,
        maxConcurrency: 7,
        strictTags: true,
        tags: [{ name: 'chain' }, { name: 'mine' }],
      },
      {},
    )
    expect(settings).not.toHaveProperty('include')
    expect(settings).not.toHaveProperty('globalSetup')
    expect(settings).not.toHaveProperty('testTimeout')
    expect(settings).not.toHaveProperty('strictTags')
    expect(settings.tags?.map((t) => t.name)).not.toContain('chain')
    expect(settings.tags?.map((t) => t.name)).toContain('math')
  })

  it('take the per-worker concurrency from ARBIGRAPH_CONCURRENCY, ignoring a bad value', () => {
    expect(workerConcurrency({ ARBIGRAPH_CONCURRENCY: ' 8 ' })).toBe(8)
    expect(workerConcurrency({ ARBIGRAPH_CONCURRENCY: 'many' })).toBe(32)
    expect(suiteSettings({}, { ARBIGRAPH_CONCURRENCY: '3' }).maxConcurrency).toBe(3)
  })
})
