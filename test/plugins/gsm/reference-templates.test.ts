import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { buildPool, readTemplateFolder } from '../../../plugins/gsm/template-pool.ts'

const REFERENCE =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? join(import.meta.dirname, '../../../../shared/reference')
const TEMPLATES = join(REFERENCE, 'gsm-symbolic/templates/symbolic')
const OVERRIDES = join(REFERENCE, 'arbigraph/tasks/gsm_task/corrected_templates')
const present = existsSync(TEMPLATES) && existsSync(OVERRIDES)
if (!present)
  console.warn(`gsm reference templates not found at ${TEMPLATES}: skipping the public-template tests`)

// Templates the reference's released gsm_chain.json draws from (every one it could instantiate).
const REFERENCE_USED = [...Array(100).keys()].filter(
  (i) => ![2, 6, 11, 13, 17, 21, 23, 30, 35, 40, 45, 49, 52, 55, 61, 76, 83].includes(i),
)
const TARGETS = [
  0, 3, 4, 7, 10, 15, 16, 18, 19, 24, 27, 28, 32, 34, 36, 39, 42, 47, 48, 50, 51, 54, 58, 59, 60, 62, 66, 67,
  71, 72, 75, 78, 82, 84, 86, 88, 93, 94, 95, 96, 99,
]

describe.skipIf(!present)('gsm/public templates (GSM-Symbolic, read from the reference folder)', () => {
  const pool = present ? buildPool(readTemplateFolder(TEMPLATES, OVERRIDES)) : undefined

  test('every template the reference instantiates, we instantiate', () => {
    const ours = new Set(pool!.templates.map((t) => t.index))
    expect(REFERENCE_USED.filter((i) => !ours.has(i))).toEqual([])
    expect(pool!.templates.length + pool!.unusable.length).toBe(100)
  })

  test('the 41 targets all have ≥ 4 operations; the 10 overrides are applied', () => {
    const byIndex = new Map(pool!.templates.map((t) => [t.index, t]))
    expect(TARGETS.filter((i) => (byIndex.get(i)?.operations ?? 0) < 4)).toEqual([])
    expect(pool!.templates.filter((t) => t.overridden).map((t) => t.id)).toEqual([
      '0010',
      '0016',
      '0024',
      '0039',
      '0048',
      '0050',
      '0060',
      '0062',
      '0082',
      '0096',
    ])
    expect(byIndex.get(62)!.question_annotated).toContain('#answer: 2 * (n1 + n1 + (p/100 * n1))')
  })

  test('every template we cannot use comes with a reason', () => {
    const reasons = Object.fromEntries(pool!.unusable.map((u) => [u.id, u.reason]))
    expect(reasons['0013']).toContain('no "#answer:" line')
    expect(reasons['0040']).toContain('unsupported domain "np.arange(11.25, 12, 0.25)"')
    expect(reasons['0055']).toContain('no numeric variable')
    for (const u of pool!.unusable) expect(u.reason.length).toBeGreaterThan(10)
  })
})
