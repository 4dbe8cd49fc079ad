import { describe, expect, it } from 'vitest'
import { analyzeFunction, parsePython } from '../../../plugins/python/analysis/index.ts'

describe('analyzeFunction', () => {
  it('drops a leading self and classifies List/Tuple/Optional annotations', () => {
    const info = analyzeFunction(
      [
        'class Solution:',
        '    def pick(self, xs: List[int], k: Optional[int], pair: Tuple[int, list[int]], n: int = 3, *rest, key: int = 0, **kw) -> Tuple[List[int], int]:',
        '        return xs, k',
        '',
      ].join('\n'),
    )
    expect(info.name).toBe('pick')
    expect(info.className).toBe('Solution')
    expect(info.params.map((p) => [p.name, p.kind, p.default])).toEqual([
      ['xs', 'list', null],
      ['k', 'scalar', null],
      ['pair', 'list', null],
      ['n', 'scalar', '3'],
    ])
    expect(info.outputKind).toBe('list')
    expect(info).toMatchObject({ inputKind: 'list', hasListIn: true, hasScalarIn: true })
  })

  it('takes the named method past decorators and skips nested defs of the same name', () => {
    const src = [
      'class Solution:',
      '    def helper(self, n: int) -> int:',
      '        def target(q):',
      '            return q',
      '        return n',
      '    @cache',
      '    def target(self, n: int) -> List[int]:',
      '        return [n]',
      '',
    ].join('\n')
    const info = analyzeFunction(src, { name: 'target' })
    expect(info.params.map((p) => p.name)).toEqual(['n'])
    expect(info.outputKind).toBe('list')
    expect(analyzeFunction(src).name).toBe('helper')
  })

  it('reads an unannotated or string-annotated parameter as a scalar', () => {
    const info = analyzeFunction('def f(a, b: "List[int]") -> int:\n    return a\n')
    expect(info.params.map((p) => p.kind)).toEqual(['scalar', 'scalar'])
    expect(info.inputKind).toBe('scalar')
  })

  it('rejects a syntax error with its line and column', () => {
    expect(() => parsePython('def f(x):\n    return x +\n', 'bad.py')).toThrow(
      /bad\.py:2:\d+: Python syntax error/,
    )
    try {
      analyzeFunction('def f(x:\n  return x +', { label: 'broken' })
      expect.unreachable()
    } catch (error) {
      expect((error as { code: string }).code).toBe('ARBIGRAPH_BAD_INPUT')
      expect((error as Error).message).toContain('broken:2:3: Python syntax error near "return x +"')
    }
  })

  it('names the missing function', () => {
    expect(() => analyzeFunction('x = 1\n', { name: 'g', label: 'm.py' })).toThrow(
      'm.py: no function or method named "g"',
    )
  })
})
