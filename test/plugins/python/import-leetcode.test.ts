import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { analyzeFunction } from '../../../plugins/python/analysis/index.ts'
import { loadPoolFile } from '../../../plugins/python/pool.ts'
import { PYTHON_POOL_ENV } from '../../../plugins/python/pool-env.ts'
import { runCli, tempDir } from '../../cli/run-cli.ts'

// Shares its worker: `generate --python-pool` points the python category at the pool for the rest
// of the process, as it should for the CLI; this worker goes on with other files, so put the
// variable back.
const poolEnvBefore = process.env[PYTHON_POOL_ENV]
afterAll(() => {
  if (poolEnvBefore === undefined) delete process.env[PYTHON_POOL_ENV]
  else process.env[PYTHON_POOL_ENV] = poolEnvBefore
})

const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? resolve(import.meta.dirname, '../../../../shared/reference')
const train = join(referenceDir, 'leetcode/LeetCodeDataset-v0.2.0-train.jsonl.gz')
const present = existsSync(train)
if (!present) console.warn(`import-leetcode tests skipped: missing ${train}`)

describe.skipIf(!present)('arbigraph import-leetcode', () => {
  const cwd = tempDir()

  it('keeps int / List[int] functions that run and chain, and says why it drops the rest', async () => {
    // 1 two-sum, 3 a str function, 7 reverse-integer, 11 container-with-most-water, 322 coin-change.
    const run = await runCli(['import-leetcode', train, '--ids', '1,3,7,11,322', '--out', 'pool.json'], cwd)
    expect(run.code, run.err).toBe(0)
    expect(run.out).toMatch(/^kept \d+ of 5 functions/)
    const pool = loadPoolFile(join(cwd, 'pool.json'))
    const ids = pool.functions.map((f) => f.id)
    expect(ids).toContain('container-with-most-water')
    expect(ids).toContain('reverse-integer')
    for (const fn of pool.functions)
      expect(analyzeFunction(fn.source, { name: fn.function }).params.length).toBeGreaterThan(0)
    const file = JSON.parse(readFileSync(join(cwd, 'pool.json'), 'utf8'))
    const dropped = new Map<string, string>(
      file.dropped.map((d: { id: string; reason: string }) => [d.id, d.reason]),
    )
    expect(dropped.get('longest-substring-without-repeating-characters')).toMatch(
      /^signature: parameter "s" is str/,
    )
    expect(dropped.get('coin-change')).toMatch(/^fails-to-run: .*IndexError/)
    expect(ids.length + dropped.size).toBe(5)
  }, 300_000)

  it('the generator draws python tasks from the pool (--python-pool) and they validate', async () => {
    const gen = await runCli(
      [
        'generate',
        'chain',
        '--length',
        '2',
        '--category',
        'python',
        '--python-pool',
        'pool.json',
        '--samples-per-task',
        '1',
        '--out',
        'chain.jsonl',
      ],
      cwd,
    )
    expect(gen.code, gen.err).toBe(0)
    const lines = readFileSync(join(cwd, 'chain.jsonl'), 'utf8').trimEnd().split('\n').slice(1)
    const pool = loadPoolFile(join(cwd, 'pool.json'))
    expect(lines).toHaveLength(pool.functions.length)
    for (const line of lines) expect(JSON.parse(line).nodes[0].preprocess.origin).toBe(pool.origin)
    const check = await runCli(['validate', 'chain.jsonl'], cwd)
    expect(check.code, check.out + check.err).toBe(0)
  }, 300_000)

  it('a missing file is a clear error', async () => {
    const run = await runCli(['import-leetcode', 'nope.jsonl.gz', '--out', 'p.json'], cwd)
    expect(run.code).not.toBe(0)
    expect(run.err).toContain('nope.jsonl.gz: no such file')
  })
})
