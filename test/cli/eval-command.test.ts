import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DATASET_SUITE_BASE,
  evalRoot,
  splitEvalArgs,
  suitesBase,
  vitestArgs,
} from '../../src/cli/commands/eval.ts'
import { runCli, tempDir } from './run-cli.ts'

const ROOT = join(import.meta.dirname, '../..')

/** Our environment without what Vitest set for this worker, for a child `arbigraph eval`. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env))
    if (!/^(VITEST|ARBIGRAPH_)/.test(key) && !['MODE', 'TEST', 'NODE_ENV'].includes(key)) env[key] = value
  return env
}

/** `arbigraph eval <args…>` in a child process in `cwd`: its exit code and everything it printed. */
async function runEval(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn('node', [join(ROOT, 'bin/arbigraph.js'), 'eval', ...args], {
    cwd,
    env: { ...childEnv(), NO_COLOR: '1' },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { code, output }
}

describe('arbigraph eval', () => {
  // The two child runs go at once (each in a folder of its own).
  it.concurrent('runs the bundled suites from a folder without suites/, writing everything under that folder', async () => {
    const dir = tempDir()
    // One bundled file (a path under the bundled suites, as a folder is): its siblings, the GSM
    // and Python chains, would only double the child's CPU to select no case.
    const run = await runEval(
      ['suites/chain/math.eval.ts', '-t', 'FWHT', '--sim', 'sim:oracle', '--samples', '3'],
      dir,
    )
    expect(run.output).toContain('RESULTS ARE SIMULATED (sim:oracle)')
    expect(run.code).toBe(0)
    const { records } = JSON.parse(readFileSync(join(dir, 'out/results.json'), 'utf8')) as {
      records: { task: string; sample: number; grade: { correct: boolean } }[]
    }
    expect(records.map((r) => `${r.task} #${r.sample}`)).toEqual(['FWHT #0', 'FWHT #1', 'FWHT #2'])
    expect(records.every((r) => r.grade.correct)).toBe(true)
    for (const path of [
      'out/summary.md',
      'out/dashboard/index.html',
      'out/cases',
      '.arbigraph/responses.jsonl',
    ])
      expect(existsSync(join(dir, path)), path).toBe(true)
  }, 240_000) // a child Vitest run: ~20 s quiet, 83 s seen at load average 20

  it.concurrent('passes a misspelt flag to Vitest, whose refusal is one line naming it, with no stack', async () => {
    const run = await runEval(['--shrad=1/2'], tempDir())
    expect(run.output).toBe('arbigraph eval: unknown option "--shrad" (see "arbigraph eval --help")\n')
    expect(run.code).toBe(2)
  }, 120_000)

  it('takes its own flags (both forms) out and forwards the rest in order', () => {
    const args = [
      'suites/chain',
      '--model',
      'm',
      '--shard=1/2',
      '--sim=sim:oracle',
      '-t',
      'FWHT',
      '--',
      '--model',
      'x',
    ]
    expect(splitEvalArgs(args)).toEqual({
      env: { ARBIGRAPH_MODEL: 'm', ARBIGRAPH_SIM: 'sim:oracle' },
      vitest: ['suites/chain', '--shard=1/2', '-t', 'FWHT', '--model', 'x'],
    })
  })

  it('rejects one of its flags without a value, or given twice', async () => {
    const missing = await runCli(['eval', '--model'], tempDir())
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('option "--model" needs a value')
    const twice = await runCli(['eval', '--gate', 'a', '--gate=b'], tempDir())
    expect(twice.code).toBe(2)
    expect(twice.err).toContain('option "--gate" given twice')
    const dataset = await runCli(['eval', '--dataset', 'nope.jsonl'], tempDir())
    expect(dataset.code).toBe(2)
    expect(dataset.err).toContain('--dataset: no such file "nope.jsonl"')
  })

  it('--dataset runs its one suite, not the suites folder', () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'suites'))
    const args = vitestArgs([], dir, true)
    expect(args.slice(args.indexOf('--dir'), args.indexOf('--dir') + 2)).toEqual([
      '--dir',
      DATASET_SUITE_BASE,
    ])
    expect(existsSync(join(DATASET_SUITE_BASE, 'suites/dataset.eval.ts'))).toBe(true)
  })

  it("runs the working directory's suites/ when it has one, else the bundled ones, with the working directory as the root", () => {
    expect(suitesBase(ROOT)).toBe(ROOT)
    const empty = tempDir()
    expect(suitesBase(empty)).toBe(ROOT)
    const args = vitestArgs(['--tags-filter=chain'], empty)
    expect(args.slice(0, 2)).toEqual(['run', '--config'])
    expect(args.slice(3)).toEqual(['--root', empty, '--dir', ROOT, '--tags-filter=chain'])
    expect(vitestArgs(['--config', 'mine.ts'], empty)).toEqual([
      'run',
      '--root',
      empty,
      '--dir',
      ROOT,
      '--config',
      'mine.ts',
    ])
  })

  it('takes a forwarded --root as the root (once), its suites/ folder and its output base', () => {
    const cwd = tempDir()
    const root = join(cwd, 'proj')
    mkdirSync(join(root, 'suites'), { recursive: true })
    expect(evalRoot(['--root', 'proj'], cwd)).toBe(root)
    expect(evalRoot(['-r=proj', '-t', 'x'], cwd)).toBe(root)
    expect(evalRoot(['-t', 'x'], cwd)).toBe(cwd)
    const args = vitestArgs(['--root=proj'], cwd)
    expect(args.slice(3)).toEqual(['--dir', root, '--root=proj'])
  })
})
