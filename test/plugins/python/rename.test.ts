import { describe, expect, it } from 'vitest'
import { analyzeFunction } from '../../../plugins/python/analysis/index.ts'
import { prepareCode, splitParams } from '../../../plugins/python/chaining/prepare-code.ts'
import { sandboxRunner } from '../../../plugins/python/chaining/sandbox-runner.ts'

const CLASS_SRC = `class Solution:
    LIMIT = 7

    def walk(self, steps: List[int], start: int) -> int:
        seen = Counter(steps)
        def bump(v):
            return v + len(steps)
        if start < 0: return self.walk(steps, -start)
        best = max((bump(s) for s in steps), default=0)
        return (best +
                self.clip(max(seen.values())) + min(steps, key=lambda s: abs(s)))

    def clip(self, v: int) -> int:
        return min(v, self.LIMIT)
`

describe('prepareCode', () => {
  it('renames, de-classes and imports what the code reads', () => {
    const info = analyzeFunction(CLASS_SRC, { name: 'walk' })
    const code = prepareCode(CLASS_SRC, info, 3, 'list')
    expect(code).toContain('from collections import Counter\n\nLIMIT = 7')
    expect(code).toContain('def task_3(list_3: List[int], start: int) -> int:')
    expect(code).toContain('    if start < 0: task_3_out = task_3(list_3, -start); return task_3_out')
    expect(code).toContain('        return v + len(list_3)')
    expect(code).toContain('def clip(v: int) -> int:\n    return min(v, LIMIT)')
    expect(code).toMatch(/ {4}task_3_out = \(best \+\n[\s\S]*\n {4}return task_3_out\n/)
    expect(code).not.toMatch(/\bself\b|\bsteps\b|class Solution/)
  })

  it('chains a scalar into the first int parameter', () => {
    const info = analyzeFunction(CLASS_SRC, { name: 'walk' })
    expect(splitParams(info, 'scalar').chained.name).toBe('start')
    expect(prepareCode(CLASS_SRC, info, 2, 'scalar')).toContain(
      'def task_2(steps: List[int], val_2: int) -> int:',
    )
  })

  it('renamed code returns what the original returns, in the sandbox', async () => {
    const run = sandboxRunner()
    const info = analyzeFunction(CLASS_SRC, { name: 'walk' })
    const original = `from collections import Counter\n${CLASS_SRC}`
    const inputs: [bigint[], bigint][] = [
      [[3n, -1n, 4n, 4n], 2n],
      [[5n, 9n, -2n], -6n],
      [[0n, 0n, 7n, -7n, 1n], 0n],
    ]
    for (const [steps, start] of inputs) {
      for (const kind of ['list', 'scalar'] as const) {
        const renamed = await run({
          source: prepareCode(CLASS_SRC, info, 1, kind),
          function: 'task_1',
          args: [steps, start],
        })
        const before = await run({ source: original, function: 'Solution.walk', args: [steps, start] })
        expect(renamed.ok, JSON.stringify(renamed)).toBe(true)
        expect(renamed).toEqual(before)
      }
    }
  }, 120_000)

  it('renames a top-level function that calls itself', async () => {
    const src =
      'def fold(xs: List[int]) -> int:\n    if len(xs) <= 1:\n        return sum(xs)\n    return fold(xs[1:]) * 2 + xs[0]\n'
    const code = prepareCode(src, analyzeFunction(src), 4, 'list')
    expect(code).toContain('task_4_out = task_4(list_4[1:]) * 2 + list_4[0]')
    const out = await sandboxRunner()({
      source: prepareCode(src, analyzeFunction(src), 1, 'list'),
      function: 'task_1',
      args: [[1n, 2n, 3n]],
    })
    expect(out).toEqual({ ok: true, repr: String(1 + 2 * (2 + 2 * 3)) })
  }, 120_000)
})
