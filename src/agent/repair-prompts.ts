/**
 * The harness's own words: the system prompt and the four repair prompts (calculator call
 * missing, calculator call malformed, answers missing, reply cut off). Each carries the same
 * information and intent as the reference harness's prompt, written anew: the repair prompts
 * are the only lever the harness has on a model that drifted from the protocol, so they say
 * exactly what to send next and nothing else.
 * Reference: docs/research/arbigraph-reference-harness.md §1.3 (system prompt), §2.1–§2.3.
 */
import type { RepairPrompt } from '../contracts/transcript.ts'

/**
 * The system prompt of every sample (one paragraph): calculator for all arithmetic, batch the
 * expressions, never truncate lists, think step by step, one labelled box per requested output.
 * @example SYSTEM_PROMPT.includes('\\boxed{task_1_out = ...}') // true
 */
export const SYSTEM_PROMPT = [
  'You are a careful reasoning assistant, and you can use a calculator tool.',
  'Do every piece of arithmetic with the calculator rather than in your head.',
  'When more than one expression is worth computing, send all of them together in a single calculator call.',
  'Never shorten or truncate a list unless the task asks you to.',
  'Work through the problem step by step.',
  'Write each requested answer in a separate \\boxed{}, with the exact output name inside the box, for example \\boxed{task_1_out = ...}.',
].join(' ')

const ONE_CALL_RULES =
  'Put 1 to 3 short, useful arithmetic expressions in the `expressions` parameter of the `calculator` function. ' +
  'Write no prose, no reasoning, no Markdown and no final answer, and close every tag you open.'

/**
 * Sent when the calculator is required and the reply made no call and wrote no tool syntax.
 * @example TOOL_MISSING_PROMPT.startsWith('Your last reply did not call the calculator') // true
 */
export const TOOL_MISSING_PROMPT = `Your last reply did not call the calculator. Answer now with exactly one complete calculator call and nothing else. ${ONE_CALL_RULES}`

/**
 * Sent when the reply tried tool syntax that did not parse, or called a tool other than the
 * calculator; also the cutoff repair of a reply cut off inside a tool call.
 * @example TOOL_MALFORMED_PROMPT.includes('malformed') // true
 */
export const TOOL_MALFORMED_PROMPT = `Your last calculator call was cut short, malformed, or addressed to something other than the calculator. Try again now with exactly one short, complete calculator call and nothing else. ${ONE_CALL_RULES}`

/**
 * Sent when a reply was cut off by the token limit with no answer boxes and no tool syntax.
 * @example CUTOFF_CONTINUE_PROMPT.includes('token limit') // true
 */
export const CUTOFF_CONTINUE_PROMPT =
  'Your last reply was cut off because it reached the token limit. Carry on exactly where you stopped: do not start over and do not repeat what you already wrote. ' +
  'Be brief and work toward the requested \\boxed{task_N_out = ...} answers, calling the calculator whenever you need it.'

/**
 * The answers-missing prompt, listing the outputs that still have no accepted answer.
 * @example finalAnswerPrompt(['task_2_out', 'task_3_out']).includes('task_2_out, task_3_out') // true
 */
export function finalAnswerPrompt(missing: readonly string[]): string {
  const names = missing.length > 0 ? missing.join(', ') : 'none'
  return (
    'Your last reply did not give every requested answer in the required \\boxed{task_N_out = ...} form. ' +
    `Outputs still missing: ${names}. ` +
    'Give each missing output now, and also give corrected versions of any earlier output that needs fixing, because only the latest version of each output is used. ' +
    'Each box must hold the exact output name together with its value, for example \\boxed{task_1_out = ...}; a label written outside the box does not count. ' +
    'Make more calculator calls if you need them, but do not restart the solution.'
  )
}

/**
 * The text of a repair prompt.
 * @example repairPromptText('final-answer', ['task_1_out']).includes('task_1_out') // true
 */
export function repairPromptText(prompt: RepairPrompt, missing: readonly string[]): string {
  switch (prompt) {
    case 'tool-missing':
      return TOOL_MISSING_PROMPT
    case 'tool-malformed':
      return TOOL_MALFORMED_PROMPT
    case 'final-answer':
      return finalAnswerPrompt(missing)
    case 'cutoff-continue':
      return CUTOFF_CONTINUE_PROMPT
  }
}
