/**
 * Python source analysis: strict parsing, annotation kinds and task-function signatures.
 */

export type { FunctionInfo, PythonParam } from './analyze-function.ts'
export {
  analyzeFunction,
  describeFunction,
  enclosingClass,
  findFunction,
  positionalParams,
  returnAnnotationNode,
} from './analyze-function.ts'
export { annotationKind } from './annotation-kind.ts'
export type { ParsedPython } from './parse-python.ts'
export { childrenOf, lineColumn, nodeText, parsePython } from './parse-python.ts'
