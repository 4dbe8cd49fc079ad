/**
 * Sweep: Long-Transduction budget on arithmetic (plain format, difficulty level 1). How long a
 * document can a model rewrite without losing a record? Small by default (4K, 8K, 16K tokens;
 * two documents per point); ARBIGRAPH_SWEEP=full runs 4K → 128K with five. A point's size is its
 * budget in tokens, and a document counts as correct on the curve when it is an exact completion.
 */
import { bySweepScale, defineSweep } from '../../vitest.ts'

defineSweep({
  benchmark: 'transduction',
  options: {
    family: 'arithmetic',
    formats: ['plain'],
    levels: [1],
    samples: bySweepScale({ small: 2, full: 5 }),
  },
  vary: {
    budget: bySweepScale({ small: [4000, 8000, 16000], full: [4000, 8000, 16000, 32000, 64000, 128000] }),
  },
})
