import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { evalRoot } from '../../src/cli/commands/eval.ts'
import { runCli, tempDir } from './run-cli.ts'

const ROOT = join(import.meta.dirname, '../..')

describe('arbigraph eval', () => {
  it('runs the bundled suites with our Vitest config: flags become the run settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ag-eval-'))
    const env: NodeJS.ProcessEnv = {}
    for (const [key, value] of Object.entries(process.env))
      if (!/^(VITEST|ARBIGRAPH_)/.test(key) && !['MODE', 'TEST', 'NODE_ENV'].includes(key)) env[key] = value
    const args = [
      'bin/arbigraph.js',
      'eval',
      'suites/chain',
      '-t',
      'FWHT',
      '--sim',
      'sim:oracle',
      '--samples',
      '3',
    ]
    const child = spawn('node', [...args, '--results', join(dir, 'results.json')], {
      cwd: ROOT,
      env: { ...env, ARBIGRAPH_CACHE_DIR: dir, ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'), NO_COLOR: '1' },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(output).toContain('RESULTS ARE SIMULATED (sim:oracle)')
    expect(code).toBe(0)
    const { records } = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
      records: { task: string; sample: number; grade: { correct: boolean } }[]
    }
    expect(records.map((r) => `${r.task} #${r.sample}`)).toEqual(['FWHT #0', 'FWHT #1', 'FWHT #2'])
    expect(records.every((r) => r.grade.correct)).toBe(true)
  }, 240_000) // a child Vitest run: ~20 s quiet, 83 s seen at load average 20

  it('rejects an unknown flag as a usage error', async () => {
    const { code, err } = await runCli(['eval', '--modle', 'x'], tempDir())
    expect(code).toBe(2)
    expect(err).toContain('unknown option "--modle"')
  })

  it('uses the working directory as the root only when it has suites/', () => {
    expect(evalRoot(ROOT)).toBe(ROOT)
    expect(evalRoot(tempDir())).toBe(join(ROOT, '/'))
  })
})
