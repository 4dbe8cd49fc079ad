import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, tempDir } from '../../cli/run-cli.ts'

const cwd = tempDir()
const instances = (file: string) =>
  readFileSync(join(cwd, file), 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line))

describe('python datasets', () => {
  it('a python chain is generated and validates (outputs recomputed in the sandbox)', async () => {
    const gen = await runCli(
      [
        'generate',
        'chain',
        '--length',
        '4',
        '--category',
        'python',
        '--targets',
        'candy,maxArea',
        '--samples-per-task',
        '2',
        '--out',
        'chain.jsonl',
      ],
      cwd,
    )
    expect(gen.code, gen.err).toBe(0)
    const all = instances('chain.jsonl')
    expect(all).toHaveLength(4)
    for (const instance of all) {
      expect(instance.nodes.map((n: { family: string }) => n.family)).toEqual([
        'python',
        'python',
        'python',
        'python',
      ])
      expect(instance.prompt).toContain('def task_4(')
    }
    const check = await runCli(['validate', 'chain.jsonl'], cwd)
    expect(check.code, check.out + check.err).toBe(0)
  }, 300_000)

  it('a mixed math + python random DAG is generated and validates', async () => {
    const gen = await runCli(
      [
        'generate',
        'random',
        '--nodes',
        '8',
        '--width',
        '3',
        '--category',
        'python,math',
        '--samples-per-task',
        '2',
        '--targets',
        'candy',
        '--repeat-templates',
        '--out',
        'dag.jsonl',
      ],
      cwd,
    )
    expect(gen.code, gen.err).toBe(0)
    const families = new Set(
      instances('dag.jsonl').flatMap((i) => i.nodes.map((n: { family: string }) => n.family)),
    )
    expect([...families].sort()).toEqual(['math', 'python'])
    const check = await runCli(['validate', 'dag.jsonl'], cwd)
    expect(check.code, check.out + check.err).toBe(0)
  }, 300_000)
})
