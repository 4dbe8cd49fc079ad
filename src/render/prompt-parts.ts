/**
 * Prompt parts: a prompt is a list of parts (preamble, initial inputs, task blocks, junction
 * definitions, answer instruction) joined by blank lines and ending with one newline. Keeping the
 * parts as data lets the renderer and `splitBlocks` agree on one shape, so a rendered prompt can
 * be split back into exactly the parts it was made of.
 */
import type { PromptLayout } from '../contracts/topology.ts'

/** What a part of a prompt is. */
export type PromptPartKind = 'preamble' | 'inputs' | 'task' | 'junction' | 'answer'

export interface PromptPart {
  kind: PromptPartKind
  /** The part's text, without surrounding blank lines. */
  text: string
  /** Task number, for `task` parts only. */
  number?: number
}

/**
 * Preambles in our own words; the reference's say the same (spec §8.1).
 * @example PREAMBLES.dependent // 'Solve the tasks below in order. …'
 */
export const PREAMBLES: Record<Exclude<PromptLayout, 'single'>, string> = {
  independent:
    'Below are several tasks. They do not depend on each other: each Task N block reads only its own input ' +
    'from the initial conditions. Solve every task and give an answer for each one.',
  dependent:
    'Solve the tasks below in order. Some tasks read the outputs of earlier tasks, so work out each output ' +
    'exactly before it is used. Give an answer for every requested output.',
}

/** First line of the inputs part in multi-task layouts. */
export const INITIAL_CONDITIONS = 'Initial Conditions:'

/** The answer instruction starts with this sentence, so `splitBlocks` can find it. */
export const ANSWER_LEAD = 'Write each requested answer in its own \\boxed{} block'

/**
 * Heading of a task block.
 * @example taskHeading(3) // 'Task 3:'
 */
export const taskHeading = (n: number): string => `Task ${n}:`

/**
 * Joins parts into the prompt text: blank lines between parts, one final newline.
 * @example joinParts([{ kind: 'task', number: 1, text: 'Task 1:\n…' }]) // 'Task 1:\n…\n'
 */
export const joinParts = (parts: readonly PromptPart[]): string =>
  `${parts.map((part) => part.text).join('\n\n')}\n`
