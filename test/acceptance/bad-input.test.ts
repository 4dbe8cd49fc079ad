/**
 * Generator acceptance: bad input — a cyclic DAG, a list output wired to a pinned scalar-only
 * template, an unknown template, malformed JSON, an unsatisfiable spec — exits non-zero with a
 * message naming the node or field, and leaves no file behind (not even a partial one).
 */
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, tempDir } from '../cli/run-cli.ts'
import { graphFile, graphTask } from '../fixtures/graph-file.ts'

const task = graphTask
const graph = graphFile

const cases: [string, unknown, RegExp][] = [
  [
    'a cyclic DAG names the nodes of the cycle',
    graph(
      [task('a'), task('b'), task('c')],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
      ],
      ['c'],
    ),
    /cycle "b" → "c" → "a" → "b"/,
  ],
  [
    'a list output wired into a pinned scalar-input template names the node',
    // Convolution outputs a list; DivisorSum reads a scalar.
    graph(
      [task('conv', { template: 'Convolution' }), task('sum', { template: 'DivisorSum' })],
      [['conv', 'sum']],
      ['sum'],
    ),
    /node "conv": its successors \("sum"\) accept scalar, but its possible kinds are list->list/,
  ],
  [
    'an unknown template names it',
    graph([task('t1', { template: 'NoSuchOperator' })], [], ['t1']),
    /"NoSuchOperator"/,
  ],
  [
    'an unsatisfiable spec (list input forced on a scalar-only target) fails fast naming the node',
    graph([task('t1', { template: 'DivisorSum', input_kind: 'list' })], [], ['t1']),
    /"DivisorSum" cannot be a target: node "t1" declares input_kind list, but "DivisorSum" \(scalar->scalar\) does not read a list/,
  ],
]

describe('bad generator input: clear errors, non-zero exit, no file left behind', () => {
  it.each(cases)('%s', async (_name, json, message) => {
    const cwd = tempDir()
    writeFileSync(join(cwd, 'g.json'), JSON.stringify(json))
    const run = await runCli(['generate', 'dag', '--graph', 'g.json', '--out', 'x.jsonl'], cwd)
    expect(run.code).not.toBe(0)
    expect(run.err).toMatch(message)
    expect(readdirSync(cwd)).toEqual(['g.json'])
  })

  it('malformed JSON names the file', async () => {
    const cwd = tempDir()
    writeFileSync(join(cwd, 'g.json'), '{"directed": true, "nodes": [')
    const run = await runCli(['generate', 'dag', '--graph', 'g.json', '--out', 'x.jsonl'], cwd)
    expect(run.code).toBe(1)
    expect(run.err).toContain('g.json: malformed JSON')
    expect(readdirSync(cwd)).toEqual(['g.json'])
  })

  it('an unknown target template in the spec is named, and a valid spec still works', async () => {
    const cwd = tempDir()
    const run = await runCli(
      [
        'generate',
        'chain',
        '--length',
        '3',
        '--targets',
        'Convolution',
        '--max-attempts',
        '1',
        '--out',
        'x.jsonl',
      ],
      cwd,
    )
    expect(run.code).toBe(0) // control: a satisfiable spec works
    const bad = await runCli(
      ['generate', 'random', '--nodes', '5', '--targets', 'NoSuchTask', '--out', 'y.jsonl'],
      cwd,
    )
    expect(bad.code).not.toBe(0)
    expect(bad.err).toContain('"NoSuchTask"')
    expect(readdirSync(cwd)).toEqual(['x.jsonl'])
  })
})
