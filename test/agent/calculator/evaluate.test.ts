import { describe, expect, it } from 'vitest'
import { CalculatorError, calculate, evaluate } from '../../../src/agent/calculator/index.ts'

// Expected strings are Python 3.11's str(eval(expr)) with the math functions in scope, written
// here as literals (generated once in scratch, not recomputed at test time).
const PYTHON_TABLE: [string, string][] = [
  ['-7//2', '-4'],
  ['-7%3', '2'],
  ['7.5//2', '3.0'],
  ['-7.5%2', '0.5'],
  ['2**-1', '0.5'],
  ['10/3', '3.3333333333333335'],
  ['1e3', '1000.0'],
  ['2**0.5', '1.4142135623730951'],
  ['60 / 120 * 100', '50.0'],
  ['-2**2', '-4'],
  ['2**3**2', '512'],
  ['2**-2**2', '0.0625'],
  ['(-2)**2', '4'],
  ['7%-3', '-2'],
  ['-7//-2', '3'],
  ['5.5%-2', '-0.5'],
  ['0.0//-1', '-0.0'],
  ['1_000_000 * 3', '3000000'],
  ['0x1f + 0o17 + 0b101', '51'],
  ['.5 + 5.', '5.5'],
  ['1e16', '1e+16'],
  ['1e-5', '1e-05'],
  ['0.1+0.2', '0.30000000000000004'],
  ['10**30/7', '1.4285714285714285e+29'],
  ['(10**400+1)/10**399', '10.0'],
  ['1/10**400', '0.0'],
  ['10**20//3', '33333333333333333333'],
  ['2**64*3', '55340232221128654848'],
  ['-(2**100)', '-1267650600228229401496703205376'],
  ['round(2.5)', '2'],
  ['round(3.5)', '4'],
  ['round(-0.5)', '0'],
  ['round(2.675, 2)', '2.67'],
  ['round(25, -1)', '20'],
  ['round(35, -1)', '40'],
  ['round(1234.5678, -2)', '1200.0'],
  ['round(-0.001, 2)', '-0.0'],
  ['abs(-14) % 100', '14'],
  ['min(3, 1.0, 1)', '1.0'],
  ['max(2, 2.0)', '2'],
  ['pow(3, 4, 5)', '1'],
  ['pow(3, -1, 7)', '5'],
  ['pow(2, 10, -7)', '-5'],
  ['math.gcd(12, 18, 27)', '3'],
  ['gcd()', '0'],
  ['lcm(4, 6, 10)', '60'],
  ['isqrt(10**20+1)', '10000000000'],
  ['factorial(25)', '15511210043330985984000000'],
  ['comb(52, 5)', '2598960'],
  ['perm(10, 3)', '720'],
  ['perm(5)', '120'],
  ['int(-7.9)', '-7'],
  ['float(2**53+1)', '9007199254740992.0'],
  ['sqrt(2)', '1.4142135623730951'],
  ['math.floor(-2.5)', '-3'],
  ['ceil(2.1)', '3'],
  ['floor(7)', '7'],
  ['2**53+1', '9007199254740993'],
  ['7**-2', '0.02040816326530612'],
  ['1.1**10', '2.5937424601000023'],
  ['1e308*10', 'inf'],
  ['-(1e308*10)', '-inf'],
  ['(1e308*10)-(1e308*10)', 'nan'],
  ['1e400', 'inf'],
  ['10**4299//10**4298', '10'],
  ['  1 + 2', '3'],
]

describe('calculate › Python semantics', () => {
  it.each(PYTHON_TABLE)('%s → %s', (expr, want) => {
    expect(calculate(expr)).toBe(want)
  })

  it('keeps ints exact beyond 2^53 and floats distinct from ints', () => {
    expect(evaluate('2**53 + 1')).toBe(9007199254740993n)
    expect(evaluate('4/2')).toBe(2)
    expect(evaluate('4//2')).toBe(2n)
  })

  it('divides huge ints with one correct rounding (10**30/7 and subnormal results)', () => {
    expect(calculate('10**30/7')).toBe('1.4285714285714285e+29')
    expect(calculate('(2**1100 + 1) / 2**1100')).toBe('1.0')
    expect(calculate('1 / 2**1074')).toBe('5e-324')
    expect(calculate('3 / 2**1076')).toBe('5e-324')
    expect(calculate('1 / 2**1075')).toBe('0.0')
  })
})

