/**
 * Reading the reference implementation's dataset and results files: validation, record shapes,
 * stage extraction, math parameter parsing, checking against our operators, and conversion
 * into our instances.
 */
export {
  type CheckReport,
  checkGraph,
  emptyReport,
  type StageFailure,
} from './check.ts'
export { familyFromMode, familyFromTaskName, REFERENCE_FAMILIES, type ReferenceFamily } from './family.ts'
export { type ReferenceGraph, type ReferenceJunction, type ReferenceStage, referenceGraph } from './graph.ts'
export { monicTail, parseMathParams, printsParams } from './math-params.ts'
export { expectedOutputNames, pickIndex, promptDefinitions, splitTaskBlocks } from './prompt-blocks.ts'
export { type ReferenceFile, readReferenceFile } from './read.ts'
export { parseReferenceRecord, type RecordKind, type ReferenceRecord, recordKind } from './record.ts'
export type { ReferenceStageHandler, StageHandlers } from './stage-handler.ts'
export { type ImportContext, toInstance } from './to-instance.ts'
