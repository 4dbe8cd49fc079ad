/**
 * Admission check of a candidate function (used by `import-leetcode`): it must have int and
 * List[int] parameters and return, parse without errors, rename and de-class into valid code,
 * run on generated inputs, give the same result renamed as original, and produce at least one
 * usable output (one that passes both the shared and the baseline filter) for an input kind. Every refusal
 * comes back as a sentence, so an importer can list why each function was dropped.
 */
import { drawStaticInput } from '../../../src/generate/fill-attempt.ts'
import { baselineReason, unusableReason } from '../../../src/generate/filters.ts'
import { createRng } from '../../../src/rng.ts'
import { type Kind, kindOf, type PyValue, pyRepr } from '../../../src/values.ts'
import { analyzeFunction, type FunctionInfo } from '../analysis/analyze-function.ts'
import { parsePython } from '../analysis/parse-python.ts'
import type { PoolFunction } from '../pool.ts'
import { libraryImports } from './library-imports.ts'
import { assertNoReservedNames, prepareCode, splitParams } from './prepare-code.ts'
import { type PythonCallResult, type PythonRunner, resultValue } from './python-runner.ts'
import { preprocessChained, pythonTask } from './python-task.ts'
import { taskFunctionName } from './task-names.ts'

/** Why a function was dropped, in a word: the importer counts drops by it. */
export type DropCategory =
  | 'signature'
  | 'parse-or-rename'
  | 'fails-to-run'
  | 'no-usable-output'
  | 'rename-changed-behaviour'

export type FunctionCheck =
  | { ok: true; function: PoolFunction }
  | { ok: false; category: DropCategory; reason: string }

type Refusal = { category: DropCategory; reason: string }

export interface CheckOptions {
  runner: PythonRunner
  /** Input draws per kind before giving up. @default 20 (the reference's static attempts) */
  draws?: number
  /** Usable draws a kind needs (the search stops once it has them). @default 3 */
  enough?: number
  seed?: string
}

const SUPPORTED = new Set(['int', 'List[int]', 'list[int]'])

/** Why a signature is out of scope, or undefined. */
function signatureProblem(info: FunctionInfo): string | undefined {
  if (info.params.length === 0) return 'takes no parameters'
  const bad = info.params.find((p) => p.annotation === null || !SUPPORTED.has(p.annotation))
  if (bad) return `parameter "${bad.name}" is ${bad.annotation ?? 'unannotated'}, not int or List[int]`
  if (info.returnAnnotation === null || !SUPPORTED.has(info.returnAnnotation))
    return `returns ${info.returnAnnotation ?? 'an unannotated value'}, not int or List[int]`
  return undefined
}

/** Static analysis part: a reason, or the analysis. */
function analyze(fn: PoolFunction): FunctionInfo | Refusal {
  try {
    const info = analyzeFunction(fn.source, { name: fn.function, label: fn.id })
    const problem = signatureProblem(info)
    if (problem) return { category: 'signature', reason: problem }
    assertNoReservedNames(fn.source, fn.id)
    for (const kind of ['list', 'scalar'] as const) prepareCode(fn.source, info, 1, kind, fn.id)
    return info
  } catch (error) {
    return { category: 'parse-or-rename', reason: (error as Error).message }
  }
}

/** Runs the draws of one kind; returns true when one was usable, or why none was. */
async function checkKind(
  fn: PoolFunction,
  info: FunctionInfo,
  kind: Kind,
  o: Required<CheckOptions>,
): Promise<true | Refusal> {
  const task = pythonTask({
    id: fn.id,
    summary: fn.summary,
    functionName: fn.function,
    source: fn.source,
    info,
    origin: 'check',
    runner: () => o.runner,
  })
  const renamedSource = prepareCode(fn.source, info, 1, kind, fn.id)
  const header = libraryImports(parsePython(fn.source, fn.id))
  const original = header.length ? `${header.join('\n')}\n\n${fn.source}` : fn.source
  const target = info.className ? `${info.className}.${info.name}` : info.name
  const { chained } = splitParams(info, kind)
  const rng = createRng(o.seed).split('check', fn.id, kind)
  let usable = 0
  let ran = false
  let reason = 'no draw was made'
  for (let d = 0; d < o.draws && usable < o.enough; d++) {
    const input = drawStaticInput(kind, rng.split('input', d))
    const params = task.params(input, rng.split('params', d), kind)
    const args = info.params.map((p) => (p === chained ? preprocessChained(input, kind) : params[p.name]!))
    const [renamed, before] = await Promise.all([
      o.runner({ source: renamedSource, function: taskFunctionName(1), args }),
      o.runner({ source: original, function: target, args }),
    ])
    const said = (r: PythonCallResult) =>
      r.ok ? `returned ${r.repr.slice(0, 40)}` : `failed (${r.message.slice(0, 80)})`
    if (renamed.ok !== before.ok || (renamed.ok && before.ok && renamed.repr !== before.repr)) {
      const what = `on ${pyRepr(args as PyValue).slice(0, 80)} the original ${said(before)} but the renamed code ${said(renamed)}`
      return { category: 'rename-changed-behaviour', reason: what }
    }
    if (!renamed.ok) {
      reason = said(renamed)
      continue
    }
    ran = true
    try {
      const value = resultValue(renamed.repr, fn.id)
      const bad =
        kindOf(value) !== info.outputKind
          ? `returned a ${kindOf(value)} where the annotation says ${info.outputKind}`
          : // Usable in every topology: the baseline filter is the stricter on list elements.
            (unusableReason(value) ?? baselineReason(value, input))
      if (bad) reason = `output not usable: ${bad}`
      else usable++
    } catch (error) {
      reason = (error as Error).message
    }
  }
  // Enough usable draws, not just one: the generator draws fresh inputs per attempt, so a
  // function usable on 1 draw in 100 (say, static indices that must land inside the list) would
  // exhaust its attempts. Needing `enough` of `draws` keeps functions usable at ≳15% per draw.
  if (usable >= o.enough) return true
  if (ran && usable > 0)
    reason = `only ${usable} of ${o.draws} draws gave a usable output (needs ${o.enough}); last: ${reason}`
  return {
    category: ran ? 'no-usable-output' : 'fails-to-run',
    reason: `${kind} input, ${o.draws} draws: ${reason}`,
  }
}

/**
 * Checks one candidate; on success the returned function records its usable input kinds.
 * @example await checkFunction({ id: 'two-sum', function: 'twoSum', summary: '', source }, { runner })
 */
export async function checkFunction(fn: PoolFunction, options: CheckOptions): Promise<FunctionCheck> {
  const o: Required<CheckOptions> = { draws: 20, enough: 3, seed: '0', ...options }
  const info = analyze(fn)
  if ('category' in info) return { ok: false, ...info }
  const kinds: Kind[] = info.hasListIn && info.hasScalarIn ? ['list', 'scalar'] : [info.inputKind]
  const usable: Kind[] = []
  const refusals: Refusal[] = []
  for (const kind of kinds) {
    const result = await checkKind(fn, info, kind, o)
    if (result === true) usable.push(kind)
    else refusals.push(result)
  }
  if (usable.length === 0) {
    return { ok: false, category: refusals[0]!.category, reason: refusals.map((r) => r.reason).join('; ') }
  }
  return { ok: true, function: { ...fn, ...(usable.length < kinds.length ? { inputKinds: usable } : {}) } }
}
