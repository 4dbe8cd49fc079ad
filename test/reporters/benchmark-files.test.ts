/**
 * The files of benchmarks other than ArbiGraph (Long-Transduction, and a user's own from
 * arbigraph.config.ts), on real Vitest runs of test/fixtures/benchmark-files/: a good run writes
 * them; a run whose cases were all filtered out, and a run that cannot start (a bad value of a
 * built-in or a benchmark's variable, a malformed config), leave every one byte for byte as it
 * was, saying why on stderr; each shard writes its own files and the merge writes the plain ones.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FixtureRun } from './run-fixture.ts'
import { fileHashes, runFixture } from './run-fixture.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'benchmark-files')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-benchmark-files-'))
const aFile = join(dir, 'a-file')
writeFileSync(aFile, 'not a folder\n')

/** Every output in `<dir>/<name>/`, and a cache of the run's own. */
const outputs = (name: string) => ({
  ARBIGRAPH_SIM: 'sim:oracle',
  ARBIGRAPH_CACHE_DIR: join(dir, name, 'cache'),
  ARBIGRAPH_RESULTS: join(dir, name, 'results.json'),
  ARBIGRAPH_MARKDOWN: join(dir, name, 'summary.md'),
  ARBIGRAPH_LT_RESULTS: join(dir, name, 'transduction.json'),
  ARBIGRAPH_LT_MARKDOWN: join(dir, name, 'transduction.md'),
  TOY_ECHO_RESULTS: join(dir, name, 'echo.json'),
  TOY_ECHO_MARKDOWN: join(dir, name, 'echo.md'),
  ARBIGRAPH_DASHBOARD_DIR: join(dir, name, 'dashboard'),
})

const snapshot = (folder: string) => fileHashes(folder)

// The merge of two shards is the good run whose files the later runs must leave alone.
const good = join(dir, 'good')
const runs: Record<string, FixtureRun> = {}
let before: Record<string, string>

// [run, extra settings or arguments, the one stderr line it must print]
const cannotStart: [string, Record<string, string>, RegExp][] = [
  [
    'ARBIGRAPH_LT_BUDGETS=3K',
    { ARBIGRAPH_LT_BUDGETS: '3K' },
    /^arbigraph: ARBIGRAPH_LT_BUDGETS: unknown budget "3K"/,
  ],
  [
    'TOY_ECHO_RESULTS in a file',
    { TOY_ECHO_RESULTS: join(aFile, 'echo.json') },
    /^arbigraph: TOY_ECHO_RESULTS ".*a-file\/echo\.json": ".*a-file" is a file, not a folder$/,
  ],
  [
    'a malformed benchmark in arbigraph.config.ts',
    { FIXTURE_BAD_CONFIG: '1' },
    /^arbigraph: .*arbigraph\.config\.ts: plugins\[0\]\.benchmarks\[0\]: benchmark: name: expected a kebab-case name/,
  ],
]

beforeAll(async () => {
  const blobs = join(dir, 'blobs')
  const shard = (n: number) =>
    runFixture(
      ['run', `--shard=${n}/2`, '--reporter=blob', `--outputFile.blob=${join(blobs, `blob-${n}-2.json`)}`],
      { ...outputs('good'), ARBIGRAPH_CACHE_DIR: join(dir, `cache-${n}`) },
      root,
    )
  ;[runs.shard1, runs.shard2] = await Promise.all([shard(1), shard(2)])
  runs.merged = await runFixture(['run', `--merge-reports=${blobs}`], outputs('good'), root)
  before = snapshot(good)
  const [filtered, arbigraphOff, ...failed] = await Promise.all([
    // Its own cache: a run that starts may add a transcript log there.
    runFixture(
      ['run', '-t', 'no such case'],
      { ...outputs('good'), ARBIGRAPH_CACHE_DIR: join(dir, 'cache-t') },
      root,
    ),
    runFixture(
      ['run'],
      { ...outputs('arbigraph-off'), ARBIGRAPH_RESULTS: 'off', ARBIGRAPH_MARKDOWN: 'off' },
      root,
    ),
    ...cannotStart.map(([, extra]) => runFixture(['run'], { ...outputs('good'), ...extra }, root)),
  ])
  runs.filtered = filtered!
  runs.arbigraphOff = arbigraphOff!
  for (const [i, run] of failed.entries()) runs[cannotStart[i]![0]] = run
}, 300_000)

