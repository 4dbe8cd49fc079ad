/**
 * A user's own harness is one file registered from arbigraph.config.ts: a temp project (outside
 * the repository, as a user's would be) holds `toy-harness.ts`, a config that registers it, and
 * two suites, one selecting it by name and one passing the value itself. Real `vitest run` with
 * our plugin (reporters included) must run every case through it against the simulator and record
 * `harness: 'toy-harness'`; an unknown name must fail the suite with a message listing the known.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { FixtureRun } from '../reporters/run-fixture.ts'
import { runFixture } from '../reporters/run-fixture.ts'

// The project imports arbigraph's entry points, as a user's does through `arbigraph` and `arbigraph/vitest`.
const repo = join(import.meta.dirname, '..', '..')
const src = join(repo, 'src')
const project = mkdtempSync(join(tmpdir(), 'arbigraph-user-harness-'))

const files: Record<string, string> = {
  'package.json': '{ "name": "my-benchmarks", "private": true, "type": "module" }\n',
  // The whole harness: one request with tools off, the boxed answers read back.
  'toy-harness.ts': `
import { ArbigraphError, boxedAnswers, defineHarness, reportedTranscript } from '${repo}/index.ts'

export const toyHarness = defineHarness({
  name: 'toy-harness',
  async run(testCase, { endpoint, model, apiKey, signal, requestFields, log }) {
    const response = await fetch(\`\${endpoint}/chat/completions\`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: \`Bearer \${apiKey}\` },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: testCase.prompt }],
        tool_choice: 'none', // answer at once, no tools
        ...requestFields,
      }),
      signal,
    })
    if (!response.ok) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', \`toy-harness: HTTP \${response.status}\`)
    const completion = await response.json()
    const text = completion.choices[0].message.content ?? ''
    log(\`answered in \${text.length} characters\`)
    const answers = boxedAnswers(text, testCase.expected)
    const usage = { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens }
    return { answers, transcript: reportedTranscript({ answers, turns: [{ text }], usage }, testCase.expected) }
  },
})
`,
  'arbigraph.config.ts': `
import { defineConfig } from '${src}/config.ts'
import { toyHarness } from './toy-harness.ts'

export default defineConfig({ plugins: [{ name: 'my-agents', harnesses: [toyHarness] }] })
`,
  // The plugin as the test run built it (test/setup/built-plugin.ts), loaded as an installed package is.
  'vitest.config.ts': `
const { arbigraph } = await import(process.env.TEST_RUN_PLUGIN)

export default { plugins: [arbigraph()], test: { include: ['suites/**/*.eval.ts'] } }
`,
  'suites/by-name.eval.ts': `
import { defineSuite } from '${repo}/vitest.ts'

defineSuite({ topology: 'chain', options: { length: 2 }, category: 'math', targets: ['DivisorSum', 'Convolution'], samplesPerTask: 2, harness: 'toy-harness' })
`,
  'suites/by-value.eval.ts': `
import { defineSuite } from '${repo}/vitest.ts'
import { toyHarness } from '../toy-harness.ts'

defineSuite({ topology: 'baseline', category: 'math', targets: ['FWHT'], samplesPerTask: 2, harness: toyHarness })
`,
}

const runs: Record<string, FixtureRun> = {}
const results = (name: string) =>
  (JSON.parse(readFileSync(join(project, name), 'utf8')) as { records: CaseRecord[] }).records

beforeAll(async () => {
  mkdirSync(join(project, 'suites'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text)
  const env = (name: string) => ({
    ARBIGRAPH_SIM: 'sim:oracle',
    ARBIGRAPH_CACHE_DIR: join(project, `cache-${name}`),
    ARBIGRAPH_RESULTS: join(project, `${name}.json`),
  })
  const [good, unknown] = await Promise.all([
    runFixture(['run'], env('good'), project),
    runFixture(
      ['run', 'suites/by-value.eval.ts'],
      { ...env('unknown'), ARBIGRAPH_HARNESS: 'their-agent' },
      project,
    ),
  ])
  Object.assign(runs, { good, unknown })
}, 240_000)

describe('a harness registered in arbigraph.config.ts', () => {
  it('answers every case of both suites, graded by our reporters, recorded under its name', () => {
    const { code, stdout, stderr } = runs.good!
    expect(code, stdout + stderr).toBe(0)
    const records = results('good.json')
    expect(records).toHaveLength(6)
    expect(records.every((r) => r.harness === 'toy-harness' && r.grade?.correct === true)).toBe(true)
    expect(records.every((r) => r.turns === 1 && r.tokens.prompt > 0)).toBe(true)
    expect(stdout).toMatch(/chain\/math\s+4\s+1\.000/)
    expect(stdout).toMatch(/baseline\/math\s+2\s+1\.000/)
    expect(stderr).toMatch(/\[toy-harness\] DivisorSumTask #0: answered in \d+ characters/)
  })

  it('is chosen by ARBIGRAPH_HARNESS; an unknown name fails naming the known ones', () => {
    const { code, stdout, stderr } = runs.unknown!
    expect(code).not.toBe(0)
    expect(stdout + stderr).toContain(
      'ARBIGRAPH_HARNESS: unknown harness "their-agent" (known: "tool-agent", "toy-harness"; ',
    )
  })
})
