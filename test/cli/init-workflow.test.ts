/**
 * The GitHub Actions workflow `arbigraph init` writes must not fail on its first push: before the
 * repository variable ARBIGRAPH_BASE_URL is set, the evaluation step (its `run:` script, run here
 * in bash as Actions runs it, `bash -e`) skips with a visible `::notice::` and no artifacts are
 * uploaded; once set, it runs the suites. A stand-in `npx` on PATH records whether it was called.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles } from '../../src/init/project-files.ts'

const workflow = projectFiles().find((f) => f.path === '.github/workflows/arbigraph.yml')!.content
const lines = workflow.split('\n')

/** The `run: |` script of the step named `name`, unindented. */
function stepScript(name: string): string {
  const at = lines.findIndex((line) => line.trim() === `- name: ${name}`)
  expect(lines[at + 1]?.trim()).toBe('run: |')
  const indent = ' '.repeat(lines[at + 1]!.indexOf('run:') + 2)
  const body: string[] = []
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith(indent)) break
    body.push(line.slice(indent.length))
  }
  return `${body.join('\n')}\n`
}

/** Runs the evaluation step with `env` and a stand-in npx; its output and what npx was asked. */
function runStep(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'ag-workflow-'))
  const npx = join(dir, 'npx')
  writeFileSync(npx, `#!/bin/sh\necho "$@" > "${join(dir, 'npx-called')}"\n`)
  chmodSync(npx, 0o755)
  const script = join(dir, 'step.sh')
  writeFileSync(script, stepScript('Run the suites and apply the gate'))
  const run = spawnSync('bash', ['-e', script], {
    env: { PATH: `${dir}:${process.env.PATH}`, ...env },
    encoding: 'utf8',
  })
  const called = join(dir, 'npx-called')
  return { ...run, npx: existsSync(called) ? readFileSync(called, 'utf8').trim() : null }
}

describe('the workflow init writes', () => {
  it('skips the evaluation with a notice while ARBIGRAPH_BASE_URL is unset or empty', () => {
    for (const env of [{}, { ARBIGRAPH_BASE_URL: '' }] as Record<string, string>[]) {
      const run = runStep(env)
      expect(run.status).toBe(0)
      expect(run.stdout).toMatch(
        /^::notice title=arbigraph evaluation skipped::no model server configured; set the repository variable ARBIGRAPH_BASE_URL/,
      )
      expect(run.npx).toBeNull()
    }
  })

  it('runs the suites once ARBIGRAPH_BASE_URL is set', () => {
    const run = runStep({ ARBIGRAPH_BASE_URL: 'http://gpu-host:8000/v1' })
    expect(run.status).toBe(0)
    expect(run.stdout).not.toContain('::notice')
    expect(run.npx).toBe('vitest run')
  })

  it('takes the variable from the repository variables and uploads nothing while it is unset', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    expect(workflow).toContain('ARBIGRAPH_BASE_URL: ${{ vars.ARBIGRAPH_BASE_URL }}')
    const uploads = lines.flatMap((line, i) =>
      line.includes('actions/upload-artifact') ? [lines[i + 1]!.trim()] : [],
    )
    expect(uploads).toEqual([
      "if: always() && vars.ARBIGRAPH_BASE_URL != ''",
      "if: always() && vars.ARBIGRAPH_BASE_URL != ''",
    ])
  })
})