describe("Long-Transduction's and a user benchmark's files", () => {
  it('each shard writes its own files, and --merge-reports the plain ones with every record', () => {
    for (const run of [runs.shard1!, runs.shard2!, runs.merged!])
      expect(run.code, run.stdout + run.stderr).toBe(0)
    // Vitest shards by file: one suite file (one benchmark) per shard here, each under its shard's name.
    const echoShard = existsSync(join(good, 'echo.shard-1-of-2.json')) ? 1 : 2
    const other = 3 - echoShard
    // The dashboard (a tab per benchmark) and the documents' stored outputs are checked below.
    const files = Object.keys(before).filter((f) => !/^\/(cache|cases|dashboard)\b/.test(f))
    expect(files).toEqual([
      '/echo.json',
      '/echo.md',
      `/echo.shard-${echoShard}-of-2.json`,
      `/echo.shard-${echoShard}-of-2.md`,
      '/transduction.json',
      '/transduction.md',
      `/transduction.shard-${other}-of-2.json`,
      `/transduction.shard-${other}-of-2.md`,
    ])
    const read = (name: string) => JSON.parse(readFileSync(join(good, name), 'utf8'))
    expect(read('echo.json').records).toEqual(read(`echo.shard-${echoShard}-of-2.json`).records)
    expect(read('echo.json').records).toHaveLength(2)
    // The toy's file holds its records only; Long-Transduction's also the run facts.
    const merged = read('transduction.json')
    expect(merged.records).toEqual(read(`transduction.shard-${other}-of-2.json`).records)
    expect(merged.records).toHaveLength(2)
    expect(merged.run.merged).toBe(true)
    expect(read(`transduction.shard-${other}-of-2.json`).run.shard).toEqual({ index: other, count: 2 })
    expect(runs.merged!.stdout).toContain(`arbigraph: wrote 2 echo records to ${join(good, 'echo.json')}`)
    // No ArbiGraph case ran: its results and summary are not written; the dashboard has a tab per benchmark.
    expect(existsSync(join(good, 'results.json'))).toBe(false)
    const script = readFileSync(join(good, 'dashboard', 'data', 'benchmarks.js'), 'utf8')
    const tabs = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)).benchmarks
    expect(tabs.map((t: { name: string; records: number }) => [t.name, t.records])).toEqual([
      ['transduction', 2],
      ['echo', 2],
    ])
    expect(runs.merged!.stdout).toContain('2 transduction cases, 2 echo cases in')
  })

  it("ARBIGRAPH_RESULTS=off ARBIGRAPH_MARKDOWN=off turn off ArbiGraph's files only, not the other benchmarks'", () => {
    const run = runs.arbigraphOff!
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const out = join(dir, 'arbigraph-off')
    expect(JSON.parse(readFileSync(join(out, 'transduction.json'), 'utf8')).records).toHaveLength(2)
    expect(JSON.parse(readFileSync(join(out, 'echo.json'), 'utf8')).records).toHaveLength(2)
    expect(existsSync(join(out, 'transduction.md'))).toBe(true)
    expect(existsSync(join(out, 'echo.md'))).toBe(true)
    expect(existsSync(join(out, 'summary.md'))).toBe(false)
  })

  it('a run whose cases were all filtered out by -t leaves them as they were, saying so on stderr', () => {
    const run = runs.filtered!
    expect(snapshot(good)).toEqual(before)
    expect(run.stderr).toContain(
      `arbigraph: no transduction case ran; ${join(good, 'transduction.json')} and ${join(good, 'transduction.md')} left as they were`,
    )
    expect(run.stderr).toContain(
      `arbigraph: no echo case ran; ${join(good, 'echo.json')} and ${join(good, 'echo.md')} left as they were`,
    )
    expect(run.stdout).not.toContain('Long-Transduction —')
    expect(run.stdout).not.toContain('arbigraph: wrote')
  })

  it.each(cannotStart.map(([name], i) => [name, i] as const))(
    'a run that cannot start (%s) writes nothing',
    (name, i) => {
      const run = runs[name]!
      expect(run.code).toBe(1)
      const lines = run.stderr.trim().split('\n')
      expect(lines, run.stderr).toHaveLength(1)
      expect(lines[0]).toMatch(cannotStart[i]![2])
      expect(run.stdout + run.stderr).not.toMatch(/Unhandled Error|Startup Error|\n\s+at /)
      expect(snapshot(good)).toEqual(before)
    },
  )
})
