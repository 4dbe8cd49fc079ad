/**
 * Forgetting, math: three independent distractor tasks, then the graded one; the distractors'
 * context is what the model must not let interfere. Every math target × 2 samples by default.
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'forgetting', options: { distractors: 3 }, category: 'math', samplesPerTask: 2 })