// Python 3.11 error texts for the same inputs (str of the exception).
const PYTHON_ERRORS: [string, string][] = [
  ['1/0', 'Error: division by zero'],
  ['1//0', 'Error: integer division or modulo by zero'],
  ['1%0', 'Error: integer modulo by zero'],
  ['1.0/0', 'Error: float division by zero'],
  ['1.0//0', 'Error: float floor division by zero'],
  ['1.0%0', 'Error: float modulo'],
  ['0**-1', 'Error: 0.0 cannot be raised to a negative power'],
  ['2.0**10000', "Error: (34, 'Numerical result out of range')"],
  ['10**400*1.0', 'Error: int too large to convert to float'],
  ['10**400/1', 'Error: integer division result too large for a float'],
  ['(10**400)**-1', 'Error: int too large to convert to float'],
  ['pow(2, 3, 0)', 'Error: pow() 3rd argument cannot be 0'],
  ['pow(2, -1, 4)', 'Error: base is not invertible for the given modulus'],
  ['pow(2.0, 3, 5)', 'Error: pow() 3rd argument not allowed unless all arguments are integers'],
  ['factorial(-1)', 'Error: factorial() not defined for negative values'],
  ['factorial(2.0)', "Error: 'float' object cannot be interpreted as an integer"],
  ['isqrt(-1)', 'Error: isqrt() argument must be nonnegative'],
  ['comb(-1, 2)', 'Error: n must be a non-negative integer'],
  ['sqrt(-1)', 'Error: math domain error'],
  ['round(1e308*10)', 'Error: cannot convert float infinity to integer'],
  ['int((1e308*10)-(1e308*10))', 'Error: cannot convert float NaN to integer'],
  ['round(1.7976931348623157e308, -308)', 'Error: rounded value too large to represent'],
]

describe('calculate › errors as text', () => {
  it.each(PYTHON_ERRORS)('%s → %s', (expr, want) => {
    expect(calculate(expr)).toBe(want)
  })

  it.each([
    ['(-8)**(1/3)', 'complex numbers are not supported'],
    ['2j', 'complex numbers are not supported'],
    [
      'x',
      "names are not supported: 'x' (allowed: numbers, + - * / // % **, parentheses, and the functions abs, round",
    ],
    ['foo(1)', "unknown function 'foo'"],
    ['math.abs(1)', "unknown function 'math.abs'"],
    ['2^3', "'^' (bitwise xor) is not supported; write powers as a**b"],
    ['1 < 2', 'comparisons are not supported'],
    ['round(x=1)', "'=' is not supported"],
    ["'a'*3", 'strings are not supported'],
    ['[1, 2]', 'lists are not supported'],
    ['2(3)', 'write 2*(...) to multiply'],
    ['(2)(3)', 'write (...)*(...) to multiply'],
    ['3×4', "unsupported character '×' (U+00D7) at position 1; write '*' instead"],
    ['١٢', "non-ASCII digit '١' (U+0661) at position 0; only ASCII is accepted"],
    ['007', 'leading zeros in decimal integer literals are not permitted'],
    ['2x', "invalid number literal at position 0: '2x'"],
    ['', 'empty expression'],
    ['(1+2', "expected ')' but found end of expression"],
    ['1 +', 'unexpected end of expression'],
    ['abs(1, 2)', 'abs() takes exactly 1 argument (2 given)'],
    ['min(1)', 'min() takes at least 2 arguments (1 given)'],
    ['10**4300', 'integer result has more than 4300 digits'],
    ['1'.repeat(4301), 'integer literal at position 0 has 4301 digits (limit 4300)'],
  ])('%s → error containing %j', (expr, fragment) => {
    const text = calculate(expr)
    expect(text.startsWith('Error: ')).toBe(true)
    expect(text).toContain(fragment)
  })

  it('evaluate throws a coded CalculatorError with the Python exception type', () => {
    let caught: unknown
    try {
      evaluate('1//0')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(CalculatorError)
    expect((caught as CalculatorError).code).toBe('ARBIGRAPH_BAD_INPUT')
    expect((caught as CalculatorError).pyType).toBe('ZeroDivisionError')
  })
})
