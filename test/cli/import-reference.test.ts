import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mathTemplateFor } from '../../plugins/math/reference-stage.ts'
import { importReferenceCommand } from '../../src/cli/commands/import-reference.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import { readDataset } from '../../src/io/dataset.ts'
import { type Value, valuesEqual } from '../../src/values.ts'
import {
  arbigraphDir,
  baselineFile,
  customRecord,
  divisorSumRecord,
  forgettingFile,
  haveReference,
  multichainRecord,
  packOf,
  writeJson,
} from '../io/reference/fixtures.ts'
import { runCommand, scratchDir } from './reference-io.ts'

const cwd = scratchDir()
const importRef = (...argv: string[]) => runCommand(importReferenceCommand, argv, cwd)

/** Every math node recomputes to its stored output, and every input equals its source's value. */
async function expectConsistent(instance: Instance): Promise<void> {
  const values = new Map<string, Value>([
    ...instance.nodes.map((n) => [n.id, n.output] as const),
    ...instance.junctions.map((j) => [j.id, j.output] as const),
  ])
  for (const node of instance.nodes) {
    const template = mathTemplateFor(`${node.template}Task`)
    expect(template.id).toBe(node.template)
    expect(valuesEqual(await template.solve(node.input, node.params, node.inputKind), node.output)).toBe(true)
    const source =
      node.source.node === null
        ? instance.staticInputs.find((s) => s.node === node.id)?.value
        : values.get(node.source.node)
    expect(source).toEqual(node.input)
  }
}

async function importFixture(name: string, json: unknown) {
  writeJson(cwd, name, json)
  const run = await importRef(name, '--out', `${name}.jsonl`)
  expect(run.code).toBe(0)
  return readDataset(join(cwd, `${name}.jsonl`))
}

