/**
 * Every runnable example of the documentation is a file under docs/examples/ that a page shows
 * byte for byte (see doc-examples.ts), and this file runs them all, as a user would:
 * - the toy benchmark, the harness, the task category and the Vitest config are laid out in one
 *   fresh project (each in its own folder, the way the pages place its files) and run by the
 *   command of the CI workflow `arbigraph init` writes (docs/examples/ci/arbigraph.yml), with
 *   that step's environment, against the simulator; every case must be answered and graded
 *   right, and the files the workflow uploads must exist;
 * - their types are checked by `npm run typecheck` (tsconfig.json includes docs/examples and maps
 *   `arbigraph` to the sources), and against the published declarations under init's own
 *   tsconfig by the consumer test (scripts/consumer-test.sh);
 * - the HTTP agent (examples/http-agent/server.mjs) runs end to end in
 *   test/harness/http-agent-e2e.test.ts.
 * A marked block that no test here covers fails, and so does a covered example no page shows.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectFiles } from '../../src/init/project-files.ts'
import type { FixtureRun } from '../reporters/run-fixture.ts'
import { runFixture } from '../reporters/run-fixture.ts'
import { docBlocks, docPages, looksLikeAFile, REPO } from './doc-examples.ts'

/** The example folders laid out in the project, each with its arbigraph.config.ts. */
const PROJECT_PARTS = ['echo', 'harness', 'tasks']

/** Every runnable example, and what runs it. */
const COVERED: Record<string, string> = {
  'docs/examples/vitest.config.ts': 'the project run (its config)',
  'docs/examples/echo/echo-benchmark.ts': 'the project run',
  'docs/examples/echo/suites/echo.eval.ts': 'the project run',
  'docs/examples/echo/arbigraph.config.ts': 'the project run',
  'docs/examples/harness/my-agent.ts': 'the project run',
  'docs/examples/harness/arbigraph.config.ts': 'the project run',
  'docs/examples/harness/suites/my-agent.eval.ts': 'the project run',
  'docs/examples/tasks/arbigraph.config.ts': 'the project run',
  'docs/examples/tasks/suites/chain.eval.ts': 'the project run',
  'docs/examples/ci/arbigraph.yml': 'the project run (its commands and environment)',
  'examples/http-agent/server.mjs': 'test/harness/http-agent-e2e.test.ts',
}

const blocks = docPages().flatMap(docBlocks)
const marked = blocks.filter((b) => b.example !== undefined)

describe('the documentation shows its runnable examples as the tested files', () => {
  it('every marked block is its example file, byte for byte', () => {
    expect(marked.length).toBeGreaterThan(0)
    for (const block of marked) {
      const where = `${block.page}:${block.line} (${block.example})`
      const file = join(REPO, block.example!)
      expect(existsSync(file), `${where}: no such file`).toBe(true)
      // A long file may be shown from a line on: the block is then the file's tail.
      expect(readFileSync(file, 'utf8'), `${where}: the block differs from the file`).toBe(block.text)
    }
  })

  it('every marked example is covered by a test here, and every covered one is shown', () => {
    const shown = new Set(marked.map((b) => b.example!))
    for (const example of shown)
      expect(COVERED[example], `${example} is shown in the docs but no test runs it`).toBeDefined()
    for (const example of Object.keys(COVERED))
      if (!example.startsWith('examples/'))
        expect(shown.has(example), `${example} is tested but no page shows it`).toBe(true)
    expect(readFileSync(join(REPO, 'test/harness/http-agent-e2e.test.ts'), 'utf8')).toContain(
      "'examples', 'http-agent', 'server.mjs'",
    )
  })

  it('no block that names a file is left unmarked', () => {
    const unmarked = blocks.filter((b) => b.example === undefined && looksLikeAFile(b))
    expect(unmarked.map((b) => `${b.page}:${b.line}: ${b.text.split('\n')[0]}`)).toEqual([])
  })

  it('the CI workflow is the one `arbigraph init` writes', () => {
    const written = projectFiles().find((f) => f.path === '.github/workflows/arbigraph.yml')!
    expect(readFileSync(join(REPO, 'docs/examples/ci/arbigraph.yml'), 'utf8')).toBe(written.content)
  })
})

