import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import type { Results } from '../../src/contracts/results.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { summarize } from '../../src/metrics/summarize.ts'
import { formatTable } from '../../src/report/format-table.ts'
import type { FixtureRun } from './run-fixture.ts'
import { runFixture } from './run-fixture.ts'

const dir = mkdtempSync(join(tmpdir(), 'arbigraph-reporters-'))
const out = (name: string) => join(dir, name)
const readResults = async (name: string): Promise<Results> =>
  decodeResults(await readFile(out(name), 'utf8'), name)

const runs: Record<string, FixtureRun> = {}

beforeAll(async () => {
  writeFileSync(out('step-summary.md'), 'earlier step\n')
  // Independent runs in parallel; the merge needs both blobs first.
  const [whole, broken, holds, badGate, shard1, shard2, refused] = await Promise.all([
    runFixture(['run', '--reporter=dot'], {
      ARBIGRAPH_RESULTS: out('whole.json'),
      ARBIGRAPH_MARKDOWN: out('whole.md'),
      GITHUB_STEP_SUMMARY: out('step-summary.md'),
    }),
    runFixture(['run'], {
      FIXTURE_INFRA: '0',
      FIXTURE_MODEL: 'qwen3.5-27b',
      ARBIGRAPH_RESULTS: out('broken.json'),
      ARBIGRAPH_MARKDOWN: out('broken.md'),
      ARBIGRAPH_GATE: 'chain/math.accuracy>=0.9,*.n>=1',
    }),
    runFixture(['run'], {
      FIXTURE_INFRA: '0',
      FIXTURE_MODEL: 'qwen3.5-27b',
      ARBIGRAPH_EPOCHS: '2',
      ARBIGRAPH_RESULTS: out('holds.json'),
      ARBIGRAPH_MARKDOWN: 'off',
      ARBIGRAPH_GATE: '*.ci_low>=0.2,baseline/gsm.case_mean==0.75',
    }),
    runFixture(['run'], { ARBIGRAPH_GATE: '*.acc>=0.5', ARBIGRAPH_RESULTS: out('never.json') }),
    runFixture(['run', '--shard=1/2', '--reporter=blob', `--outputFile.blob=${out('blobs/blob-1-2.json')}`], {
      ARBIGRAPH_RESULTS: out('shard-1.json'),
      ARBIGRAPH_GATE: 'chain/math.n>=1,baseline/gsm.n>=1',
    }),
    runFixture(['run', '--shard=2/2', '--reporter=blob', `--outputFile.blob=${out('blobs/blob-2-2.json')}`], {
      ARBIGRAPH_RESULTS: out('shard-2.json'),
    }),
    // Every rule would hold, but the records are simulated (sim:oracle).
    runFixture(['run'], {
      FIXTURE_INFRA: '0',
      ARBIGRAPH_RESULTS: out('refused.json'),
      ARBIGRAPH_MARKDOWN: out('refused.md'),
      ARBIGRAPH_GATE: '*.n>=1',
    }),
  ])
  Object.assign(runs, { whole, broken, holds, badGate, shard1, shard2, refused })
  runs.merged = await runFixture(['run', `--merge-reports=${out('blobs')}`], {
    ARBIGRAPH_ALLOW_SIMULATED: '1', // the fixture's records are simulated; this gate is on purpose
    ARBIGRAPH_RESULTS: out('merged.json'),
    ARBIGRAPH_GATE: 'chain/math.n>=1,baseline/gsm.n>=1',
  })
}, 240_000) // seven child Vitest runs at once: generous for a loaded machine

