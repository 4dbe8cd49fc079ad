import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { readDataset } from '../../src/io/dataset.ts'
import { runCli, tempDir } from './run-cli.ts'

describe('arbigraph sweep', () => {
  test('writes one dataset per point, each reproducible alone with arbigraph generate and the point seed', async () => {
    const cwd = tempDir()
    const run = await runCli(
      [
        'sweep',
        'chain',
        '--vary',
        'length=1,3',
        '--samples-per-task',
        '1',
        '--targets',
        'Convolution',
        '--out',
        'sw',
      ],
      cwd,
    )
    expect(run.code).toBe(0)
    expect(run.err).toMatch(/length=3: 1 instances in \d+\.\d\d s → sw\/length-3\.jsonl/)
    expect(run.out).toMatch(/^length\s+size\s+cases\s+prompt tokens\s+tokens\/case$/m)
    expect(run.out).toMatch(/^total\s+2\s+[\d,]+\s+[\d,]+$/m)
    const point = await readDataset(join(cwd, 'sw/length-3.jsonl'))
    expect(point.manifest.spec).toMatchObject({ options: { length: 3 }, seed: '0/length=3' })
    const alone = await runCli(
      [
        'generate',
        'chain',
        '--length',
        '3',
        '--samples-per-task',
        '1',
        '--targets',
        'Convolution',
        '--seed',
        '0/length=3',
        '--out',
        'alone.jsonl',
      ],
      cwd,
    )
    expect(alone.code).toBe(0)
    expect(readFileSync(join(cwd, 'alone.jsonl'), 'utf8')).toBe(
      readFileSync(join(cwd, 'sw/length-3.jsonl'), 'utf8'),
    )
  })

  test('counts the same cost reading each written point back one instance at a time as --plan does from the instances as they come (on two threads)', async () => {
    const cwd = tempDir()
    const args = [
      'sweep',
      'random',
      '--vary',
      'nodes=8,40',
      '--samples-per-task',
      '1',
      '--targets',
      'DivisorSum,NTT',
    ]
    const written = await runCli([...args, '--out', 'sw'], cwd)
    const inMemory = await runCli([...args, '--plan', '--workers', '2'], cwd)
    expect(written.code).toBe(0)
    expect(inMemory.code).toBe(0)
    expect(written.out).toMatch(/^total\s+4\s+[\d,]+\s+[\d,]+$/m)
    expect(written.out).toBe(inMemory.out)
  })

  test('--plan counts a multichain branch sweep and a random-DAG fan-in sweep without writing', async () => {
    const cwd = tempDir()
    const branches = await runCli(
      [
        'sweep',
        'multichain',
        '--vary',
        'branches=2,4',
        '--branch-length',
        '3',
        '--samples-per-task',
        '1',
        '--targets',
        'Convolution',
        '--plan',
      ],
      cwd,
    )
    expect(branches.code).toBe(0)
    expect(branches.out).toMatch(/^branches\s+size/m)
    const fanIn = await runCli(
      [
        'sweep',
        'random',
        '--vary',
        'fan-in=1,2',
        '--nodes',
        '12',
        '--samples-per-task',
        '1',
        '--targets',
        'Convolution',
        '--plan',
      ],
      cwd,
    )
    expect(fanIn.code).toBe(0)
    expect(fanIn.out).toMatch(/^fanIn\s+size/m)
  })

  test.runIf(existsSync('/proc/self'))(
    'an --out folder that cannot be made (under procfs, where Node’s recursive mkdir spins) fails naming it',
    async () => {
      const cwd = tempDir()
      const run = await runCli(
        ['sweep', 'chain', '--vary', 'length=1,2', '--out', '/proc/arbigraph-nope/points'],
        cwd,
      )
      expect(run.code).not.toBe(0)
      expect(run.err).toContain('cannot create the folder "/proc/arbigraph-nope" (ENOENT)')
    },
  )

  test('bad sweeps are usage errors that say what to write', async () => {
    const cwd = tempDir()
    const cases: [string[], RegExp][] = [
      [['sweep', 'chain', '--plan'], /--vary expects <option>=<v1,v2,…>, e.g. "length=1,2,4,8", got ""/],
      [['sweep', 'chain', '--vary', 'length=1,x', '--plan'], /--vary length: "x" is not an integer ≥ 0/],
      [
        ['sweep', 'chain', '--vary', 'length=4,2', '--plan'],
        /sweep: vary\.length: values must be strictly increasing/,
      ],
      [
        ['sweep', 'chain', '--vary', 'length=1,2', '--length', '3', '--plan'],
        /--length is the varied option/,
      ],
      [['sweep', 'chain', '--vary', 'length=1,2'], /missing --out <dir> \(or --plan/],
      // 10⁷ tasks died out of heap after minutes, --plan too: refused before anything is built.
      [
        ['sweep', 'random', '--vary', 'nodes=8,10000000', '--plan'],
        /--vary nodes: 10000000 is past the largest point a sweep builds, 100000: every instance of a point is generated \(also for --plan/,
      ],
      [
        ['sweep', 'forgetting', '--vary', 'distractors=0,1', '--length', '3', '--plan'],
        /sweep: topology "forgetting" does not take --length/,
      ],
    ]
    for (const [argv, message] of cases) {
      const run = await runCli(argv, cwd)
      expect(run.code, argv.join(' ')).not.toBe(0)
      expect(run.err).toMatch(message)
    }
  })
})
