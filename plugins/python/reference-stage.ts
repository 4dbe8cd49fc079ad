/**
 * Recomputing a Python-tracing stage of a reference record: take the code block the prompt
 * shows, the chained input (preprocessed as the block's sentence says: floats rounded half away
 * from zero, sign-preserving |v| mod 100, lists cut to 10 elements) and the printed
 * `task_N_<param>_static` values, and call `task_N` with keyword arguments in our sandbox.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §7.3 (chained versus static
 * parameters), §7.4 (keyword call) and §7.6 (block layout).
 */
import { ArbigraphError } from '../../src/errors.ts'
import type { ReferenceStage } from '../../src/io/reference/graph.ts'
import type { ReferenceStageHandler } from '../../src/io/reference/stage-handler.ts'
import { isValue, pyRepr, type Value } from '../../src/values.ts'
import { LIST_LEN_MAX, preprocessScalar } from '../math/preprocess.ts'
import type { PythonPool } from './sandbox/pool.ts'
import { sharedPythonPool } from './sandbox/shared-pool.ts'

/** What a Python block says: its code, the function, its parameters and the chained one. */
export interface PythonBlock {
  code: string
  function: string
  params: string[]
  chained: { name: string; kind: 'list' | 'scalar' }
}

const fail = (stage: number, message: string): never => {
  throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `python task ${stage}: ${message}`)
}

/** Parameter names of a `def` header's argument text, annotations and defaults dropped. */
function paramNames(text: string): string[] {
  const names: string[] = []
  let depth = 0
  let start = 0
  const take = (end: number) => {
    const name = /^\s*\**(\w+)/.exec(text.slice(start, end))
    if (name) names.push(name[1]!)
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '[' || c === '(' || c === '{') depth++
    else if (c === ']' || c === ')' || c === '}') depth--
    else if (c === ',' && depth === 0) {
      take(i)
      start = i + 1
    }
  }
  take(text.length)
  return names
}

/**
 * Reads the code block and the chained-parameter sentence of task `n`'s block.
 * @example parsePythonBlock(block, 1).params // ['list_1', 'passengers', 'capacity']
 */
export function parsePythonBlock(block: string, n: number): PythonBlock {
  const code = /```python\n([\s\S]*?)```/.exec(block)?.[1] ?? fail(n, 'block has no ```python code')
  const fn = `task_${n}`
  const header =
    new RegExp(`^def ${fn}\\(([\\s\\S]*?)\\)\\s*(?:->[^:]*)?:\\s*$`, 'm').exec(code) ??
    fail(n, `code defines no "def ${fn}(...)"`)
  const chained =
    new RegExp(`Let (list|val)_${n} be the result of preprocessing`).exec(block) ??
    fail(n, `block has no "Let list_${n}/val_${n} be the result of preprocessing" sentence`)
  const name = `${chained[1]}_${n}`
  const params = paramNames(header[1]!)
  if (!params.includes(name)) fail(n, `"${fn}" has no parameter "${name}"`)
  return { code, function: fn, params, chained: { name, kind: chained[1] === 'list' ? 'list' : 'scalar' } }
}

/**
 * The chained value as the task receives it (reference §7.3).
 * @example preprocessChained([150n, -7.5, 3n], 'list') // [50n, -8n, 3n]
 */
export function preprocessChained(input: Value, kind: 'list' | 'scalar'): Value {
  const step = (v: bigint | number) => preprocessScalar(v, { round: true, abs: false })
  if (kind === 'scalar') {
    if (Array.isArray(input))
      throw new ArbigraphError('ARBIGRAPH_KIND_MISMATCH', 'a scalar input received a list')
    return step(input)
  }
  if (!Array.isArray(input))
    throw new ArbigraphError('ARBIGRAPH_KIND_MISMATCH', 'a list input received a scalar')
  return input.slice(0, LIST_LEN_MAX).map(step)
}

/**
 * Keyword arguments (repr strings) for a stage: the preprocessed chained value and the statics.
 * @example pythonStageCall(stage).kwargs // { list_1: '[34, 93, …]', passengers: '[…]', capacity: '6' }
 */
export function pythonStageCall(stage: ReferenceStage): {
  block: PythonBlock
  kwargs: Record<string, string>
} {
  const block = parsePythonBlock(stage.block, stage.number)
  const kwargs: Record<string, string> = {}
  for (const param of block.params) {
    if (param === block.chained.name) {
      kwargs[param] = pyRepr(preprocessChained(stage.input, block.chained.kind))
      continue
    }
    const value = stage.statics[param]
    if (value === undefined)
      fail(stage.number, `no value printed for parameter "${param}" (task_${stage.number}_${param}_static)`)
    kwargs[param] = pyRepr(value!)
  }
  return { block, kwargs }
}

/**
 * The output the stage's code computes in our sandbox, as a value.
 * @example await solvePythonStage(stage) // 73n
 */
export async function solvePythonStage(
  stage: ReferenceStage,
  pool: PythonPool = sharedPythonPool(),
): Promise<Value> {
  const { block, kwargs } = pythonStageCall(stage)
  const outcome = await pool.run({ source: block.code, call: { function: block.function, kwargs } })
  if (!outcome.ok) return fail(stage.number, `${outcome.error.kind}: ${outcome.error.message}`)
  if (outcome.value === undefined || !isValue(outcome.value))
    return fail(stage.number, `result ${outcome.repr.slice(0, 60)} is not an int, float or flat list`)
  return outcome.value
}

/**
 * Python stages: the printed code re-executed in our sandbox; imported under the reference's
 * function names with the printed static arguments as parameters (the pool is not ported).
 */
export const pythonReferenceStage: ReferenceStageHandler = {
  check: async (stage) => ({ value: await solvePythonStage(stage) }),
  template: (stage) => stage.taskName,
  params: (stage) => stage.statics,
}
