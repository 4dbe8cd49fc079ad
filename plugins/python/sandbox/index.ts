/**
 * Sandboxed Python execution for ground truth: pyodide 0.25.1 (CPython 3.11.3 semantics, as the
 * reference's 3.11.7) in forked Node children under the permission model.
 *
 * Usage:
 * ```ts
 * const pool = createPythonPool({ size: 2, stepBudget: 1_000_000, wallMs: 10_000, memoryMb: 512 })
 * const out = await pool.run({
 *   source: 'def task_1(list_1):\n    list_1.sort()\n    return list_1[-1]',
 *   call: { function: 'task_1', kwargs: { list_1: '[3, 1, 2]' } },   // inputs are repr strings
 * })
 * if (out.ok) out.repr        // '3' (out.value is 3n; out.inputs.kwargs.list_1 is '[3, 1, 2]')
 * else out.error.kind         // 'timeout' | 'step-budget' | 'memory' | 'python-exception'
 *                             // | 'sandbox-violation' | 'crashed' | 'platform-dependent'
 * await pool.close()
 * ```
 * Or use `sharedPythonPool()`, which closes itself on exit. Each call execs `source` in a fresh
 * namespace preloaded with `from typing import *` and `import math` (as the reference does);
 * `function` may be `Solution.method`. Inputs are parsed with `ast.literal_eval`, so every call
 * gets its own copies; `inputs` are their reprs before the call (print these), `inputsAfter`
 * after it. Limits: `stepBudget` counts executed lines (deterministic; a loop on a single line
 * such as `while True: pass` emits no line events in 3.11 and is caught by `wallMs` instead),
 * `wallMs` kills the interpreter (also stops loops inside C code), `memoryMb` caps the wasm heap
 * (MemoryError inside Python; the interpreter survives). Results holding 2^31−1 or 2^63−1
 * (`sys.maxsize` differs between 32-bit pyodide and 64-bit CPython) are `platform-dependent`.
 *
 * Threat model. Every call forgets the previous one: the child restores the interpreter's whole
 * wasm heap from a snapshot taken at start-up after each call (heap-snapshot.mjs), and while task
 * code runs the wasm imports that lead out of the heap — the JS bridge, process exit, `system`,
 * sockets, dlopen, ctypes calls — refuse to run (import-gate.mjs), which ends every route to the
 * JavaScript `Function` constructor as a `sandbox-violation`. Around that, the Node permission
 * model (no file reads beyond pyodide's files, no writes, no child processes or workers), no code
 * generation from strings, an empty environment and a read-only in-memory file system. The
 * Python-level guards (blocked imports such as `js`, `os`, `socket`; `open` and `os.system`
 * raising) only make ordinary attempts fail with a clear message. What remains: within its own
 * call, task code can reset its step budget (the wall clock still applies) or forge its own
 * answer; clocks and entropy stay readable. See docs/categories.md, "The sandbox".
 */
export {
  type InterpreterOptions,
  pyodideDirectory,
} from './interpreter.ts'
export {
  decodeAnswer,
  isWordSizeDependent,
  type PrintedInputs,
  type PythonErrorKind,
  type PythonOutcome,
} from './outcome.ts'
export {
  createPythonPool,
  type PythonCall,
  type PythonPool,
  type PythonPoolOptions,
  pythonPoolOptionsSchema,
} from './pool.ts'
export { closeSharedPythonPool, sharedPythonPool } from './shared-pool.ts'
