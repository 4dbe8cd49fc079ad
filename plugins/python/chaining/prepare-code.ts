/**
 * The code block of a Python task: the source renamed for task N (`task_N`, `list_N`/`val_N`,
 * `task_N_out`), de-classed, and headed by the library imports it needs. The chained parameter
 * is the first parameter of the incoming value's kind, else the first parameter; every other
 * parameter is static.
 *
 * Reference: arbigraph-reference-harness.md §7.3 (chained parameter), §7.5 (renaming).
 */
import { ArbigraphError } from '../../../src/errors.ts'
import type { Kind } from '../../../src/values.ts'
import type { FunctionInfo, PythonParam } from '../analysis/analyze-function.ts'
import { parsePython } from '../analysis/parse-python.ts'
import { declass } from './declass.ts'
import { libraryImports } from './library-imports.ts'
import { renameEdits } from './rename.ts'
import { applyEdits } from './source-edits.ts'
import { chainedLocalName, taskFunctionName } from './task-names.ts'

/** Which parameter is chained and which are static, for one input kind. */
export interface ChainedSplit {
  chained: PythonParam
  statics: PythonParam[]
}

/**
 * Splits the parameters for an incoming value of `kind` (§7.3).
 * @example splitParams(info, 'scalar').chained.name // 'x' for powerfulIntegers(x, y, bound)
 */
export function splitParams(info: FunctionInfo, kind: Kind): ChainedSplit {
  if (info.params.length === 0) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `function "${info.name}" takes no parameter to chain into`,
    )
  }
  const chained = info.params.find((p) => p.kind === kind) ?? info.params[0]!
  return { chained, statics: info.params.filter((p) => p !== chained) }
}

/** Throws when the source already uses a name that renaming introduces (a textual check: fast). */
export function assertNoReservedNames(source: string, label: string): void {
  const found = /\b(?:task_\d+(?:_out)?|list_\d+|val_\d+)\b/.exec(source)
  if (found) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${label}: uses the name "${found[0]}", which task renaming reserves; rename it in the source`,
    )
  }
}

/**
 * The renamed, de-classed code of task `n` reading a value of `kind`, ending with a newline.
 * @example prepareCode(src, info, 1, 'list').startsWith('def task_1(list_1') // true
 */
export function prepareCode(
  source: string,
  info: FunctionInfo,
  n: number,
  kind: Kind,
  label?: string,
): string {
  const { chained } = splitParams(info, kind)
  const parsed = parsePython(source, label)
  const renamed = applyEdits(
    source,
    renameEdits(parsed, {
      functionName: info.name,
      n,
      chainedParam: chained.name,
      localName: chainedLocalName(n, kind),
      label,
    }),
  )
  const code = declass(renamed, taskFunctionName(n), label)
  const imports = libraryImports(parsePython(code, label))
  return imports.length === 0 ? code : `${imports.join('\n')}\n\n${code}`
}
