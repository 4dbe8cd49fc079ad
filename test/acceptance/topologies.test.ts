/**
 * Generator acceptance: every topology generates through the CLI, `arbigraph validate` accepts the
 * file (schema, structure and every ground truth recomputed), and 1 and 2 workers write the
 * same bytes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, tempDir } from '../cli/run-cli.ts'

const examples = join(import.meta.dirname, '..', '..', 'examples', 'graphs')

const cases: [string, string[]][] = [
  ['baseline', ['baseline', '--samples-per-task', '2']],
  ['forgetting 3', ['forgetting', '--distractors', '3', '--samples-per-task', '1']],
  ['chain 4', ['chain', '--length', '4', '--samples-per-task', '1']],
  ['paper multichain', ['multichain', '--samples-per-task', '1']],
  [
    'node-link DAG with a pack',
    ['dag', '--graph', join(examples, 'pick-pack.json'), '--samples-per-task', '2'],
  ],
  [
    'random 1,000 nodes',
    ['random', '--nodes', '1000', '--targets', 'DivisorSum,Convolution', '--samples-per-task', '1'],
  ],
]

describe('every topology generates, validates, and is worker-count independent', () => {
  it.each(cases)('%s', async (_name, args) => {
    const cwd = tempDir()
    const one = await runCli(['generate', ...args, '--seed', '11', '--out', 'one.jsonl'], cwd)
    expect(one.err + one.out).toMatch(/wrote \d+ instances/)
    expect(one.code).toBe(0)
    const two = await runCli(
      ['generate', ...args, '--seed', '11', '--workers', '2', '--out', 'two.jsonl'],
      cwd,
    )
    expect(two.code).toBe(0)
    const bytes = readFileSync(join(cwd, 'one.jsonl'), 'utf8')
    expect(readFileSync(join(cwd, 'two.jsonl'), 'utf8')).toBe(bytes)
    const validate = await runCli(['validate', 'one.jsonl'], cwd)
    expect(validate.out).toMatch(/^ok \d+ instances/)
    expect(validate.code).toBe(0)
  })
})
