import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CliIo } from '../../src/cli/command.ts'
import { compareCommand } from '../../src/cli/commands/compare.ts'
import type { SimRun } from '../dashboard/make-run.ts'
import { simRun } from '../dashboard/make-run.ts'
import { tempDir } from './run-cli.ts'

/** `arbigraph compare <argv…>`, with output captured. */
async function compare(argv: string[], cwd = '/') {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), cwd }
  const code = await compareCommand.run(argv, io)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const suites = [
  { topology: 'chain', category: 'math' },
  { topology: 'baseline', category: 'math' },
]

describe('arbigraph compare on sim:noisy runs', () => {
  let quiet: SimRun
  let quietAgain: SimRun
  let loud: SimRun

  beforeAll(async () => {
    // Noise 0.2 vs 8: the wrong-value probability rises from about 1-2% to its 95% cap.
    quiet = await simRun({ suites, noise: 0.2, samplesPerTask: 2 })
    quietAgain = await simRun({ suites, noise: 0.2, samplesPerTask: 2 })
    loud = await simRun({ suites, noise: 8, samplesPerTask: 2 })
  })

  it('flags the degraded cells and exits 1 when run B is much noisier', async () => {
    const result = await compare([quiet.file, loud.file])
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/compare: chain\/math dropped \d+\.\d% → \d+\.\d% \(lost \d+, won \d+, p = /)
    expect(result.err).toContain('regressed — exit code 1')
    expect(result.out).toMatch(/chain\/math .* degraded/)
  })

  it('exits 0 on two identical runs', async () => {
    const result = await compare([quiet.file, quietAgain.file])
    expect(result.out).toContain('no cell dropped significantly')
    expect(result.out).not.toContain('degraded')
    // A difference the paired test cannot tell from noise is "not significant", never "same".
    expect(result.out).toMatch(/^chain\/math .* not significant$/m)
    expect(result.out).not.toMatch(/\bsame\b/)
    expect(result.code).toBe(0)
  })

  it('exits 0 when B improves on A (the gate is one-sided)', async () => {
    const result = await compare([loud.file, quiet.file])
    expect(result.out).toMatch(/improved/)
    expect(result.code).toBe(0)
  })

  it('writes a dashboard with a compare page on --html', async () => {
    const dir = join(tempDir(), 'cmp')
    const result = await compare([quiet.file, loud.file, '--html', dir])
    expect(result.out).toContain(`dashboard: ${dir}/index.html#/compare`)
    const summary = readFileSync(join(dir, 'data', 'summary.js'), 'utf8')
    expect(summary).toContain('"compare":{"alpha":0.05')
    expect(summary).toContain('"failing":["baseline/math","chain/math"]')
    expect(existsSync(join(dir, 'app', 'compare.js'))).toBe(true)
  })

  it('rejects a bad --alpha and a missing file with messages that say what is wrong', async () => {
    await expect(compare([quiet.file, loud.file, '--alpha', '5'])).rejects.toMatchObject({
      code: 'ARBIGRAPH_USAGE',
      message: expect.stringContaining('--alpha expects a number in (0, 1), got "5"'),
    })
    await expect(compare([quiet.file, '/nope.json'])).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_INPUT',
      message: '/nope.json: no such file',
    })
    await expect(compare([quiet.file])).rejects.toMatchObject({ code: 'ARBIGRAPH_USAGE' })
  })
})
