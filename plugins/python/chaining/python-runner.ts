/**
 * How Python tasks get executed: a `PythonRunner` calls one function of a source with argument
 * values and answers with the result's repr or a typed failure. Categories take a runner, so the
 * generator uses the sandbox while tests may use any implementation of the same shape.
 */
import { ArbigraphError } from '../../../src/errors.ts'
import { type PyValue, parseValue, pyRepr, type Value } from '../../../src/values.ts'

/** One call: `function(*args)` after executing `source`. */
export interface PythonCall {
  source: string
  function: string
  args: PyValue[]
}

/** The result's Python repr, or why there is none. */
export type PythonCallResult = { ok: true; repr: string } | { ok: false; kind: string; message: string }

export type PythonRunner = (call: PythonCall) => Promise<PythonCallResult>

/**
 * Parses a task result's repr into a Value: tuples become lists, `True`/`False` become 1/0, and
 * `None`, an empty list, nested lists or anything else are rejected (reference §7.4).
 * @example resultValue('(1, 2)') // [1n, 2n]
 */
export function resultValue(repr: string, where: string): Value {
  if (repr === 'None') throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `${where} returned None`)
  let value: Value
  try {
    value = parseValue(repr)
  } catch {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_VALUE',
      `${where} returned ${repr.slice(0, 60)}, which is not an int, a float or a flat list of them`,
    )
  }
  if (Array.isArray(value) && value.length === 0) {
    throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `${where} returned an empty list`)
  }
  return value
}

/**
 * Runs a call and returns its Value; a failed call throws ARBIGRAPH_BAD_VALUE with its reason.
 * @example await callValue(runner, { source, function: 'task_1', args: [[3n, 1n]] })
 */
export async function callValue(runner: PythonRunner, call: PythonCall): Promise<Value> {
  const result = await runner(call)
  const where = `${call.function}(${call.args
    .map((a) => pyRepr(a))
    .join(', ')
    .slice(0, 80)})`
  if (!result.ok)
    throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', `${where} failed: ${result.kind}: ${result.message}`)
  return resultValue(result.repr, where)
}
