/**
 * The renderer: instance → prompt text (task blocks, junction sentences, answer instruction),
 * and the inverse split used by tests and information checks.
 */
export { answerInstruction } from './answer-instruction.ts'
export { PACK_LENGTH, packExpressions, packText, pickGroupText, pickLine } from './junction-text.ts'
export type { PromptPart, PromptPartKind } from './prompt-parts.ts'
export { joinParts, PREAMBLES, taskHeading } from './prompt-parts.ts'
export type { InstanceDraft, RenderedInstance } from './render-prompt.ts'
export {
  joinPrompt,
  renderInstance,
  renderPrompt,
  renderPromptParts,
  renderTaskBlock,
} from './render-prompt.ts'
export { splitBlocks, taskBlocks } from './split-blocks.ts'
