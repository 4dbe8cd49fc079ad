/**
 * UUID sorting: each record is a comma-separated list of `count` distinct 8-digit lowercase
 * hexadecimal identifiers (difficulty 2, 4, 8 or 16); the output is the same list in ascending
 * order. All identifiers have the same length, so string order is numeric order.
 * Reference: Long-Transduction paper, Appendix A "UUID sorting".
 */
import type { Rng } from '../../../src/rng.ts'
import type { LineRecord, LineTask } from './line-task.ts'

const hexId = (rng: Rng): string => rng.uint32().toString(16).padStart(8, '0')

function drawRecord(rng: Rng, count: number): LineRecord {
  const ids = new Set<string>()
  while (ids.size < count) ids.add(hexId(rng))
  const list = [...ids]
  return { input: list.join(','), output: [...list].sort().join(',') }
}

/**
 * The UUID sorting task with `count` identifiers per record.
 * @example uuidSortTask(2).next(createRng(0)).output // e.g. '1f03a2c4,e0d1b2a9'
 */
export function uuidSortTask(count: number): LineTask {
  return {
    instruction:
      'Each record is a comma-separated list of 8-digit hexadecimal identifiers. Write the same identifiers sorted in ascending order, separated by commas, with no spaces.',
    examples: [
      { input: 'c0a8e1d2,a1b2c3d4,b1c2d3e4', output: 'a1b2c3d4,b1c2d3e4,c0a8e1d2' },
      { input: 'f0e1d2c3,01234567', output: '01234567,f0e1d2c3' },
    ],
    exampleNote: '',
    preamble: '',
    next: (rng) => drawRecord(rng, count),
  }
}
