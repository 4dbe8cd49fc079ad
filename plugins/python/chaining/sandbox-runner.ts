/**
 * The default `PythonRunner`: the process-wide pyodide sandbox pool (plugins/python/sandbox),
 * started on the first call and shared by every python task of the process. Imported lazily, so
 * loading the category (e.g. to list templates) never starts an interpreter.
 */
import { pyRepr } from '../../../src/values.ts'
import type { PythonCall, PythonCallResult, PythonRunner } from './python-runner.ts'

type SandboxModule = typeof import('../sandbox/index.ts')
let sandbox: Promise<SandboxModule> | undefined

/**
 * Runs calls in the shared sandbox pool (inputs travel as reprs, so every call gets fresh copies).
 * @example await sandboxRunner()({ source: 'def f(x):\n    return x\n', function: 'f', args: [3n] })
 */
export const sandboxRunner =
  (): PythonRunner =>
  async (call: PythonCall): Promise<PythonCallResult> => {
    sandbox ??= import('../sandbox/index.ts')
    const { sharedPythonPool } = await sandbox
    const out = await sharedPythonPool().run({
      source: call.source,
      call: { function: call.function, args: call.args.map((a) => pyRepr(a)) },
    })
    return out.ok
      ? { ok: true, repr: out.repr }
      : { ok: false, kind: out.error.kind, message: out.error.message }
  }
