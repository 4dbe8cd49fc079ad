import { describe, expect, it } from 'vitest'
import { formatDuration, progressLine, throttle } from '../../src/report/progress-line.ts'

describe('progressLine', () => {
  it('gives done/total, percent, rate, elapsed time and ETA', () => {
    expect(progressLine({ done: 50, total: 200, elapsedMs: 10_000, unit: 'cases' })).toBe(
      'progress: 50/200 cases (25.0%), 5.0 cases/s, elapsed 10s, ETA 30s',
    )
  })

  it('adds each cell with its running accuracy and infrastructure errors apart', () => {
    const line = progressLine({
      done: 3,
      total: 4,
      elapsedMs: 61_000,
      unit: 'cases',
      cells: [
        { cell: 'chain/math', correct: 1, graded: 2, infraErrors: 0 },
        { cell: 'baseline/gsm', correct: 0, graded: 0, infraErrors: 1 },
      ],
    })
    expect(line).toBe(
      'progress: 3/4 cases (75.0%), 0.0 cases/s, elapsed 1m01s, ETA 20s; chain/math 50.0% (1/2); baseline/gsm no grades yet, 1 infra errors',
    )
  })

  it('gives no percentage and no ETA while files are loading (the total still grows)', () => {
    const line = progressLine({
      done: 5,
      total: 8,
      elapsedMs: 1000,
      unit: 'cases',
      loading: { loaded: 1, files: 3 },
    })
    expect(line).toBe(
      'progress: 5/8+ cases so far, 5.0 cases/s, elapsed 1s, ETA once every file is loaded (1/3)',
    )
  })

  it('says the ETA is unknown before anything finished, and 0s when all did', () => {
    expect(progressLine({ done: 0, total: 9, elapsedMs: 5000, unit: 'instances' })).toContain('ETA unknown')
    expect(progressLine({ done: 9, total: 9, elapsedMs: 5000, unit: 'instances' })).toContain('ETA 0s')
  })
})

describe('formatDuration', () => {
  it('writes hours with minutes, minutes with seconds, else seconds', () => {
    expect(formatDuration(3_725_000)).toBe('1h02m')
    expect(formatDuration(247_000)).toBe('4m07s')
    expect(formatDuration(9_400)).toBe('9s')
    expect(formatDuration(-5)).toBe('0s')
  })
})

describe('throttle', () => {
  it('opens at most once per interval of the injected clock', () => {
    let t = 1000
    const due = throttle(10_000, () => t)
    const opened: number[] = []
    for (const at of [1000, 5000, 10_999, 11_000, 11_001, 20_999, 21_000, 45_000, 46_000]) {
      t = at
      if (due()) opened.push(at)
    }
    expect(opened).toEqual([11_000, 21_000, 45_000])
  })
})
