import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  BUILTIN_TAGS,
  GLOBAL_SETUP,
  SUITE_FILES,
  suiteSettings,
  testTimeout,
  workerConcurrency,
} from '../../src/vitest/plugin.ts'

const ROOT = join(import.meta.dirname, '../..')

describe('the arbigraph() plugin settings', () => {
  it('give a bare config everything the suites need', () => {
    const settings = suiteSettings({}, {})
    expect(settings).toMatchObject({
      include: SUITE_FILES,
      globalSetup: [join(ROOT, 'src/vitest/global-setup.ts')],
      testTimeout: 7200_000 + 60_000,
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

  it('set the test timeout a minute past the case deadline, so the deadline comes first', () => {
    expect(suiteSettings({}, { ARBIGRAPH_CASE_TIMEOUT: '30' }).testTimeout).toBe(90_000)
    // A bad value is the settings check's to report; the default stands in until then.
    expect(testTimeout({ ARBIGRAPH_CASE_TIMEOUT: 'soon' })).toBe(7200_000 + 60_000)
  })

  it('take the per-worker concurrency from ARBIGRAPH_CONCURRENCY, ignoring a bad value', () => {
    expect(workerConcurrency({ ARBIGRAPH_CONCURRENCY: ' 8 ' })).toBe(8)
    expect(workerConcurrency({ ARBIGRAPH_CONCURRENCY: 'many' })).toBe(32)
    expect(suiteSettings({}, { ARBIGRAPH_CONCURRENCY: '3' }).maxConcurrency).toBe(3)
  })
})
