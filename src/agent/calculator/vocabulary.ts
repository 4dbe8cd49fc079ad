/**
 * What the calculator accepts, in one place, so error messages and the tool description list
 * the same operators and functions the evaluator implements.
 */

/** Builtins callable by bare name, as in Python. */
export const BUILTIN_FUNCTIONS = ['abs', 'round', 'min', 'max', 'pow', 'int', 'float'] as const

/** `math` functions, callable as `gcd(...)` or `math.gcd(...)`. */
export const MATH_FUNCTIONS = [
  'sqrt',
  'floor',
  'ceil',
  'gcd',
  'lcm',
  'isqrt',
  'factorial',
  'comb',
  'perm',
] as const

/** Every callable name, including the `math.` spellings. */
export const FUNCTION_NAMES: ReadonlySet<string> = new Set([
  ...BUILTIN_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...MATH_FUNCTIONS.map((name) => `math.${name}`),
])

/**
 * One line naming everything allowed, appended to name and syntax errors.
 * @example ALLOWED_SUMMARY // 'allowed: numbers, + - * / // % **, parentheses, and the functions abs, …'
 */
export const ALLOWED_SUMMARY = `allowed: numbers, + - * / // % **, parentheses, and the functions ${[
  ...BUILTIN_FUNCTIONS,
  ...MATH_FUNCTIONS,
].join(', ')}`
