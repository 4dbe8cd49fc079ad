import { describe, expect, it } from 'vitest'
import { analyzeFunction } from '../../../plugins/python/analysis/index.ts'
import { pythonTemplates } from '../../../plugins/python/category.ts'
import { pythonTask } from '../../../plugins/python/chaining/python-task.ts'
import { sandboxRunner } from '../../../plugins/python/chaining/sandbox-runner.ts'
import { loadBuiltinPool, loadPoolFile } from '../../../plugins/python/pool.ts'
import { createRng } from '../../../src/rng.ts'
import { pyRepr } from '../../../src/values.ts'

// Sorts its static list in place before reading it: the reference printed the sorted list.
const SORTER = `def firstFit(boxes: List[int], room: List[int]) -> int:
    room.sort()
    return sum(b * r for b, r in zip(boxes, room))
`

const task = pythonTask({
  id: 'first-fit',
  summary: 'test',
  functionName: 'firstFit',
  source: SORTER,
  info: analyzeFunction(SORTER),
  origin: 'test',
  runner: sandboxRunner,
})

describe('pythonTask', () => {
  it('prints static inputs as they were before the function sorted them', async () => {
    const input = [3n, 1n, 2n, 250n]
    const params = task.params(input, createRng('s').split('p'), 'list')
    const room = params.room as bigint[]
    expect(room).toHaveLength(10)
    expect([...room].sort((a, b) => Number(a - b))).not.toEqual(room) // drawn unsorted
    const output = await task.solve(input, params, 'list')
    const sorted = [...room].sort((a, b) => Number(a - b))
    expect(output).toBe([3n, 1n, 2n, 50n].reduce((acc, b, i) => acc + b * sorted[i]!, 0n))
    const text = task.text({
      n: 2,
      source: 'task_1_out',
      out: 'task_2_out',
      input,
      inputKind: 'list',
      params,
    })
    expect(text).toContain(`Define task_2_room_static = ${pyRepr(room)}.`)
    expect(text).not.toContain(pyRepr(sorted))
    expect(text).toContain('Trace the execution of the call task_2(list_2, room=task_2_room_static)')
    expect(text).toContain('Let list_2 be task_1_out with every element transformed')
    expect(params.room).toEqual(room) // solving never touched the printed values
  }, 120_000)

  it('draws the same static values from the same stream', () => {
    const a = task.params([1n], createRng('x'), 'list')
    const b = task.params([1n], createRng('x'), 'list')
    expect(a).toEqual(b)
    expect(task.params([1n], createRng('y'), 'list')).not.toEqual(a)
  })

  it('rejects a None result with a message naming the call', async () => {
    const none = pythonTask({
      id: 'none',
      summary: 'test',
      functionName: 'f',
      source: 'def f(x: int) -> int:\n    return None\n',
      info: analyzeFunction('def f(x: int) -> int:\n    return None\n'),
      origin: 'test',
      runner: sandboxRunner,
    })
    await expect(none.solve(205n, {}, 'scalar')).rejects.toThrow('task_1(5) returned None')
  }, 120_000)
})

describe('pools', () => {
  it('the built-in pool analyzes into templates with kinds from the annotations', () => {
    const templates = pythonTemplates({ pool: loadBuiltinPool() })
    expect(templates.length).toBeGreaterThan(50)
    for (const t of templates) expect(t.inputKinds.length).toBeGreaterThan(0)
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length)
  })

  it('a malformed pool file names the field', () => {
    expect(() => loadPoolFile('/nonexistent/pool.json')).toThrow(
      'python pool "/nonexistent/pool.json" does not exist',
    )
  })
})
