import { describe, expect, it } from 'vitest'
import { contextLoss } from '../../src/metrics/context-loss.ts'
import {
  contextLossSection,
  formatContextLossMarkdown,
  formatContextLossText,
  formatDifference,
} from '../../src/report/format-context-loss.ts'
import { conditionsRecord } from '../conditions/make-conditions-record.ts'
import { makeRecord } from '../metrics/make-record.ts'

const T = true
const F = false
const records = [
  conditionsRecord(0, [
    { inGraph: T, isolated: T, chained: T, depth: 0 },
    { inGraph: F, isolated: T, chained: T, depth: 1, evidence: 'interference' },
  ]),
  conditionsRecord(1, [
    { inGraph: T, isolated: T, chained: T, depth: 0 },
    { inGraph: F, isolated: T, chained: F, depth: 1, evidence: 'propagated' },
  ]),
]

describe('the context-conditions report section', () => {
  it('writes a difference as signed percentage points, its interval and p', () => {
    expect(
      formatDifference({ n: 50, count: 6, estimate: 0.12, lower: -0.031, upper: 0.2204, p: 0.0312 }),
    ).toBe('+12.0 [−3.1, +22.0] p=0.031')
    expect(formatDifference({ n: 9, count: -9, estimate: -1, lower: -1, upper: -0.7, p: 0.0000001 })).toBe(
      '−100.0 [−100.0, −70.0] p=<0.001',
    )
    expect(formatDifference(null)).toBe('—')
  })

  it('terminal: one aligned row per cell and depth with the three accuracies and differences', () => {
    const text = formatContextLossText(contextLoss(records)!)
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^Context conditions: /)
    expect(lines[2]).toMatch(/^cell\s+depth\s+nodes\s+in-graph\s+isolated\s+chained\s+context loss \(pp\)/)
    expect(lines[3]).toMatch(/^chain\/math\s+all\s+4\s+50\.0%\s+100\.0%\s+75\.0%\s+\+50\.0 \[/)
    expect(lines[4]).toMatch(/^\s+0\s+2\s+100\.0%\s+100\.0%\s+100\.0%\s+\+0\.0/)
    expect(lines[5]).toMatch(
      /^\s+1\s+2\s+0\.0%\s+100\.0%\s+50\.0%\s+\+100\.0 \[.*\+50\.0 \[.*\+50\.0 \[.*0\/1\/1$/,
    )
    expect(lines).toHaveLength(6)
  })

  it('Markdown: a heading and one GitHub table with the same cells', () => {
    const md = formatContextLossMarkdown(contextLoss(records)!)
    const rows = md.split('\n').filter((l) => l.startsWith('|'))
    expect(md.startsWith('### Context conditions\n')).toBe(true)
    expect(rows).toHaveLength(2 + 3)
    expect(rows[2]).toContain('| chain/math | all | 4 | 50.0% | 100.0% | 75.0% | +50.0 [')
  })

  it('adds nothing to a report whose records ran in-graph only', () => {
    expect(contextLossSection([makeRecord()], 'text')).toBe('')
    expect(contextLossSection(records, 'markdown').startsWith('\n### Context conditions')).toBe(true)
  })
})
