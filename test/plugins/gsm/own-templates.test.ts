import { describe, expect, test } from 'vitest'
import { gsmTask } from '../../../plugins/gsm/category.ts'
import { countOperations } from '../../../plugins/gsm/expression.ts'
import { gsm, ownGsmTemplates } from '../../../plugins/gsm/index.ts'
import { parseTemplate } from '../../../plugins/gsm/parse.ts'
import { bindableCount } from '../../../plugins/gsm/template-pool.ts'
import { createRng } from '../../../src/rng.ts'
import { pyRepr } from '../../../src/values.ts'

describe('gsm/own templates', () => {
  test('at least 41 templates, unique ids, each with ≥ 4 operations in its answer', () => {
    expect(ownGsmTemplates.length).toBeGreaterThanOrEqual(41)
    expect(new Set(ownGsmTemplates.map((t) => t.template.id)).size).toBe(ownGsmTemplates.length)
    const weak = ownGsmTemplates
      .filter((t) => countOperations(t.template.answer.expr) < 4)
      .map((t) => t.template.id)
    expect(weak).toEqual([])
  })

  test('each instantiates for ≥ 95% of chained values 0–99', () => {
    const weak = ownGsmTemplates
      .map((t) => [t.template.id, bindableCount(t.template)] as const)
      .filter(([, n]) => n < 95)
    expect(weak).toEqual([])
  })

  test('answers are integers; every parameter is printed; the block binds val_N', () => {
    for (const task of gsm.templates) {
      for (const v of [-14n, 0n, 57n, 99n, 12345n]) {
        const params = task.params(v, createRng('own').split(task.id, v), 'scalar')
        const out = task.solve(v, params, 'scalar')
        expect(typeof out, `${task.id} at ${v}`).toBe('bigint')
        const block = task.text({
          n: 3,
          source: 'task_2_out',
          out: 'task_3_out',
          input: v,
          inputKind: 'scalar',
          params,
        })
        expect(block).toContain('val_3')
        expect(block).toContain('task_2_out')
        expect(block.endsWith('Save the final numerical answer in task_3_out.')).toBe(true)
        expect(block).not.toMatch(/\{\w+/)
        for (const [k, p] of Object.entries(params)) expect(block, `${task.id}.${k}`).toContain(pyRepr(p))
      }
    }
  })

  test('params, solve and text are a pure function of (input, rng stream)', () => {
    const task = gsm.templates.find((t) => t.id === 'ClassMarbles')!
    const a = task.params(81n, createRng('same'), 'scalar')
    const b = task.params(81n, createRng('same'), 'scalar')
    expect(a).toEqual(b)
    const text = (p: typeof a) =>
      task.text({
        n: 1,
        source: 'task_1_input',
        out: 'task_1_out',
        input: 81n,
        inputKind: 'scalar',
        params: p,
      })
    expect(text(a)).toBe(text(b))
    expect(task.solve(81n, a, 'scalar')).toBe(task.solve(81n, b, 'scalar'))
  })

  test('a bound value off the input prints its offset as an "add" step', () => {
    const toy = parseTemplate(
      'toy',
      'A box holds {a,50} pens and {b,3} pencils.\n#init:\n- $a = range(50, 60)\n- $b = range(1, 9)\n#answer: a * b + a - b * 2',
    )
    const task = gsmTask(toy, { id: 'Toy', summary: 'toy' })
    const params = task.params(7n, createRng('x'), 'scalar')
    expect(Object.keys(params)).toEqual(['b'])
    const block = task.text({
      n: 2,
      source: 'task_1_out',
      out: 'task_2_out',
      input: 7n,
      inputKind: 'scalar',
      params,
    })
    expect(block).toContain('then add 43 to it')
    expect(block).toContain('A box holds val_2 pens')
    const b = params.b as bigint
    expect(task.solve(7n, params, 'scalar')).toBe(50n * b + 50n - b * 2n)
  })
})
