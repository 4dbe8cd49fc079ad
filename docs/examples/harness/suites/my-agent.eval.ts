// suites/my-agent.eval.ts
import { defineSuite } from 'arbigraph/vitest'

defineSuite({
  topology: 'chain',
  options: { length: 2 },
  category: 'math',
  samplesPerTask: 1,
  harness: 'my-agent',
})
