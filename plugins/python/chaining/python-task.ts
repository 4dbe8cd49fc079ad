/**
 * `pythonTask`: one Python function as a task template. The incoming value is preprocessed like
 * a math input (round half away from zero, sign-preserving mod 100, first 10 elements) and passed
 * as the chained parameter; every other parameter gets a random static value (a list of 10 ints
 * or an int, each uniform in [−100, 100]) printed in the block. Ground truth is the renamed code
 * itself, run in the sandbox, so the model reads exactly what ran. Static values are drawn in JS
 * and sent as reprs, so a function that sorts its inputs in place cannot change what the prompt
 * shows: the prompt prints the values from before execution (the reference printed them after).
 *
 * Reference: arbigraph-reference-harness.md §7.3, §7.4 (mutation quirk, fixed), §7.6.
 */
import type { Params, TaskTemplate } from '../../../src/contracts/template.ts'
import { ArbigraphError } from '../../../src/errors.ts'
import type { Rng } from '../../../src/rng.ts'
import { type Kind, type PyValue, pyRepr, type Value } from '../../../src/values.ts'
import { listInput, preprocessList, preprocessScalar, scalarInput } from '../../math/preprocess.ts'
import type { FunctionInfo } from '../analysis/analyze-function.ts'
import { prepareCode, splitParams } from './prepare-code.ts'
import { callValue, type PythonRunner } from './python-runner.ts'
import { chainedLocalName, staticName, taskFunctionName } from './task-names.ts'

/** A function of a pool, analyzed. */
export interface PythonTaskSpec {
  id: string
  summary: string
  /** The original function or method name. */
  functionName: string
  source: string
  info: FunctionInfo
  /** Recorded with every node, e.g. the pool file's hash. */
  origin: string
  /** Restricts the input kinds (an importer found the others unusable). */
  inputKinds?: readonly Kind[]
  /** Shared by all tasks: how to execute Python. */
  runner: () => PythonRunner
}

/** `LIST_LEN_MAX` and `SCALAR_MAX_MAG` of the reference (§7.3). */
const STATIC_LIST_LENGTH = 10
const STATIC_MAGNITUDE = 100n

/** A static value of a parameter's kind. */
const drawStatic = (kind: Kind, rng: Rng): PyValue =>
  kind === 'list'
    ? Array.from({ length: STATIC_LIST_LENGTH }, () => rng.bigint(-STATIC_MAGNITUDE, STATIC_MAGNITUDE))
    : rng.bigint(-STATIC_MAGNITUDE, STATIC_MAGNITUDE)

/** The chained value after preprocessing. */
export function preprocessChained(input: Value, kind: Kind): Value {
  if (kind === 'list') return preprocessList(input)
  if (Array.isArray(input))
    throw new ArbigraphError('ARBIGRAPH_KIND_MISMATCH', 'expected a scalar input, got a list')
  return preprocessScalar(input, { round: true, abs: false })
}

const LIST_WORDS = listInput()
const SCALAR_WORDS = scalarInput({ abs: false })

/**
 * Declares the template of one analyzed function.
 * @example pythonTask({ id: 'sorted-squares', functionName: 'sortedSquares', source, info, … })
 */
export function pythonTask(spec: PythonTaskSpec): TaskTemplate {
  const { info } = spec
  const possible: Kind[] = info.hasListIn && info.hasScalarIn ? ['list', 'scalar'] : [info.inputKind]
  const kinds = spec.inputKinds ? possible.filter((k) => spec.inputKinds!.includes(k)) : possible
  // Prepared on first use (loading a pool stays cheap). Ground truth runs task 1's code: renaming
  // is consistent, so the number changes names, never behaviour.
  const shown = new Map<string, string>()
  const codeFor = (n: number, kind: Kind): string => {
    const key = `${n}:${kind}`
    let code = shown.get(key)
    if (code === undefined) shown.set(key, (code = prepareCode(spec.source, info, n, kind, spec.id)))
    return code
  }
  return {
    id: spec.id,
    family: 'python',
    referenceName: spec.functionName,
    summary: spec.summary,
    inputKinds: kinds,
    outputKind: info.outputKind,
    preprocess: { round: true, signedModulus: 100, keep: STATIC_LIST_LENGTH, origin: spec.origin },
    params(_input, rng, inputKind): Params {
      const params: Params = {}
      for (const param of splitParams(info, inputKind).statics) {
        params[param.name] = drawStatic(param.kind, rng.split(param.name))
      }
      return params
    },
    async solve(input, params, inputKind) {
      const { chained } = splitParams(info, inputKind)
      const value = preprocessChained(input, inputKind)
      const args = info.params.map((p) => (p === chained ? value : params[p.name]!))
      return callValue(spec.runner(), { source: codeFor(1, inputKind), function: taskFunctionName(1), args })
    },
    text({ n, source, out, inputKind, params, input }) {
      const { chained, statics } = splitParams(info, inputKind)
      const local = chainedLocalName(n, inputKind)
      const words = inputKind === 'list' ? LIST_WORDS : SCALAR_WORDS
      // Positional when the chained parameter comes first, all keywords otherwise.
      const first = info.params[0] === chained
      const call = [
        first ? local : `${local}=${local}`,
        ...statics.map((p) => `${p.name}=${staticName(n, p.name)}`),
      ]
      const code = codeFor(n, inputKind)
      return [
        words.describe({ name: local, source, input }),
        ...statics.map((p) => `Define ${staticName(n, p.name)} = ${pyRepr(params[p.name]!)}.`),
        `Trace the execution of the call ${taskFunctionName(n)}(${call.join(', ')}) and save the value it returns in ${out}.`,
        '```python',
        code.trimEnd(),
        '```',
      ].join('\n')
    },
  }
}
