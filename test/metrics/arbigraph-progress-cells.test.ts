import { describe, expect, it } from 'vitest'
import { arbigraphProgressCells } from '../../src/metrics/arbigraph-progress-cells.ts'
import { makeRecord } from './make-record.ts'

const point = (value: number) => ({ name: 'chain-length', axis: 'length', value, size: value })

describe('arbigraphProgressCells', () => {
  it("gives the table's cells, then one cell per sweep point, infrastructure errors apart", () => {
    const cells = arbigraphProgressCells([
      makeRecord({ caseId: 'a', correct: true }),
      makeRecord({ caseId: 'b', correct: false }),
      makeRecord({ caseId: 'c', topology: 'baseline', category: 'gsm', infra: 'endpoint down' }),
      makeRecord({ caseId: 'd', sweep: point(3), correct: true }),
      makeRecord({ caseId: 'e', sweep: point(3), correct: false }),
      makeRecord({ caseId: 'f', sweep: point(5), infra: 'endpoint down' }),
    ])
    expect(cells).toEqual([
      { cell: 'baseline/gsm', graded: 0, correct: 0, infraErrors: 1 },
      { cell: 'chain/math', graded: 2, correct: 1, infraErrors: 0 },
      { cell: 'sweep:chain-length length=3', graded: 2, correct: 1, infraErrors: 0 },
      { cell: 'sweep:chain-length length=5', graded: 0, correct: 0, infraErrors: 1 },
    ])
  })
})
