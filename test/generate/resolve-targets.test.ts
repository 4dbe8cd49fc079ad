import { describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { snapshotSpecs } from '../../scripts/snapshot-specs.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { planDataset } from '../../src/generate/dataset-plan.ts'
import { getCategory } from '../../src/registry.ts'
import { graphFile, graphTask } from '../fixtures/graph-file.ts'

const registry = defaultRegistry()

const task = graphTask
const graph = (nodes: unknown[], edges: [string, string][], targets: string[]) => ({
  topology: 'dag',
  options: { graph: graphFile(nodes, edges, targets) },
  categories: ['math'],
  samplesPerTask: 1,
  seed: 'targets',
})

/** Whether `template` alone can be the target of `spec`: its own resolution, which shares nothing. */
function fitsAlone(spec: Record<string, unknown>, template: string): boolean {
  try {
    planDataset({ ...spec, targets: [template] }, registry)
    return true
  } catch (error) {
    if (error instanceof ArbigraphError && error.code === 'ARBIGRAPH_UNSATISFIABLE') return false
    throw error
  }
}

describe('resolveTargets', () => {
  // Targets fed a list, fed a scalar, pinned to a list input, on random shapes and fixed ones:
  // templates of the same kinds share one check, and the answer must be each template's own.
  const specs: [string, Record<string, unknown>][] = [
    [
      'random, 30 tasks',
      { topology: 'random', options: { nodes: 30 }, categories: ['math'], samplesPerTask: 1, seed: '1' },
    ],
    [
      'random, 300 tasks',
      { topology: 'random', options: { nodes: 300 }, categories: ['math'], samplesPerTask: 1, seed: '2' },
    ],
    ['a target fed a list', graph([task('a', { template: 'Convolution' }), task('b')], [['a', 'b']], ['b'])],
    ['a target fed a scalar', graph([task('a', { template: 'DivisorSum' }), task('b')], [['a', 'b']], ['b'])],
    ['a target reading a list', graph([task('t', { input_kind: 'list' })], [], ['t'])],
    ['pick and pack', snapshotSpecs.dag as unknown as Record<string, unknown>],
  ]
  it.each(specs)('%s: takes exactly the templates that fit one by one, in category order', (_name, spec) => {
    const { targets } = planDataset(spec, registry)
    const all = getCategory(registry, 'math').templates.map((t) => t.id)
    const alone = all.filter((id) => fitsAlone(spec, id))
    expect(targets).toEqual(alone)
    expect(targets.length).toBeGreaterThan(0)
  })

  it('gives a template that does not fit the same reason after others were checked as alone', () => {
    const spec = graph([task('a', { template: 'Convolution' }), task('b')], [['a', 'b']], ['b'])
    const all = getCategory(registry, 'math').templates.map((t) => t.id)
    const fitting = all.filter((id) => fitsAlone(spec, id))
    const misfits = all.filter((id) => !fitsAlone(spec, id))
    // A list feeds the target: templates that read only scalars are out.
    expect(misfits).toContain('DivisorSum')
    const reason = (targets: string[]) => {
      try {
        planDataset({ ...spec, targets }, registry)
      } catch (error) {
        return (error as Error).message
      }
      return 'fits'
    }
    for (const id of misfits) {
      const alone = reason([id])
      expect(alone).toMatch(/node "a"/)
      expect(reason([...fitting, id])).toBe(alone)
    }
  })
})
