import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { gsm } from '../../../plugins/gsm/index.ts'
import { defaultRegistry } from '../../../plugins/index.ts'
import { generateDataset } from '../../../src/generate/generate-dataset.ts'
import { runCli, tempDir } from '../../cli/run-cli.ts'

// Apple-format files written for this test (our own text): one good, one broken, one overridden.
const good =
  '{name,Ann} has {n,4} bags of {k,6} plums. How many?\n\n#init:\n- name = sample(names)\n- $n = range(1, 100)\n- $k = range(2, 9)\n\n#answer: n * k + n - k * 2'
const broken = '{x,3} apples.\n\n#init:\n- $x = np.random.randint(1, 5, 3)\n\n#answer: x + 1'
const fixed =
  '{x,3} apples and {y,2} pears.\n\n#init:\n- $x = range(0, 100)\n- $y = range(1, 5)\n\n#answer: (x + y) * 2 - y + 1'

function folder(): { dir: string; templates: string; overrides: string } {
  const dir = tempDir()
  const templates = join(dir, 'symbolic')
  const overrides = join(dir, 'corrected')
  mkdirSync(templates)
  mkdirSync(overrides)
  const write = (d: string, f: string, q: string) =>
    writeFileSync(join(d, f), JSON.stringify({ question: 'q', question_annotated: q }))
  write(templates, '0000.json', good)
  write(templates, '0001.json', broken)
  write(templates, '0002.json', broken)
  write(overrides, '0002.json', fixed)
  writeFileSync(join(templates, '0003.json'), JSON.stringify({ question: 'no annotation' }))
  return { dir, templates, overrides }
}

describe('arbigraph import-gsm-symbolic', () => {
  test('writes a pool of the usable templates and lists the others with a reason', async () => {
    const { dir } = folder()
    const run = await runCli(
      ['import-gsm-symbolic', 'symbolic', '--overrides', 'corrected', '--out', 'pool.json'],
      dir,
    )
    expect(run.code).toBe(0)
    expect(run.out).toContain('cannot use 0001: x: unsupported domain "np.random.randint(1, 5, 3)"')
    expect(run.out).toContain('cannot use 0003: no question_annotated field')
    expect(run.out).toContain('pool: 2/4 templates instantiate (2 with at least 4 operations)')
    const pool = JSON.parse(readFileSync(join(dir, 'pool.json'), 'utf8'))
    expect(pool.schema).toBe('arbigraph.gsm-pool/1')
    expect(pool.templates.map((t: { id: string; overridden: boolean }) => [t.id, t.overridden])).toEqual([
      ['0000', false],
      ['0002', true],
    ])
  })

  test('with ARBIGRAPH_GSM_POOL set, the gsm category uses the pool (as generate --gsm-pool does)', async () => {
    const { dir } = folder()
    await runCli(['import-gsm-symbolic', 'symbolic', '--overrides', 'corrected', '--out', 'pool.json'], dir)
    const before = process.env.ARBIGRAPH_GSM_POOL
    // Shares its worker: the variable is put back in `finally`.
    process.env.ARBIGRAPH_GSM_POOL = join(dir, 'pool.json')
    try {
      expect(gsm.templates.map((t) => [t.id, t.referenceName])).toEqual([
        ['GSM_0000', 'GSM_0000.json'],
        ['GSM_0002', 'GSM_0002.json'],
      ])
      const { instances } = await generateDataset(
        { topology: 'chain', options: { length: 2 }, categories: ['gsm'], samplesPerTask: 1, seed: 'p' },
        { registry: defaultRegistry() },
      )
      expect(instances.map((i) => i.task)).toEqual(['GSM_0000', 'GSM_0002'])
    } finally {
      if (before === undefined) delete process.env.ARBIGRAPH_GSM_POOL
      else process.env.ARBIGRAPH_GSM_POOL = before
    }
    expect(gsm.templates.length).toBeGreaterThanOrEqual(41)
  })

  test('a missing --out or folder is reported', async () => {
    const { dir } = folder()
    const usage = await runCli(['import-gsm-symbolic', 'symbolic'], dir)
    expect(usage.code).toBe(2)
    expect(usage.err).toContain('missing --out <pool.json>')
    const run = await runCli(['import-gsm-symbolic', 'nowhere', '--out', 'p.json'], dir)
    expect(run.code).toBe(2)
    expect(run.err).toContain('template folder')
    expect(run.err).toContain('does not exist')
  })
})
