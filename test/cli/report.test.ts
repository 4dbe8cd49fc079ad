import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { makeRecord } from '../metrics/make-record.ts'
import { runCommand } from './reference-io.ts'
import { runCli, tempDir } from './run-cli.ts'

const run = { started: 's', finished: 'f', reason: 'passed', shard: null, merged: false, env: {} } as const
const dir = tempDir()
const file = join(dir, 'results.json')
writeFileSync(
  file,
  JSON.stringify(
    buildResults(
      [
        makeRecord({ task: 'MulMod', sample: 0 }),
        makeRecord({ task: 'MulMod', sample: 1, correct: false, attribution: 'stale' }),
        makeRecord({ task: 'DivSum', sample: 0 }),
        makeRecord({ task: 'DivSum', sample: 1, infra: 'HTTP 503' }),
      ],
      run,
      'test',
    ),
  ),
)

const report = (argv: string[]) => runCommand(reportCommand, argv, dir)

describe('arbigraph report', () => {
  it('recomputes the table from the records', async () => {
    const { code, out } = await report(['results.json'])
    expect(code).toBe(0)
    expect(out).toContain('arbigraph · model qwen3.5-27b · 4 trials')
    expect(out).toMatch(/chain\/math\s+3\s+0\.667\s+\[0\.208, 0\.939\]/)
    expect(out).toContain('chain/math: statuses success 3 · wrong: stale 1')
    expect(out).not.toContain('chain/math/')
  })

  it('--by-task adds a row per target task', async () => {
    const { out } = await report(['results.json', '--by-task'])
    expect(out).toMatch(/chain\/math\/DivSum\s+1\s+1\.000/)
    expect(out).toMatch(/chain\/math\/MulMod\s+2\s+0\.500/)
  })

  it('--markdown prints the Markdown summary', async () => {
    const { out } = await report(['results.json', '--markdown'])
    expect(out).toContain('## arbigraph · model qwen3.5-27b · 4 trials')
    expect(out).toContain('| chain/math | 3 | 0.667 |')
  })

  it('--gate: exit 1 and each broken rule on stderr; 0 when all hold', async () => {
    const broken = await report(['results.json', '--gate', 'chain/math.accuracy>=0.7,*.infra_errors==0'])
    expect(broken.code).toBe(1)
    expect(broken.err).toContain(
      'gate: rule "chain/math.accuracy>=0.7" is broken: chain/math has accuracy 0.6667',
    )
    expect(broken.err).toContain('gate: rule "*.infra_errors==0" is broken: chain/math has infra_errors 1')
    const holds = await report(['results.json', '--gate', 'chain/math/MulMod.accuracy==0.5'])
    expect(holds.code).toBe(0)
    expect(holds.out).toContain('gate: all 1 rule(s) hold')
  })

  it('a bad gate rule is an error naming the rule and --gate', async () => {
    const { code, err } = await runCli(['report', 'results.json', '--gate', '*.accuracy>=95'], dir)
    expect(code).toBe(1)
    expect(err).toContain('arbigraph report: --gate rule "*.accuracy>=95": accuracy is a rate in [0, 1]')
  })

  it('refuses the bypass: a simulated file edited to "simulated": false, or to a real model name', async () => {
    const simulated = buildResults([makeRecord({ model: 'sim:oracle' })], run, 'test')
    expect(simulated.simulated).toBe(true)
    const write = (name: string, edit: object) =>
      writeFileSync(join(dir, name), JSON.stringify({ ...simulated, ...edit }))
    write('flag-edited.json', { simulated: false })
    await expect(report(['flag-edited.json', '--gate', '*.accuracy>=0.5'])).rejects.toThrow(
      'flag-edited.json: simulated: false, but its records say true (model "sim:oracle", served by the simulated endpoint); the file was edited (restore the field, or rerun)',
    )
    write('model-edited.json', { model: 'qwen3', simulated: false })
    await expect(report(['model-edited.json'])).rejects.toThrow(
      'model-edited.json: model: "qwen3", but its records say "sim:oracle"; the file was edited',
    )
    // As written, the table warns and the gate refuses: one rule decides both.
    write('as-written.json', {})
    const saved = process.env.ARBIGRAPH_ALLOW_SIMULATED
    // Shares its worker: the variable is put back in `finally`.
    delete process.env.ARBIGRAPH_ALLOW_SIMULATED
    try {
      const gated = await report(['as-written.json', '--gate', '*.accuracy>=0.5'])
      expect(gated.out).toContain('SIMULATED MODEL (sim:oracle)')
      expect([gated.code, gated.err]).toEqual([
        1,
        expect.stringContaining('gate: refused — these results are SIMULATED'),
      ])
    } finally {
      if (saved !== undefined) process.env.ARBIGRAPH_ALLOW_SIMULATED = saved
    }
  })

  it('rejects an invalid results file, naming the file and the field', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ schema: 'arbigraph.results/1', records: [] }))
    await expect(report(['bad.json'])).rejects.toThrow(/^bad\.json: /)
    await expect(report(['missing.json'])).rejects.toThrow('missing.json: no such file')
    await expect(report([])).rejects.toMatchObject({ code: 'ARBIGRAPH_USAGE' })
  })
})
