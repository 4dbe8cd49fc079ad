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
import { analyzeFunction } from './analysis/analyze-function.ts'
import { assertNoReservedNames } from './chaining/prepare-code.ts'
import type { PythonRunner } from './chaining/python-runner.ts'
import { pythonTask } from './chaining/python-task.ts'
import { sandboxRunner } from './chaining/sandbox-runner.ts'
import { loadBuiltinPool, loadPoolFile, type PythonPool } from './pool.ts'

/** The environment variable naming a pool file for the built-in category. */
export const PYTHON_POOL_ENV = 'ARBIGRAPH_PYTHON_POOL'

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

const cache = new Map<string, TaskTemplate[]>()

/** The templates of the pool `ARBIGRAPH_PYTHON_POOL` names, or of the built-in pool. */
export function activeTemplates(): TaskTemplate[] {
  const path = process.env[PYTHON_POOL_ENV] ?? ''
  let templates = cache.get(path)
  if (!templates) {
    templates = pythonTemplates({ pool: path === '' ? loadBuiltinPool() : loadPoolFile(path) })
    cache.set(path, templates)
  }
  return templates
}

/**
 * The built-in `python` category; its templates are read on first access.
 * @example python.templates.map((t) => t.id)
 */
export const python: Category = {
  name: 'python',
  get templates() {
    return activeTemplates()
  },
}
