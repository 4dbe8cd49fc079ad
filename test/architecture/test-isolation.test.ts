/**
 * Unit test files share workers unless test/setup/isolated-tests.ts lists them: a file that
 * changes process-wide state a later file of the same worker would see must be listed, or put
 * the state back and say so in a comment starting `Shares its worker:` (how it puts it back).
 * Scanned: every test file and test helper module (fixtures aside) for plain writes to
 * `process.env`, module mocks, fake timers and `process.chdir`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED } from '../setup/isolated-tests.ts'

const repo = join(import.meta.dirname, '../..')

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures') yield* testFiles(path)
    } else if (entry.name.endsWith('.ts') && entry.name !== 'fixtures') yield relative(repo, path)
  }
}

/** What changes the process for whoever runs next in the same worker. */
const PROCESS_STATE = [
  /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /\bdelete\s+process\.env\b/,
  /\bObject\.assign\(\s*process\.env\b/,
  /\bvi\.(?:mock|doMock)\(/,
  /\bvi\.useFakeTimers\(/,
  /\bprocess\.chdir\(/,
]

/** `test/plugins/python/**\/*.test.ts` as a test of a path. */
const globTest = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  )

describe('test isolation', () => {
  const isolated = ISOLATED.map(globTest)
  // This file names the patterns in its own examples.
  const files = [...testFiles(join(repo, 'test'))].filter(
    (file) => file !== relative(repo, import.meta.filename),
  )

  it('lists every file that changes process-wide state and does not put it back', () => {
    const unlisted = files.filter((file) => {
      const text = readFileSync(join(repo, file), 'utf8')
      return (
        PROCESS_STATE.some((pattern) => pattern.test(text)) &&
        !/\/\/ Shares its worker: |\* Shares its worker: /.test(text) &&
        !isolated.some((test) => test.test(file))
      )
    })
    expect(unlisted, 'add these to test/setup/isolated-tests.ts').toEqual([])
  })

  it('names only files and folders that exist', () => {
    for (const [i, glob] of ISOLATED.entries())
      expect(
        files.some((file) => isolated[i]!.test(file)),
        glob,
      ).toBe(true)
  })

  it('catches what it is meant to catch', () => {
    const caught = (text: string) => PROCESS_STATE.some((pattern) => pattern.test(text))
    expect(caught('process.env.ARBIGRAPH_X = "1"')).toBe(true)
    expect(caught("process.env['X'] = y")).toBe(true)
    expect(caught('delete process.env.X')).toBe(true)
    expect(caught("vi.mock('../x.ts')")).toBe(true)
    expect(caught('vi.useFakeTimers()')).toBe(true)
    expect(caught("vi.stubEnv('X', '1')")).toBe(false)
    expect(caught('if (process.env.X === "1")')).toBe(false)
  })
})
