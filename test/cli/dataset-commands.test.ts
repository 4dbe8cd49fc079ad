import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { instanceToDot } from '../../src/cli/commands/viz.ts'
import { multichainDraft } from '../render/draft-fixtures.ts'
import { runCli, tempDir } from './run-cli.ts'

const cwd = tempDir()
let lines: string[] = []

beforeAll(async () => {
  const run = await runCli(
    [
      'generate',
      'chain',
      '--length',
      '3',
      '--targets',
      'Convolution',
      '--samples-per-task',
      '2',
      '--out',
      'd.jsonl',
    ],
    cwd,
  )
  expect(run.code, run.err).toBe(0)
  lines = readFileSync(join(cwd, 'd.jsonl'), 'utf8').trimEnd().split('\n')
})

/** Writes a modified copy of the dataset and validates it. */
async function validateTampered(name: string, edit: (lines: string[]) => string[]) {
  writeFileSync(join(cwd, name), `${edit([...lines]).join('\n')}\n`)
  return runCli(['validate', name], cwd)
}

/** Edits instance line `at` (1 = first instance) as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: tests poke at arbitrary fields of the stored JSON
const editInstance = (at: number, change: (json: any) => void) => (all: string[]) => {
  const json = JSON.parse(all[at]!)
  change(json)
  all[at] = JSON.stringify(json)
  return all
}

describe('arbigraph validate', () => {
  it('accepts a generated dataset', async () => {
    const run = await runCli(['validate', 'd.jsonl'], cwd)
    expect(run.err).toBe('')
    expect(run.out).toBe('ok 2 instances')
    expect(run.code).toBe(0)
  })

  it.each([
    [
      'tampered ground truth',
      editInstance(1, (j) => (j.nodes[2].output = '[1, 2]')),
      't.jsonl:2: nodes[2].output: stored [1, 2] but Convolution computes [',
    ],
    [
      'tampered edge value',
      editInstance(2, (j) => (j.nodes[1].input = '7')),
      't.jsonl:3: nodes[1].input: stored 7 but task_1_out is ',
    ],
    [
      'tampered prompt',
      editInstance(1, (j) => (j.prompt = j.prompt.replace('Task 2:', 'Task 3:'))),
      't.jsonl:2: prompt: differs from the prompt rendered',
    ],
    ['duplicate id', (all: string[]) => [all[0]!, all[1]!, all[1]!], 't.jsonl:3: id: duplicate id'],
    [
      'manifest count',
      (all: string[]) => all.slice(0, 2),
      't.jsonl:1: count: the manifest says 2 instances, the file has 1',
    ],
    [
      'malformed JSON',
      (all: string[]) => [all[0]!, all[1]!, '{"schema": '],
      't.jsonl:3: instance: malformed JSON',
    ],
    ['schema violation', editInstance(1, (j) => delete j.targets), 't.jsonl:2: instance: targets:'],
    [
      'unknown output',
      editInstance(1, (j) => j.outputs.push('task_9_out')),
      't.jsonl:2: outputs[3]: no task defines "task_9_out"',
    ],
    [
      'unknown target',
      editInstance(1, (j) => (j.targets = ['ghost'])),
      't.jsonl:2: targets[0]: unknown task node "ghost"',
    ],
    [
      'wrong source name',
      editInstance(1, (j) => (j.nodes[1].source.name = 'task_2_out')),
      't.jsonl:2: nodes[1].source.name: expected "task_1_out", got "task_2_out"',
    ],
    [
      'bad numbering',
      editInstance(1, (j) => (j.nodes[0].number = 5)),
      't.jsonl:2: nodes[0].number: expected 1 (prompt order), got 5',
    ],
  ])('reports a %s with its line number and exits 1', async (_, edit, fragment) => {
    const run = await validateTampered('t.jsonl', edit)
    expect(run.err).toContain(fragment)
    expect(run.err).toMatch(/\d+ problems? in t\.jsonl/)
    expect(run.code).toBe(1)
  })

  it('a missing file → exit 1 naming it', async () => {
    const run = await runCli(['validate', 'nope.jsonl'], cwd)
    expect(run.code).toBe(1)
    expect(run.err).toContain('nope.jsonl: no such file')
  })
})

describe('arbigraph render', () => {
  it('prints the stored prompt of instance i', async () => {
    const run = await runCli(['render', 'd.jsonl', '--index', '1'], cwd)
    expect(run.code).toBe(0)
    expect(`${run.out}\n`).toBe(JSON.parse(lines[2]!).prompt)
  })

  it('--json prints the whole instance as stored', async () => {
    const run = await runCli(['render', 'd.jsonl', '--index', '0', '--json'], cwd)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.out)).toEqual(JSON.parse(lines[1]!))
  })

  it.each([
    [['--index', '2'], 1, '--index 2 is out of range (the file has 2 instances, indices from 0)'],
    [['--index=-1'], 2, '--index expects an integer ≥ 0, got "-1"'],
    [
      ['--index', '-1'],
      2,
      'option "--index" needs a value; to pass a value starting with "-", write --index=<value>',
    ],
    [['--index', '1', '--json=yes'], 2, 'option "--json" takes no value'],
    [[], 2, 'missing --index'],
  ])('%j → exit %i', async (flags, code, fragment) => {
    const run = await runCli(['render', 'd.jsonl', ...flags], cwd)
    expect(run.err).toContain(fragment)
    expect(run.code).toBe(code)
  })
})

describe('arbigraph viz', () => {
  it('writes an SVG of the task graph', async () => {
    const run = await runCli(['viz', 'd.jsonl', '--index', '0', '--out', 'g.svg'], cwd)
    expect(run.code, run.err).toBe(0)
    const svg = readFileSync(join(cwd, 'g.svg'), 'utf8')
    expect(svg).toContain('<svg')
    expect(svg).toContain('task_3: Convolution')
  })

  it('--dot writes the DOT source with the target highlighted', async () => {
    expect((await runCli(['viz', 'd.jsonl', '--index', '0', '--out', 'g.dot', '--dot'], cwd)).code).toBe(0)
    const dot = readFileSync(join(cwd, 'g.dot'), 'utf8')
    expect(dot).toMatch(/^digraph /)
    expect(dot).toMatch(/fillcolor="gold", penwidth=2.5, label="task_3: Convolution\\nlist -> list"/)
  })

  it('draws junctions: picks with their index, pack edges with their slot', () => {
    const dot = instanceToDot({ ...multichainDraft(), prompt: 'x' })
    expect(dot).toContain('"p3" [shape=ellipse, style=filled, fillcolor="lightgrey", label="pick [0]"];')
    expect(dot).toContain('"t4" -> "k5" [label="slot 1"];')
    expect(dot).toContain('"k5" -> "t5";')
  })

  it.each([
    [['--index', '0'], 2, 'missing --out'],
    [['--index', '0', '--out', 'g.svg', '--rankdir', 'RL'], 2, '--rankdir expects LR or TB, got "RL"'],
  ])('%j → exit %i', async (flags, code, fragment) => {
    const run = await runCli(['viz', 'd.jsonl', ...flags], cwd)
    expect(run.err).toContain(fragment)
    expect(run.code).toBe(code)
  })
})

describe('arbigraph list', () => {
  it('lists the math templates and the topologies with their flags', async () => {
    const run = await runCli(['list'], cwd)
    expect(run.code).toBe(0)
    expect(run.out).toMatch(/^ {2}math \(40 templates\)$/m)
    expect(run.out).toMatch(/^ {4}Convolution +list -> list {2}\S/m)
    expect(run.out).toMatch(/^ {2}chain: /m)
    expect(run.out).toMatch(/^ {6}--length {2}\(/m)
  })
})
