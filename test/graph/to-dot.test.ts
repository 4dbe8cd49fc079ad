import { instance } from '@viz-js/viz'
import { describe, expect, it } from 'vitest'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { toDot } from '../../src/graph/to-dot.ts'

const example = () => {
  const g = createSkeleton()
  g.task('t1', { family: 'math', inputKind: 'scalar', outputKind: 'list', template: 'GrayCode' })
  g.pick('p0', { from: 't1', index: 0 }).task('t2', { from: 'p0' })
  g.pick('p1', { from: 't1', index: 1 }).task('t3', { from: 'p1' })
  g.pack('k', { from: ['t2', 't3'] }).task('t4 "final"', { from: 'k', family: 'math' })
  return g.target('t4 "final"')
}

describe('toDot', () => {
  it('draws tasks, junctions, the target and pack slots', () => {
    const dot = toDot(example())
    expect(dot).toContain('rankdir=LR')
    expect(dot).toContain(
      '"t1" [label="t1\\nmath scalar->list\\ntemplate=GrayCode" shape=box style="rounded,filled" fillcolor=lightblue]',
    )
    expect(dot).toContain('"p1" [label="p1\\npick index=1" shape=ellipse')
    expect(dot).toContain(
      '"t4 \\"final\\"" [label="t4 \\"final\\"\\nmath ?->?" shape=box style="rounded,filled,bold" fillcolor=gold penwidth=3]',
    )
    expect(dot).toContain('"t3" -> "k" [label="slot 1"]')
    expect(dot.indexOf('"p1" [')).toBeLessThan(dot.indexOf('"t3" ['))
  })

  it('adds per-node notes and colours, and TB layout', () => {
    const dot = toDot(example(), {
      rankdir: 'TB',
      decorations: { t2: { note: 'wrong: 41', fill: '#ffcccc' } },
    })
    expect(dot).toContain('rankdir=TB')
    expect(dot).toContain(
      '"t2" [label="t2\\nany ?->?\\nwrong: 41" shape=box style="rounded,filled" fillcolor=lightblue fillcolor="#ffcccc"]',
    )
  })

  it('is valid DOT for Graphviz', async () => {
    const viz = await instance()
    const result = viz.render(toDot(example()), { format: 'svg' })
    expect(result.errors).toEqual([])
    expect(result.status).toBe('success')
  })
})
