// suites/chain.eval.ts: math chains whose last task is Triple, which is graded
import { defineSuite } from 'arbigraph/vitest'

defineSuite({
  topology: 'chain',
  options: { length: 3 },
  categories: ['tripling', 'math'],
  samplesPerTask: 2,
})
