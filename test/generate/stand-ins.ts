/**
 * Small local topologies for generator tests, so the generator is tested on shapes it knows
 * without depending on the built-in topology plugins.
 */
import { z } from 'zod'
import type { TaskTemplate } from '../../src/contracts/template.ts'
import { topology } from '../../src/contracts/topology.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'

export const testChain = topology({
  name: 'test-chain',
  summary: 'a chain of tasks',
  options: z.object({ length: z.int().min(1).default(4) }).strict(),
  defaults: { repeatTemplates: false, filter: 'shared', layout: 'dependent' },
  build({ length }) {
    const g = createSkeleton()
    for (let i = 1; i <= length; i++) g.task(`t${i}`, i > 1 ? { from: `t${i - 1}` } : {})
    return g.target(`t${length}`)
  },
})

/** a, b → pack → c → pick(2) → d, with e reading c directly too. */
export const testDag = topology({
  name: 'test-dag',
  summary: 'pack and pick',
  options: z.object({}).strict(),
  defaults: { repeatTemplates: true, filter: 'shared', layout: 'dependent' },
  build: () =>
    createSkeleton()
      .task('a')
      .task('b')
      .pack('k', { from: ['a', 'b'] })
      .task('c', { from: 'k' })
      .pick('p', { from: 'c', index: 2 })
      .task('d', { from: 'p' })
      .task('e', { from: 'c' })
      .target('d', 'e'),
})

/** a, b, c → pack → d, its edges added out of slot order: slots 2, 0, 1 (c, a, b in slot order). */
export const testShuffledPack = topology({
  name: 'test-shuffled-pack',
  summary: 'a pack whose inputs are not in slot order',
  options: z.object({}).strict(),
  defaults: { repeatTemplates: true, filter: 'shared', layout: 'dependent' },
  build: () => {
    const g = createSkeleton().task('a').task('b').task('c').graph
    g.addNode('k', { type: 'pack' })
    g.addDirectedEdge('a', 'k', { slot: 1 })
    g.addDirectedEdge('b', 'k', { slot: 2 })
    g.addDirectedEdge('c', 'k', { slot: 0 })
    g.addNode('d', { type: 'task' })
    g.addDirectedEdge('k', 'd')
    g.setAttribute('targets', ['d'])
    return g
  },
})

/** A template whose every output is rejected (0 is degenerate). */
export const zeroTemplate: TaskTemplate = {
  id: 'Zero',
  family: 'broken',
  summary: 'always 0',
  inputKinds: ['scalar', 'list'],
  outputKind: 'scalar',
  params: () => ({}),
  solve: () => 0n,
  text: ({ out }) => `Let ${out} = 0.`,
}