describe('arbigraph import-reference', () => {
  it('writes a valid dataset whose manifest names the source file and mode', async () => {
    const { manifest, instances } = await importFixture('base.json', baselineFile([divisorSumRecord()]))
    expect(manifest).toMatchObject({
      schema: 'arbigraph.dataset/1',
      source: { kind: 'reference', file: 'base.json', mode: 'math' },
      count: 1,
    })
    expect(manifest.spec).toBeUndefined()
    const [instance] = instances
    expect(instance).toMatchObject({
      id: 'baseline/math/DivisorSum#0',
      task: 'DivisorSum',
      targets: ['t1'],
      outputs: ['task_1_out'],
      staticInputs: [{ node: 't1', name: 'task_1_input', value: -25n }],
      prompt: divisorSumRecord().prompt,
    })
    expect(instance!.nodes[0]).toMatchObject({
      template: 'DivisorSum',
      input: -25n,
      output: 42n,
      inputKind: 'scalar',
    })
  })

  it('multichain: junctions for the fan-out picks and the pack; the target is task 4', async () => {
    const { instances } = await importFixture('multi.json', {
      summary: { mode: 'multi_chain', seed: 0 },
      samples: [multichainRecord()],
    })
    const instance = instances[0]!
    expect(instance.junctions.map((j) => [j.id, j.op, j.sources])).toEqual([
      ['j2', 'pick', ['t1']],
      ['j3', 'pick', ['t1']],
      ['j4', 'pack', ['t2', 't3']],
    ])
    expect(instance.junctions[2]!.output).toEqual(packOf(8, 15).map(BigInt))
    expect(instance).toMatchObject({
      targets: ['t4'],
      seed: '0',
      outputs: ['task_1_out', 'task_2_out', 'task_3_out', 'task_4_out'],
    })
    await expectConsistent(instance)
  })

  it('custom DAG: the declared target (not the sink) is the target', async () => {
    const { instances } = await importFixture('custom.json', {
      summary: { mode: 'custom_dag' },
      samples: [customRecord()],
    })
    expect(instances[0]).toMatchObject({
      targets: ['t3'],
      task: 'DivisorSum',
      topology: { name: 'dag' },
      seed: 'unseeded',
    })
    await expectConsistent(instances[0]!)
  })

  it('released forgetting: distractor outputs, not recorded, are computed by our operators', async () => {
    const { instances } = await importFixture('forget.json', forgettingFile())
    const instance = instances[0]!
    expect(instance.nodes.map((n) => n.output)).toEqual([[6n, 7n, 5n], 4n, 42n, 14n])
    expect(instance.staticInputs.map((s) => s.name)).toEqual([
      'task_1_input',
      'task_2_input',
      'task_3_input',
      'task_4_input',
    ])
    expect(instance.targets).toEqual(['t4'])
    await expectConsistent(instance)
  })

  it('makes ids unique when a task name repeats under two task ids', async () => {
    const python = (taskId: number) => ({
      ...divisorSumRecord(),
      task_id: taskId,
      task_name: 'findMin',
      extra_inputs: { k: 3 },
    })
    const { instances } = await importFixture('py.json', baselineFile([python(3), python(26)], 'python'))
    expect(instances.map((i) => i.id)).toEqual(['baseline/python/findMin#0', 'baseline/python/findMin#0@1'])
    expect(instances[0]!.nodes[0]).toMatchObject({ family: 'python', template: 'findMin', params: { k: 3n } })
  })

  it('writes nothing, and keeps an existing file, when a record cannot be converted', async () => {
    const file = forgettingFile()
    // A GSM distractor has no recorded output and no GSM solver yet: conversion fails.
    file.samples[0]!.forgetting.distractors[0]!.task_name = 'GSM_0003.json'
    writeJson(cwd, 'fails.json', { ...file, summary: { mode: 'agent' } })
    writeFileSync(join(cwd, 'keep.jsonl'), 'old contents\n')
    await expect(importRef('fails.json', '--out', 'keep.jsonl')).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_REFERENCE',
      message: expect.stringMatching(
        /fails\.json: samples\[0\]: task 1's output is not recorded and category "gsm" cannot compute it yet/,
      ),
    })
    await expect(importRef('fails.json', '--out', 'fresh.jsonl')).rejects.toThrow()
    expect(readFileSync(join(cwd, 'keep.jsonl'), 'utf8')).toBe('old contents\n')
    expect(existsSync(join(cwd, 'fresh.jsonl'))).toBe(false)
    expect(readdirSync(cwd).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('requires --out and a readable reference file', async () => {
    writeJson(cwd, 'one.json', baselineFile([divisorSumRecord()]))
    await expect(importRef('one.json')).rejects.toMatchObject({
      code: 'ARBIGRAPH_USAGE',
      message: expect.stringContaining('missing --out'),
    })
    await expect(importRef('absent.json', '--out', 'x.jsonl')).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_INPUT',
      message: expect.stringContaining('absent.json: no such file'),
    })
  })
})

describe.skipIf(!haveReference)('arbigraph import-reference on the released math chain', () => {
  it('round-trips all 640 records: readDataset validates, every node recomputes, inputs chain', async () => {
    const run = await importRef(join(arbigraphDir, 'math_chain.json'), '--out', 'math_chain.jsonl')
    expect(run.out).toContain('wrote 640 instances')
    const { manifest, instances } = await readDataset(join(cwd, 'math_chain.jsonl'))
    expect(manifest.source).toEqual({ kind: 'reference', file: 'math_chain.json', mode: 'math_chain' })
    expect(new Set(instances.map((i) => i.id)).size).toBe(640)
    expect(instances[0]!.nodes.map((n) => n.template)).toEqual([
      'TotientProductSequence',
      'PolySquareFreeEval',
      'PolygonDiagonalsSequence',
      'Convolution',
    ])
    expect(instances[0]!.nodes[3]!.params).toEqual({ seq2: [4n, -1n, -5n, -2n, -5n, 3n, -3n, -3n, -4n, 3n] })
    for (const instance of instances) await expectConsistent(instance)
  })
})
