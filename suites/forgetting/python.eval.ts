/**
 * Forgetting, python: three independent distractor tasks, then the graded one; the distractors'
 * context is what the model must not let interfere. Every python function × 2 samples by default.
 */
import { defineSuite } from '../../vitest.ts'

defineSuite({ topology: 'forgetting', options: { distractors: 3 }, category: 'python', samplesPerTask: 2 })
