/**
 * Frozen datasets, end to end. The shared reference's released math_chain.json and
 * python_baseline.json, read through the importer, evaluate at 100% under sim:oracle: every case
 * of the dataset suite runs through the suite's own case runner (runBenchmarkCase, the tool agent
 * over HTTP against the simulator on loopback, our grader), in-process, and every record carries
 * the dataset's content hash and its instance's position. Then one small `arbigraph eval
 * --dataset` child run shows the Vitest wiring: the describe block and cell named as a generated
 * suite's, `-t` selecting a task, the results file listing the dataset.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arbigraphBenchmark, arbigraphCases, suiteCaseSettings } from '../../src/arbigraph-benchmark.ts'
import { importReferenceCommand } from '../../src/cli/commands/import-reference.ts'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { checkCaseRecord } from '../../src/contracts/case-record.ts'
import type { HarnessContext } from '../../src/contracts/harness.ts'
import { decodeResults } from '../../src/contracts/results.ts'
import { threadRegistry } from '../../src/generate/generate-chunk.ts'
import { loadFrozenDataset } from '../../src/io/frozen-dataset.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { type SimServer, startSimServer } from '../../src/sim/index.ts'
import { datasetCases } from '../../src/vitest/dataset-suite.ts'
import { runBenchmarkCase } from '../../src/vitest/run-benchmark-case.ts'
import { simCaseOf } from '../../src/vitest/sim-case.ts'
import { runCommand, scratchDir } from '../cli/reference-io.ts'
import {
  arbigraphDir,
  baselineFile,
  divisorSumRecord,
  haveReference,
  writeJson,
} from '../io/reference/fixtures.ts'
import { childEnv } from './vitest-child.ts'

const root = process.cwd()
const BIN = join(import.meta.dirname, '../../bin/arbigraph.js')

/** `arbigraph <argv…>` as a user runs it, in `cwd` with `env`. */
function runBin(argv: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', fail)
    child.on('close', (code) => done({ code, output }))
  })
}
const registry = await threadRegistry(root)

/** Runs every case of a dataset file through the suite's case runner against `sim`; its records. */
async function evaluate(path: string, sim: SimServer): Promise<CaseRecord[]> {
  const suiteCases = await datasetCases(path, root, { samples: undefined, epochs: 1, seed: undefined })
  const first = suiteCases[0]!.instance
  const settings = await suiteCaseSettings(first.topology.name, undefined, root)
  const cases = arbigraphCases(suiteCases, settings)
  sim.register(suiteCases.map((c) => simCaseOf(c.instance)))
  const harness = arbigraphBenchmark.harness(
    {
      topology: first.topology.name,
      options: {},
      categories: first.categories,
      samplesPerTask: 1,
      seed: '0',
    },
    registry,
  )
  const context: HarnessContext = {
    endpoint: sim.url,
    model: sim.model,
    apiKey: 'arbigraph',
    signal: new AbortController().signal,
    log: () => {},
  }
  const tools = { registry, registerSim: async () => {} }
  const records: CaseRecord[] = new Array(cases.length)
  let next = 0
  const lane = async () => {
    while (next < cases.length) {
      const i = next++
      records[i] = await runBenchmarkCase(arbigraphBenchmark, cases[i]!, harness, context, tools)
    }
  }
  await Promise.all(Array.from({ length: 16 }, lane))
  return records
}

describe.skipIf(!haveReference)('the released reference datasets under sim:oracle', () => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await startSimServer({ persona: 'sim:oracle' })
  })
  afterAll(() => sim?.close())

  for (const [name, cell, count] of [
    ['math_chain.json', 'chain/math', 640],
    ['python_baseline.json', 'baseline/python', 1280],
  ] as const) {
    it(`${name}: every instance as it is, 100% correct, each record with the dataset hash`, async () => {
      const path = join(arbigraphDir, name)
      const { sha256 } = await loadFrozenDataset(path, registry)
      const records = await evaluate(path, sim)
      expect(records).toHaveLength(count)
      for (const [index, record] of records.entries()) {
        expect(checkCaseRecord(record)).toEqual(record)
        expect(record.dataset).toEqual({ sha256, index, file: name })
        expect(record.grade?.correct, record.caseId).toBe(true)
      }
      expect(new Set(records.map((r) => `${r.topology}/${r.category}`))).toEqual(new Set([cell]))
      const results = buildResults(records, run, 'test')
      expect(results.datasets).toEqual([{ sha256, file: name, instances: count, trials: count }])
      // The file as written reads back (schema, model and simulated checks).
      expect(decodeResults(JSON.stringify(results), name).datasets).toEqual(results.datasets)
    }, 240_000)
  }
})

const run = {
  started: '2026-12-06T00:00:00.000Z',
  finished: '2026-12-06T00:00:01.000Z',
  reason: 'passed' as const,
  shard: null,
  merged: false,
  env: {},
}

describe('arbigraph eval --dataset (one child run)', () => {
  const dir = scratchDir()
  let outcome: { code: number | null; output: string }
  beforeAll(async () => {
    const records = [0, 1, 2].map((sample) => ({ ...divisorSumRecord(), sample_idx: sample }))
    writeJson(dir, 'three.json', baselineFile(records))
    expect((await runCommand(importReferenceCommand, ['three.json', '--out', 'three.jsonl'], dir)).code).toBe(
      0,
    )
    outcome = await runBin(
      ['eval', '--dataset', 'three.jsonl', '--sim', 'sim:oracle', '-t', '#[01]$', '--reporter=dot'],
      dir,
      childEnv({ ARBIGRAPH_DASHBOARD: 'off', ARBIGRAPH_CACHE_DIR: dir }),
    )
  }, 180_000)

  it('runs the selected instances as a suite named like a generated one; the run lists the dataset', () => {
    expect(outcome.code, outcome.output).toBe(0)
    const results = decodeResults(readFileSync(join(dir, 'out/results.json'), 'utf8'), 'results.json')
    const lines = readFileSync(join(dir, 'three.jsonl'), 'utf8').split('\n').slice(1).join('\n')
    const sha256 = createHash('sha256').update(lines).digest('hex')
    // -t picked samples 0 and 1 of the three.
    expect(results.records.map((r) => [r.topology, r.category, r.task, r.sample, r.dataset?.index])).toEqual([
      ['baseline', 'math', 'DivisorSum', 0, 0],
      ['baseline', 'math', 'DivisorSum', 1, 1],
    ])
    expect(results.records.every((r) => r.grade?.correct && r.dataset?.sha256 === sha256)).toBe(true)
    expect(results.datasets).toEqual([{ sha256, file: 'three.jsonl', instances: 2, trials: 2 }])
  })
})
