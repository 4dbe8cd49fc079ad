/**
 * The `python` category: one task template per function of a pool. Every function is analyzed
 * when the category is built (strict parse, signature, kinds) and its renamed code is prepared
 * once, so a bad function fails at definition time with its id, not in the middle of a run.
 *
 * The built-in category reads `ARBIGRAPH_PYTHON_POOL` (a pool file from `import-leetcode`) when
 * set, else the built-in pool; `arbigraph generate --python-pool` sets the variable, and worker
 * threads inherit it. The pool is loaded on first use and cached per path.
 */
import type { Category, TaskTemplate } from '../../src/contracts/template.ts'
import { envPoolCategory } from '../../src/env-pool-category.ts'
import { analyzeFunction } from './analysis/analyze-function.ts'
import { assertNoReservedNames } from './chaining/prepare-code.ts'
import type { PythonRunner } from './chaining/python-runner.ts'
import { pythonTask } from './chaining/python-task.ts'
import { sandboxRunner } from './chaining/sandbox-runner.ts'
import { loadBuiltinPool, loadPoolFile, type PythonPool } from './pool.ts'
import { PYTHON_POOL_ENV } from './pool-env.ts'

export { PYTHON_POOL_ENV }

export interface PythonCategoryOptions {
  pool: PythonPool
  /** How tasks execute Python. @default the sandbox */
  runner?: () => PythonRunner
  /** @default 'python' */
  name?: string
}

/**
 * The templates of a pool, in pool order.
 * @example pythonTemplates({ pool: loadBuiltinPool() }).length // 80
 */
export function pythonTemplates(options: PythonCategoryOptions): TaskTemplate[] {
  const runner = options.runner ?? sandboxRunner
  return options.pool.functions.map((fn) => {
    const info = analyzeFunction(fn.source, { name: fn.function, label: fn.id })
    assertNoReservedNames(fn.source, fn.id)
    return pythonTask({
      id: fn.id,
      summary: fn.summary,
      functionName: fn.function,
      source: fn.source,
      info,
      origin: options.pool.origin,
      runner,
      ...(fn.inputKinds ? { inputKinds: fn.inputKinds } : {}),
    })
  })
}

/**
 * A python category over a pool.
 * @example createRegistry([{ name: 'mine', categories: [pythonCategory({ pool: loadPoolFile('pool.json'), name: 'lc' })] }])
 */
export function pythonCategory(options: PythonCategoryOptions): Category {
  return { name: options.name ?? 'python', templates: pythonTemplates(options) }
}

/**
 * The built-in `python` category: the pool `ARBIGRAPH_PYTHON_POOL` names, or the built-in pool;
 * its templates are read on first access.
 * @example python.templates.map((t) => t.id)
 */
export const python: Category = envPoolCategory({
  name: 'python',
  env: PYTHON_POOL_ENV,
  builtin: () => pythonTemplates({ pool: loadBuiltinPool() }),
  load: (path) => pythonTemplates({ pool: loadPoolFile(path) }),
})