/**
 * The workflow's `run:` commands (a `run: |` block as its lines joined by newlines), each with
 * its step's `env:` (GitHub expressions unset).
 */
function workflowSteps(yaml: string): { run: string; env: Record<string, string> }[] {
  const steps: { run: string; env: Record<string, string> }[] = []
  let inEnv = false
  let block: { indent: number; lines: string[] } | undefined
  for (const line of yaml.split('\n')) {
    if (block) {
      const indent = /^\s*/.exec(line)![0].length
      if (line.trim() !== '' && indent >= block.indent) {
        block.lines.push(line.slice(block.indent))
        steps.at(-1)!.run = block.lines.join('\n')
        continue
      }
      block = undefined
    }
    const run = /^(\s+)(?:- )?run: (.+)$/.exec(line)
    if (run) {
      steps.push({ run: run[2] === '|' ? '' : run[2]!, env: {} })
      if (run[2] === '|') block = { indent: run[1]!.length + 2, lines: [] }
      inEnv = false
    } else if (/^\s+env:$/.test(line)) inEnv = true
    else if (inEnv && /^\s{10}[A-Z_]+: /.test(line)) {
      const [, key, value] = /^\s+([A-Z_]+): (.+)$/.exec(line)!
      if (!value!.startsWith('${{')) steps.at(-1)!.env[key!] = value!.replace(/^'(.*)'$/, '$1')
    } else if (!/^\s{10}/.test(line)) inEnv = false
  }
  return steps
}

