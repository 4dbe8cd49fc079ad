/**
 * The process-wide Python pool: created on first use, sized by `ARBIGRAPH_PYTHON_WORKERS`
 * (default min(2, CPUs)), and killed when the process exits. Idle interpreters never keep the
 * process alive, so scripts and test workers end normally without calling `close()`.
 */
import { pythonWorkersFromEnv } from '../../../src/python-workers.ts'
import { createPythonPool, type PythonPool } from './pool.ts'

let shared: PythonPool | undefined

/**
 * The shared default pool.
 * @example const out = await sharedPythonPool().run({ source, call: { function: 'task_1', kwargs: { list_1: '[1, 2]' } } })
 */
export function sharedPythonPool(): PythonPool {
  if (shared) return shared
  const size = pythonWorkersFromEnv(process.env)
  const pool = createPythonPool(size === undefined ? {} : { size })
  shared = pool
  process.once('exit', () => void pool.close())
  return pool
}

/**
 * Closes the shared pool (if started); the next `sharedPythonPool()` starts a new one.
 * @example await closeSharedPythonPool()
 */
export async function closeSharedPythonPool(): Promise<void> {
  const pool = shared
  shared = undefined
  await pool?.close()
}
