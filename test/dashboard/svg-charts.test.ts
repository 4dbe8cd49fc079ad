import { describe, expect, it } from 'vitest'
import { accuracyChart, countChart, escapeXml } from '../../src/dashboard/svg-charts.ts'
import { summarize } from '../../src/metrics/summarize.ts'
import { makeRecord } from '../metrics/make-record.ts'

describe('accuracyChart', () => {
  const records = [
    ...Array.from({ length: 10 }, (_, i) => makeRecord({ caseId: `c${i}`, correct: i < 8 })),
    makeRecord({ caseId: 'b', topology: 'baseline', correct: true }),
  ]
  const svg = accuracyChart(summarize(records).cells)

  it('draws one bar per cell with its Wilson interval in the title', () => {
    expect(svg.match(/<g class="cell"/g)).toHaveLength(2)
    expect(svg).toContain('chain/math: 8/10 = 80.0% (95% CI 49.0%–94.3%)')
    // The bar is 80% of the 420-pixel plot; the whiskers span the interval.
    expect(svg).toContain('width="336.0"')
    expect(svg).toMatch(/<line x1="425\.9" y1="\d+" x2="616\.2"/)
  })

  it('escapes cell names', () => {
    const cells = summarize([makeRecord({ topology: '<x>' })]).cells
    expect(accuracyChart(cells)).toContain('&lt;x&gt;/math')
    expect(accuracyChart(cells)).not.toContain('<x>')
  })
})

describe('countChart', () => {
  it('sorts counts, longest first, and shows each share', () => {
    const svg = countChart({ stale: 1, local: 3 }, 'attribution')
    expect(svg.indexOf('local: 3 (75.0%)')).toBeLessThan(svg.indexOf('stale: 1 (25.0%)'))
  })

  it('says "none" when there is nothing to count', () => {
    expect(countChart({}, 'statuses')).toContain('>none<')
  })
})

it('escapeXml escapes the five characters that matter in SVG text and attributes', () => {
  expect(escapeXml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;')
})
