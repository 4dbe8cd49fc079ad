import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseTemplate } from '../../../plugins/gsm/parse.ts'
import { recoverVariables } from '../../../plugins/gsm/recover.ts'
import { splitGsmBlock, useGsmTemplates } from '../../../plugins/gsm/reference-stage.ts'
import { referenceStageHandlers } from '../../../src/builtins.ts'
import { checkGraph, emptyReport } from '../../../src/io/reference/check.ts'
import { readReferenceFile } from '../../../src/io/reference/read.ts'

const REFERENCE =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? join(import.meta.dirname, '../../../../shared/reference')
const TEMPLATES = join(REFERENCE, 'gsm-symbolic/templates/symbolic')
const OVERRIDES = join(REFERENCE, 'arbigraph/tasks/gsm_task/corrected_templates')
const present = existsSync(TEMPLATES) && existsSync(join(REFERENCE, 'arbigraph/gsm_baseline.json'))
if (!present)
  console.warn(`gsm reference data not found under ${REFERENCE}: skipping the gsm check-reference tests`)

describe('gsm stage recovery (our own words, no reference data)', () => {
  const toy = parseTemplate(
    'toy',
    '{name,Ann} gets {n,80} letters a day; {p,20}% need no reply. In {d,5} days, how many {unit,pound}s?\n#init:\n- name = sample(names)\n- unit = sample(["pound", "kilogram"])\n- $n = range(50, 200)\n- $p = range(5, 40)\n- $d = range(3, 7)\n#answer: d * (n * (100 - p) / 100)',
  )
  test('splits a block into question and offset', () => {
    const block =
      'Let val_1 be the result of preprocessing task_1_input as follows - …; then add -42 to it.\nQ line\nSave the final numerical answer in task_1_out.'
    expect(splitGsmBlock(block)).toEqual({ question: 'Q line', offset: -42n })
  })
  test('recovers printed values and binds val_N to the preprocessed input', () => {
    const { vars, bound } = recoverVariables(
      toy,
      'Omar gets 100 letters a day; val_1% need no reply. In 4 days, how many kilograms?',
      39n,
    )
    expect(bound).toBe('p')
    expect(vars.get('n')).toEqual({ text: '100', value: 100n })
    expect(vars.get('p')).toEqual({ text: '39', value: 39n })
    expect(vars.get('unit')).toBe('kilogram')
  })
  test('a question that does not fit its template is an error', () => {
    expect(() => recoverVariables(toy, 'Something else entirely.', 1n)).toThrow('does not match template toy')
  })
})

describe.skipIf(!present)('check-reference on released GSM datasets', () => {
  // Forgotten after: a later file in the same worker may check what happens without templates.
  beforeAll(() => useGsmTemplates({ folder: TEMPLATES, overrides: OVERRIDES }))
  afterAll(() => useGsmTemplates(undefined))

  for (const [file, stages] of [
    ['gsm_baseline.json', 656],
    ['gsm_chain.json', 2624],
  ] as const) {
    test(`${file}: every stage reproduced`, async () => {
      const ref = await readReferenceFile(join(REFERENCE, 'arbigraph', file))
      const report = emptyReport()
      for (const [i, graph] of ref.graphs.entries())
        await checkGraph(graph, i, report, await referenceStageHandlers())
      expect(report.failures.slice(0, 3)).toEqual([])
      expect(report.checked).toBe(stages)
      expect(report.reproduced).toBe(stages)
    })
  }
})