describe('reporters on a real Vitest run', () => {
  it('print the table even with --reporter=dot, naming the simulated model loudly', async () => {
    const { stdout } = runs.whole!
    expect(stdout).toContain('arbigraph · model sim:oracle · 7 trials')
    expect(stdout).toContain('⚠ SIMULATED MODEL (sim:oracle)')
    expect(stdout).toMatch(/chain\/math\s+4\s+0\.750\s+\[0\.301, 0\.954\]\s+0\.750/)
    expect(stdout).toContain(
      'chain/math: statuses context_length_exceeded 1, success 3 · wrong: propagated 1',
    )
  })

  it('write a results file that validates and recomputes to the printed table', async () => {
    const results = await readResults('whole.json')
    expect(results.records).toHaveLength(7)
    expect(results.run).toMatchObject({ shard: null, merged: false, reason: 'failed' })
    expect(stripAnsi(runs.whole!.stdout)).toContain(formatTable(summarize(results.records), results.model))
  })

  it('record a failed test without a record as an infrastructure error with its message', async () => {
    const results = await readResults('whole.json')
    const infra = results.records.filter((r) => r.infraError !== null)
    expect(infra).toHaveLength(1)
    expect(infra[0]).toMatchObject({
      topology: 'chain',
      category: 'math',
      task: 'DivSum',
      sample: 2,
      model: 'sim:oracle',
      infraError: { reason: 'endpoint failed: HTTP 503 after 3 retries' },
    })
    expect(stripAnsi(runs.whole!.stdout)).toMatch(/chain\/math .* 1 +2\n/)
  })

  it('`arbigraph report` prints the same table from the file', async () => {
    const lines: string[] = []
    const code = await reportCommand.run([out('whole.json')], {
      out: (l) => lines.push(l),
      err: () => {},
      cwd: dir,
    })
    expect(code).toBe(0)
    expect(stripAnsi(runs.whole!.stdout)).toContain(lines.join('\n'))
  })

  it('write the Markdown summary to a file and append it to $GITHUB_STEP_SUMMARY', async () => {
    const markdown = await readFile(out('whole.md'), 'utf8')
    expect(markdown).toContain('## arbigraph · model sim:oracle · 7 trials')
    expect(markdown).toContain('> [!WARNING]')
    expect(markdown).toContain('| chain/math | 4 | 0.750 | [0.301, 0.954] |')
    expect(await readFile(out('step-summary.md'), 'utf8')).toBe(`earlier step\n${markdown}`)
  })

  it('a broken gate rule sets exit code 1 and is printed, although every test passed', async () => {
    const { code, stdout, stderr } = runs.broken!
    expect(stdout).toMatch(/Tests\s+6 passed \| 1 skipped \(7\)/)
    expect(stdout).not.toMatch(/\bfailed\b/)
    expect(stderr).toContain('gate: rule "chain/math.accuracy>=0.9" is broken: chain/math has accuracy 0.75')
    expect(stderr).not.toContain('*.n>=1')
    expect(code).toBe(1)
    expect(await readFile(out('broken.md'), 'utf8')).toContain('**Gate broken:**')
  })

  it('a gate whose rules all hold leaves exit code 0; epochs add the per-case columns', async () => {
    const { code, stdout } = runs.holds!
    expect(stdout).toContain('gate: all 2 rule(s) hold')
    expect(stdout).toContain('arbigraph · model qwen3.5-27b · 8 trials')
    expect(stdout).not.toContain('SIMULATED')
    expect(stdout).toMatch(/cell\s+n\s+cases\s+case-mean\s+all-epochs/)
    expect(stdout).toMatch(/baseline\/gsm\s+4\s+2\s+0\.750\s+0\.500\s+0\.750/)
    expect(code).toBe(0)
  })

  it('a gate on simulated results refuses to judge and exits 1, saying so, although every rule holds', async () => {
    const { code, stdout, stderr } = runs.refused!
    expect(stdout).toMatch(/Tests\s+6 passed \| 1 skipped \(7\)/)
    expect(stderr).toContain('gate: refused — these results are SIMULATED (model "sim:oracle")')
    expect(stderr).toContain('ARBIGRAPH_ALLOW_SIMULATED=1')
    expect(stdout).not.toContain('rule(s) hold')
    expect(code).toBe(1)
    expect(await readFile(out('refused.md'), 'utf8')).toContain(
      '**Gate refused:** these results are SIMULATED',
    )
  })

  it('a malformed gate stops the run at startup with one message naming the rule, writing nothing', () => {
    const { code, stdout, stderr } = runs.badGate!
    expect(code).toBe(1)
    expect(stderr.trim()).toMatch(
      /^arbigraph: ARBIGRAPH_GATE rule "\*\.acc>=0\.5": unknown metric "acc" \(metrics: [^\n]*\)$/,
    )
    expect(stdout).toBe('')
    expect(existsSync(out('never.json'))).toBe(false)
  })

  it('blob shards merged with --merge-reports reproduce the whole run’s results', async () => {
    const [whole, merged, one, two] = await Promise.all(
      ['whole.json', 'merged.json', 'shard-1.json', 'shard-2.json'].map(readResults),
    )
    expect(one!.run.shard).toEqual({ index: 1, count: 2 })
    expect(two!.run.shard).toEqual({ index: 2, count: 2 })
    expect(one!.records.length + two!.records.length).toBe(7)
    expect(merged!.run.merged).toBe(true)
    expect(merged!.records).toEqual(whole!.records)
    expect(merged!.model).toBe(whole!.model)
    expect(runs.merged!.stdout).toMatch(/chain\/math\s+4\s+0\.750/)
  })

  it('the gate stands aside in a shard (it sees only some cells) and applies to the merge', () => {
    expect(runs.shard1!.stdout).toContain('gate: skipped in shard 1/2; it applies to --merge-reports')
    expect(runs.shard1!.stderr).not.toContain('is broken')
    expect(runs.merged!.stdout).toContain('gate: all 2 rule(s) hold')
  })
})

function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes start with ESC
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}
