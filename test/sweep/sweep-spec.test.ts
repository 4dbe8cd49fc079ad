import { describe, expect, test } from 'vitest'
import { multichain } from '../../plugins/topologies/multichain.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { bySweepScale, sweepScale } from '../../src/sweep/sweep-scale.ts'
import {
  parseSweepOptions,
  pointSeed,
  pointSpec,
  seedPoint,
  sweepPoints,
} from '../../src/sweep/sweep-spec.ts'
import { sweepCases } from '../../src/vitest/define-sweep.ts'

const env = { samples: undefined, epochs: 1, seed: undefined }

describe('sweep points', () => {
  test('one point per value, seeded <seed>/<axis>=<value>; an axis from 0 counts value + 1', () => {
    const sweep = parseSweepOptions({
      topology: 'forgetting',
      category: 'math',
      vary: { distractors: [0, 2, 8] },
    })
    expect(sweepPoints(sweep)).toEqual([
      { name: 'forgetting-distractors', axis: 'distractors', value: 0, size: 1 },
      { name: 'forgetting-distractors', axis: 'distractors', value: 2, size: 3 },
      { name: 'forgetting-distractors', axis: 'distractors', value: 8, size: 9 },
    ])
    expect(pointSpec(sweep, sweepPoints(sweep)[1]!, { seed: '7' })).toMatchObject({
      options: { distractors: 2 },
      seed: '7/distractors=2',
    })
    expect(pointSeed('0', 'length', 8)).toBe('0/length=8')
  })

  test("a point's instances do not depend on the other values swept", async () => {
    const base = { topology: 'chain', category: 'math', samplesPerTask: 1, targets: ['Convolution', 'NTT'] }
    const wide = await sweepCases({ ...base, vary: { length: [1, 2, 3] } }, env)
    const narrow = await sweepCases({ ...base, vary: { length: [3, 5] } }, env)
    const at3 = (cases: typeof wide.cases) =>
      cases.filter((c) => c.identity.sweep!.value === 3).map((c) => c.instance)
    expect(at3(narrow.cases)).toEqual(at3(wide.cases))
    const alone = await generateDataset({
      topology: 'chain',
      samplesPerTask: 1,
      targets: base.targets,
      categories: ['math'],
      options: { length: 3 },
      seed: '0/length=3',
    })
    expect(at3(wide.cases)).toEqual(alone.instances)
    // Instance ids repeat across points; case ids carry the point.
    expect(wide.cases.map((c) => c.identity.caseId)).toContain('chain-length@3/chain/math/Convolution#0')
    expect(new Set(wide.cases.map((c) => c.identity.caseId)).size).toBe(wide.cases.length)
  })

  test('multichain branches and branchLength are sweep axes', async () => {
    const { cases } = await sweepCases(
      {
        topology: 'multichain',
        category: 'math',
        vary: { branches: [2, 3] },
        options: { branchLength: 1 },
        samplesPerTask: 1,
        targets: ['NTT'],
      },
      env,
    )
    expect(cases.map((c) => c.instance.nodes.length)).toEqual([6, 7])
    expect(
      multichain.options.safeParse({ structure: "['m',['m'],['m'],'m']", branches: 3 }).error?.issues[0]
        ?.message,
    ).toBe('give "structure" or "branches"/"branchLength", not both')
  })
})

describe('bad sweep options are rejected at definition time, naming the field', () => {
  const base = { topology: 'chain', category: 'math' }
  test.each([
    [{ ...base, vary: { length: [1] } }, 'defineSweep: vary.length: a sweep needs at least 2 values'],
    [{ ...base, vary: { length: [4, 2] } }, 'defineSweep: vary.length: values must be strictly increasing'],
    [
      { ...base, vary: { length: [1, 2.5] } },
      'defineSweep: vary.length[1]: Invalid input: expected int, received number',
    ],
    [
      { ...base, vary: { length: [1, 2], distractors: [1, 2] } },
      'defineSweep: vary: vary exactly one option',
    ],
    [
      { ...base, vary: { length: [1, 2] }, options: { length: 3 } },
      'defineSweep: options.length: "length" is the varied option',
    ],
    [
      { topology: 'chain', vary: { length: [1, 2] } },
      'defineSweep: category: give exactly one of "category" and "categories"',
    ],
    [
      { ...base, name: 'no spaces', vary: { length: [1, 2] } },
      'defineSweep: name: must be letters, digits, ".", "_" or "-" (e.g. "chain-length")',
    ],
    [
      { ...base, vary: { length: [1, 2] }, conditions: ['isolated'] },
      'defineSweep: conditions: "in-graph" must be among the conditions (every difference is measured against it)',
    ],
  ])('%o', (options, message) => {
    expect(() => parseSweepOptions(options as never)).toThrow(message)
  })

  test('ARBIGRAPH_SWEEP is small or full', () => {
    expect(sweepScale({})).toBe('small')
    expect(bySweepScale({ small: 1, full: 2 }, { ARBIGRAPH_SWEEP: 'full' })).toBe(2)
    expect(() => sweepScale({ ARBIGRAPH_SWEEP: 'huge' })).toThrow(
      'invalid sweep environment:\nARBIGRAPH_SWEEP: expected one of small, full, got "huge"',
    )
  })
})

test('sweep conditions are read in canonical order', () => {
  const sweep = parseSweepOptions({
    topology: 'chain',
    category: 'math',
    vary: { length: [1, 2] },
    conditions: ['chained', 'in-graph', 'isolated'],
  })
  expect(sweep.conditions).toEqual(['in-graph', 'isolated', 'chained'])
})

test('a point seed names its axis and value; other seeds name none', () => {
  expect(seedPoint(pointSeed('0', 'budget', 8000))).toEqual({ axis: 'budget', value: 8000 })
  expect(seedPoint(pointSeed('run/a', 'level', 2))).toEqual({ axis: 'level', value: 2 })
  expect(seedPoint('0')).toBeNull()
  expect(seedPoint('0/level=two')).toBeNull()
})
