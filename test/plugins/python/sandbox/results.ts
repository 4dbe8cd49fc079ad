/**
 * What a call returns (repr, exact value, steps, inputs, classified errors), the same for any pool
 * size, and the pool's API errors. Run by ../sandbox.test.ts on its shared pools.
 */
import { describe, expect, it } from 'vitest'
import {
  createPythonPool,
  decodeAnswer,
  isWordSizeDependent,
  type PythonCall,
  type PythonPool,
} from '../../../../plugins/python/sandbox/index.ts'
import { ArbigraphError } from '../../../../src/errors.ts'

/** Registers the tests; `one` and `two` are the warm pools of size 1 and 2. */
export function resultsTests(one: PythonPool, two: PythonPool): void {
  describe('python sandbox: results', () => {
    it('returns the repr, the exact value, the step count and the inputs before and after an in-place sort', async () => {
      const out = await one.run({
        source:
          'def task_1(list_1: List[int], k: int) -> List[int]:\n    list_1.sort()\n    return [x * 2**70 for x in list_1[:k]]',
        call: { function: 'task_1', kwargs: { list_1: '[3, -1, 2]', k: '2' } },
      })
      expect(out).toEqual({
        ok: true,
        repr: '[-1180591620717411303424, 2361183241434822606848]',
        value: [-1180591620717411303424n, 2361183241434822606848n],
        // The module's `def` line, two body lines, three line events in the comprehension frame.
        steps: 6,
        inputs: { args: [], kwargs: { list_1: '[3, -1, 2]', k: '2' } },
        inputsAfter: { args: [], kwargs: { list_1: '[-1, 2, 3]', k: '2' } },
      })
    })

    it('calls Class.method on a fresh instance, with typing and math preloaded as in the reference', async () => {
      const source =
        'class Solution:\n    def go(self, nums: List[int]) -> int:\n        return math.gcd(*nums) + len(Counter(nums))\n\nfrom collections import Counter\n'
      const out = await one.run({ source, call: { function: 'Solution.go', args: ['[12, 18, 12]'] } })
      expect(out).toMatchObject({ ok: true, repr: '8', value: 8n })
    })

    it('gives each call fresh inputs, builtins, random state and recursion limit', async () => {
      const poison =
        "import sys, random\n__builtins__['len'] = lambda x: 99\nsys.setrecursionlimit(50)\ndef f(a):\n    a.append(1)\n    return random.random()"
      const first = await one.run({ source: poison, call: { function: 'f', args: ['[]'] } })
      const probe =
        'import sys, random\ndef f(a):\n    return [len(a), sys.getrecursionlimit() > 50, random.random()]'
      const second = await one.run({ source: probe, call: { function: 'f', args: ['[]'] } })
      expect(first.ok && second.ok).toBe(true)
      if (!first.ok || !second.ok) return
      expect(second.repr).toBe(`[0, True, ${first.repr}]`)
    })

    it('reports Python exceptions with their type and message', async () => {
      const out = await one.run({
        source: 'def f(a):\n    return a // 0',
        call: { function: 'f', args: ['5'] },
      })
      expect(out).toMatchObject({
        ok: false,
        error: { kind: 'python-exception', message: 'ZeroDivisionError: integer division or modulo by zero' },
      })
      const missing = await one.run({ source: 'x = 1', call: { function: 'task_9' } })
      expect(missing).toMatchObject({
        ok: false,
        error: { message: 'NameError: the source defines no "task_9"' },
      })
      const bad = await one.run({
        source: 'def f(a):\n    return a',
        call: { function: 'f', args: ['open("x")'] },
      })
      expect(bad).toMatchObject({
        ok: false,
        error: { kind: 'python-exception', message: expect.stringContaining('not a Python literal') },
      })
    })

    it('rejects results that differ between 32-bit pyodide and 64-bit CPython (sys.maxsize)', async () => {
      const out = await one.run({
        source: 'import sys\ndef f():\n    return [1, sys.maxsize]',
        call: { function: 'f' },
      })
      expect(out).toMatchObject({
        ok: false,
        error: { kind: 'platform-dependent', message: expect.stringContaining('sys.maxsize') },
      })
      expect(isWordSizeDependent('9223372036854775807')).toBe(true)
      expect(isWordSizeDependent('[-2147483648]')).toBe(true)
      expect(isWordSizeDependent('[2147483648, 21474836470]')).toBe(false)
    })

    it('gives the same bytes (repr and steps) for pool size 1 and 2, including string-set order under the fixed hash seed', async () => {
      const calls: PythonCall[] = Array.from({ length: 24 }, (_, i) => ({
        source: `import heapq, bisect\ndef f(n):\n    s = {'apple', 'pear', 'fig', str(n)}\n    h = [(x * 7919) % 101 for x in range(n)]\n    heapq.heapify(h)\n    return [hash('abc') % 1000, list(s), h[:3], bisect.bisect(sorted(h), 50)]`,
        call: { function: 'f', args: [String(i + 5)] },
      }))
      const render = async (pool: PythonPool) =>
        JSON.stringify(
          (await Promise.all(calls.map((c) => pool.run(c)))).map((o) => (o.ok ? [o.repr, o.steps] : o.error)),
        )
      const a = await render(one)
      expect(a).not.toContain('error')
      expect(await render(two)).toBe(a)
    })
  })

  describe('python sandbox: API errors', () => {
    it('rejects bad pool options with a coded error', () => {
      expect(() => createPythonPool({ size: 0 })).toThrow(ArbigraphError)
      expect(() => createPythonPool({ memoryMb: 10 })).toThrow(/createPythonPool: .*64/)
    })

    it('refuses run() after close()', async () => {
      const pool = createPythonPool({ size: 1 })
      await pool.close()
      await expect(pool.run({ source: '', call: { function: 'f' } })).rejects.toMatchObject({
        code: 'ARBIGRAPH_USAGE',
        message: 'python pool: run() after close()',
      })
    })

    it('decodes a crash and a timeout into classified errors', () => {
      expect(decodeAnswer({ crashed: 'interpreter exited (code 1)' }, 10)).toEqual({
        ok: false,
        error: { kind: 'crashed', message: 'interpreter exited (code 1)' },
      })
      expect(decodeAnswer({ timeout: true }, 250)).toMatchObject({
        error: { kind: 'timeout', message: expect.stringContaining('250 ms') },
      })
    })
  })
}