describe('the examples run as a user runs them', () => {
  const project = mkdtempSync(join(tmpdir(), 'ag-doc-examples-'))
  const workflow = readFileSync(join(REPO, 'docs/examples/ci/arbigraph.yml'), 'utf8')
  const steps = workflowSteps(workflow)
  let run: FixtureRun

  beforeAll(async () => {
    // The package by its name: a folder whose exports are the sources (they load as in the
    // repository's own fixtures), linked beside this repository's dependencies.
    const modules = join(project, 'node_modules')
    mkdirSync(join(project, 'package'), { recursive: true })
    writeFileSync(
      join(project, 'package/package.json'),
      JSON.stringify({
        name: 'arbigraph',
        type: 'module',
        exports: { '.': './index.ts', './vitest': './vitest.ts', './config': './config.ts' },
      }),
    )
    for (const [link, target] of [
      ['index.ts', 'index.ts'],
      ['vitest.ts', 'vitest.ts'],
      ['config.ts', 'src/config.ts'],
    ])
      symlinkSync(join(REPO, target!), join(project, 'package', link!))
    mkdirSync(modules)
    for (const entry of readdirSync(join(REPO, 'node_modules')))
      symlinkSync(join(REPO, 'node_modules', entry), join(modules, entry))
    symlinkSync(join(project, 'package'), join(modules, 'arbigraph'))
    writeFileSync(
      join(project, 'package.json'),
      '{ "name": "doc-examples", "private": true, "type": "module" }\n',
    )
    for (const part of PROJECT_PARTS)
      cpSync(join(REPO, 'docs/examples', part), join(project, part), { recursive: true })
    // Vite bundles a config with its imports unless they live in node_modules: the package is
    // named by its path here, the only difference from the example.
    writeFileSync(
      join(project, 'vitest.config.ts'),
      readFileSync(join(REPO, 'docs/examples/vitest.config.ts'), 'utf8').replace(
        "'arbigraph/vitest'",
        JSON.stringify(join(REPO, 'vitest.ts')),
      ),
    )
    // One project has one arbigraph.config.ts: this one registers what each example's registers.
    const configs = PROJECT_PARTS.map((part, i) => `import c${i} from './${part}/arbigraph.config.ts'`)
    writeFileSync(
      join(project, 'arbigraph.config.ts'),
      `${configs.join('\n')}\nexport default { plugins: [${PROJECT_PARTS.map((_, i) => `...c${i}.plugins`).join(', ')}] }\n`,
    )
    const [command, ...more] = steps.filter((s) => s.run !== 'npm ci')
    expect(more).toEqual([])
    // The step skips itself until ARBIGRAPH_BASE_URL is set (test/cli/init-workflow.test.ts runs
    // that guard); past it, its one command runs here as it would with a server configured.
    expect(command!.run.split('\n').at(-1)).toBe('npx vitest run')
    run = await runFixture(
      ['run'],
      {
        ...command!.env,
        // The workflow's gate refuses simulated results (no ARBIGRAPH_BASE_URL here) unless told.
        ARBIGRAPH_ALLOW_SIMULATED: '1',
        ARBIGRAPH_SIM: 'sim:oracle',
        ARBIGRAPH_RESULTS: 'out/results.json',
        ARBIGRAPH_MARKDOWN: 'out/summary.md',
        ARBIGRAPH_CACHE_DIR: join(project, '.arbigraph'),
        // ARBIGRAPH_COMPILE_CACHE unset: jiti keeps what it compiles in the per-user cache, as on
        // a user's machine and in every other child run of the tests, so the checkout's sources
        // the examples import are compiled once for all of them (a cache of the project's own,
        // always empty, cost this run ~8 s of CPU compiling them again). jiti checks each cached
        // file against its source's hash, and the examples' own files (this fresh folder's) are
        // compiled anew every run.
      },
      project,
    )
  }, 600_000)

  it('the workflow installs, then runs the suites with its gate', () => {
    expect(steps.map((s) => s.run.split('\n').at(-1))).toEqual(['npm ci', 'npx vitest run'])
    expect(steps[1]!.run).toContain('if [ -z "$ARBIGRAPH_BASE_URL" ]')
    expect(steps[1]!.env).toEqual({ ARBIGRAPH_GATE: '*.accuracy>=0.5' })
  })

  it('every case of every example passes, and the gate is applied', () => {
    const output = run.stdout + run.stderr
    expect(run.code, output).toBe(0)
    expect(output).toContain('echo — sim:oracle: 3/3')
    expect(output).toContain('gate: all 1 rule(s) hold')
  })

  it('the harness and the task category answered their cases, every one right', () => {
    const { records } = JSON.parse(readFileSync(join(project, 'out/results.json'), 'utf8')) as {
      records: { harness: string; category: string; grade: { correct: boolean } }[]
    }
    const mine = records.filter((r) => r.harness === 'my-agent')
    const tripling = records.filter((r) => r.category.split('+').includes('tripling'))
    expect(mine.length).toBeGreaterThan(0)
    expect(tripling.length).toBeGreaterThan(0)
    expect(records.filter((r) => !r.grade.correct)).toEqual([])
  })

  it("the toy benchmark has its own dashboard tab with its cases (the docs' echo example, as a user runs it)", () => {
    const script = readFileSync(join(project, 'out/dashboard/data/benchmarks.js'), 'utf8')
    const payloads: Record<string, unknown> = {}
    new Function('window', script)({
      arbigraphData: (name: string, value: unknown) => (payloads[name] = value),
    })
    const { benchmarks } = payloads.benchmarks as {
      benchmarks: { name: string; records: number; pages: { id: string }[]; cases: { ids: string[] } }[]
    }
    const echo = benchmarks.find((tab) => tab.name === 'echo')
    expect(echo?.records).toBe(3)
    expect(echo?.pages.length).toBeGreaterThan(0)
    expect(echo?.cases.ids).toHaveLength(3)
    expect(existsSync(join(project, 'out/dashboard/data/bench-echo/cases-00000.js'))).toBe(true)
  })

  it('the files the workflow uploads are written', () => {
    for (const path of ['out/dashboard/index.html', 'out/results.json', 'out/summary.md', 'out/echo.json'])
      expect(existsSync(join(project, path)), path).toBe(true)
  })
})
