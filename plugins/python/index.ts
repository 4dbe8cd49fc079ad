/**
 * The Python-tracing category: pools of typed functions, their analysis, renaming for chaining,
 * and the category built from them.
 */
export type { FunctionInfo, PythonParam } from './analysis/index.ts'
export { analyzeFunction, parsePython } from './analysis/index.ts'
export type { PythonCategoryOptions } from './category.ts'
export { PYTHON_POOL_ENV, python, pythonCategory, pythonTemplates } from './category.ts'
export { prepareCode, splitParams } from './chaining/prepare-code.ts'
export type { PythonCall, PythonCallResult, PythonRunner } from './chaining/python-runner.ts'
export { callValue, resultValue } from './chaining/python-runner.ts'
export { preprocessChained, pythonTask } from './chaining/python-task.ts'
export type { PoolFile, PoolFunction, PythonPool } from './pool.ts'
export { loadBuiltinPool, loadPoolFile, PYTHON_POOL_SCHEMA, poolFileSchema } from './pool.ts'
