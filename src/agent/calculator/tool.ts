/**
 * The `calculator` tool as the model sees it: the OpenAI `tools` entry, the normalization of
 * whatever argument shape the model sent, and the result text. Shapes and result format follow
 * the reference harness so transcripts stay comparable: `{"results": […]}` for `expressions`,
 * the bare result for the legacy `expression`, `Error: …` per failed expression. The words of the
 * description are ours; they also state the function set and limits, which the reference lacks.
 *
 * Reference: arbigraph-reference-harness.md §1.4 (schema, normalize_tool_arguments, results).
 */
import { ArbigraphError } from '../../errors.ts'
import { calculate } from './evaluate.ts'
import { MAX_EXPRESSIONS, MAX_PRINT_DIGITS } from './limits.ts'
import { pyJsonResults } from './py-json.ts'
import { BUILTIN_FUNCTIONS, MATH_FUNCTIONS } from './vocabulary.ts'
import { createWorkMeter } from './work-meter.ts'

/** Arguments after normalization: `expressions` wins when both are present. */
export interface CalculatorArguments {
  expressions?: unknown[]
  expression?: string
}

/**
 * The OpenAI function-tool entry for `tools: [...]`.
 * @example calculatorTool.function.name // 'calculator'
 */
export const calculatorTool = {
  type: 'function',
  function: {
    name: 'calculator',
    description:
      'Evaluate one or more arithmetic expressions with Python semantics (exact integers of any size up to ' +
      `${MAX_PRINT_DIGITS} digits, floats, + - * / // % ** and parentheses). Functions: ` +
      `${[...BUILTIN_FUNCTIONS, ...MATH_FUNCTIONS].join(', ')} (math. prefix optional). ` +
      'For lists of values or multi-step arithmetic, put as many independent expressions as you can into one call.',
    parameters: {
      type: 'object',
      properties: {
        expressions: {
          type: 'array',
          items: { type: 'string' },
          description: `Expressions to evaluate in order, e.g. ["12*7 + 3", "(2**20) // 3"]. At most ${MAX_EXPRESSIONS}.`,
        },
        expression: { type: 'string', description: 'Legacy single expression; prefer "expressions".' },
      },
      required: ['expressions'],
    },
  },
} as const

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x)

/** Python's type name for a JSON value, as the reference's error texts print it. */
function pyTypeName(x: unknown): string {
  if (x === null || x === undefined) return 'NoneType'
  if (typeof x === 'boolean') return 'bool'
  if (typeof x === 'number') return Number.isInteger(x) ? 'int' : 'float'
  if (typeof x === 'string') return 'str'
  return Array.isArray(x) ? 'list' : 'dict'
}

/** Python's `str()` of a JSON value, for a non-string `expression`. */
function pyStr(x: unknown): string {
  if (x === null || x === undefined) return 'None'
  if (typeof x === 'boolean') return x ? 'True' : 'False'
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : JSON.stringify(x)
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

function normalizeRecord(raw: Record<string, unknown>, depth: number): CalculatorArguments {
  const keys = Object.keys(raw)
  if (keys.length === 1 && keys[0] === 'arguments') return normalizeAt(raw.arguments, depth + 1)
  let record: Record<string, unknown> = raw
  if ('arguments' in raw) {
    const { arguments: nested, ...rest } = raw
    const inner = isRecord(nested) || typeof nested === 'string' ? tryNormalize(nested, depth + 1) : undefined
    record = { ...rest, ...inner }
  }
  const out: CalculatorArguments = {}
  let { expressions, expression } = record
  if (typeof expressions === 'string') {
    const parsed = tryJson(expressions)
    expressions = parsed.ok && Array.isArray(parsed.value) ? parsed.value : [expressions]
  }
  if (expressions !== undefined) {
    if (!Array.isArray(expressions)) {
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `"expressions" must be an array of strings, got ${pyTypeName(expressions)}`,
      )
    }
    out.expressions = expressions
  }
  if (expression !== undefined) out.expression = pyStr(expression)
  if (out.expressions === undefined && out.expression === undefined) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `expected "expressions" (array of strings) or "expression" (string), got keys ${JSON.stringify(keys)}`,
    )
  }
  return out
}

function tryNormalize(raw: unknown, depth: number): CalculatorArguments | undefined {
  try {
    return normalizeAt(raw, depth)
  } catch {
    return undefined
  }
}

function normalizeAt(raw: unknown, depth: number): CalculatorArguments {
  if (depth > 16)
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', '"arguments" is nested more than 16 levels deep')
  if (Array.isArray(raw)) return { expressions: raw }
  if (isRecord(raw)) return normalizeRecord(raw, depth)
  if (typeof raw === 'string') {
    const parsed = tryJson(raw)
    if (parsed.ok && isRecord(parsed.value)) return normalizeRecord(parsed.value, depth + 1)
    if (parsed.ok && Array.isArray(parsed.value)) return { expressions: parsed.value }
    return { expression: raw }
  }
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_INPUT',
    `expected an object with "expressions" or "expression", got ${pyTypeName(raw)}`,
  )
}

/**
 * Normalizes the arguments of a calculator call from any shape the reference accepts: an object
 * (unwrapping `{"arguments": …}`), a JSON string of one, a bare list (→ `expressions`), or a
 * plain string (→ `expression`). Throws an `ArbigraphError` (ARBIGRAPH_BAD_INPUT) otherwise; the
 * loop turns it into `Failed to parse arguments: <message>`.
 * @example normalizeToolArguments('["1+2"]') // { expressions: ['1+2'] }
 */
export const normalizeToolArguments = (raw: unknown): CalculatorArguments => normalizeAt(raw, 0)

/**
 * The tool result text for normalized arguments; never throws. One work budget covers the call.
 * @example runCalculator({ expressions: ['1+2', '7/2'] }) // '{"results": ["3", "3.5"]}'
 */
export function runCalculator(args: CalculatorArguments, meter = createWorkMeter()): string {
  if (args.expressions !== undefined) {
    if (args.expressions.length > MAX_EXPRESSIONS) {
      return `Error: too many expressions (${args.expressions.length}); send at most ${MAX_EXPRESSIONS} per call`
    }
    return pyJsonResults(
      args.expressions.map((item) =>
        typeof item === 'string'
          ? calculate(item, meter)
          : `Error: expression must be a string, got ${pyTypeName(item)}`,
      ),
    )
  }
  return calculate(args.expression ?? '', meter)
}

/**
 * Normalizes and runs in one step, as the loop does: `Failed to parse arguments: …` when the
 * arguments have no usable shape. Never throws.
 * @example runCalculatorCall('{"expression": "2**-1"}') // '0.5'
 */
export function runCalculatorCall(raw: unknown): string {
  let args: CalculatorArguments
  try {
    args = normalizeToolArguments(raw)
  } catch (error) {
    return `Failed to parse arguments: ${error instanceof Error ? error.message : String(error)}`
  }
  return runCalculator(args)
}
