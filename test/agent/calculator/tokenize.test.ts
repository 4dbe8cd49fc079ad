import { describe, expect, it } from 'vitest'
import { calculate } from '../../../src/agent/calculator/index.ts'

// Python 3.11's verdict on each text: `str(eval(compile(text, '<s>', 'eval')))` after
// `ast.parse(text, mode='eval')`, or SyntaxError. Generated once with python3 in scratch and
// written here as literals.
const PYTHON_LINES: [string, string][] = [
  ['1\n+2', 'SyntaxError'],
  ['(1\n+2)', '3'],
  ['1+2\n', '3'],
  ['\n1+2', '3'],
  ['1+\n2', 'SyntaxError'],
  ['max(1,\n2)', '2'],
  ['1\\\n+2', '3'],
  ['1 \\\n+ 2', '3'],
  ['1\\\n', 'SyntaxError'],
  ['\\\n1', '1'],
  ['1\\ \n+2', 'SyntaxError'],
  ['1+2\\', 'SyntaxError'],
  ['(1\\\n+2)', '3'],
  ['1\r\n+2', 'SyntaxError'],
  ['(1\r\n+2)', '3'],
  ['1\r+2', 'SyntaxError'],
  ['1+2\r\n', '3'],
  ['1\f+2', '3'],
  ['1+2 ', '3'],
  ['1+2\n\n', '3'],
  ['1+2\n \n', '3'],
  ['(1+\n\n2)', '3'],
  ['1 # c', '1'],
  ['(1 # c\n+2)', '3'],
  ['\n\n1', '1'],
  ['1\n', '1'],
  ['(\n1\n)', '1'],
  ['1\\', 'SyntaxError'],
  ['1+\\\n\n2', 'SyntaxError'],
  ['  \n1', '1'],
  ['(1+2\n', 'SyntaxError'],
  ['1\r', '1'],
  ['\r1', '1'],
  ['1\\\r\n+2', '3'],
  ['1+2 # x\n# y\n', '3'],
  ['2*(3\n+4)\n*5', 'SyntaxError'],
  ['2*(3\n+4)*5\n', '70'],
  ['abs(\n-3\n)', '3'],
  ['1\n\n+2', 'SyntaxError'],
  ['(1)\n(2)', 'SyntaxError'],
]

describe('calculate › lines follow Python’s tokenizer', () => {
  it.each(PYTHON_LINES)('%j → %s', (text, python) => {
    const got = calculate(text)
    if (python === 'SyntaxError') expect(got).toMatch(/^Error: /)
    else expect(got).toBe(python)
  })

  it('says why a newline outside parentheses ends the expression', () => {
    expect(calculate('1\n+2')).toBe(
      'Error: invalid syntax: the newline at position 1 ends the expression outside parentheses, ' +
        'but more follows; wrap a multi-line expression in parentheses or send one expression per item',
    )
  })

  it('names a backslash that does not continue a line', () => {
    expect(calculate('1\\ \n+2')).toBe(
      'Error: unexpected character after line continuation character at position 1',
    )
    expect(calculate('1\\\n')).toBe(
      'Error: unexpected end of expression after the line continuation at position 1',
    )
  })
})
