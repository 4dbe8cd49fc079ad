/**
 * The answer instruction closing every prompt: which outputs to give, in which exact format
 * (`\boxed{task_N_out = value}`, one box per answer), and that lists are written in full as
 * Python lists of integers. It names every requested output so the model never has to infer
 * which intermediate values are graded. Reference: arbigraph-reference-math-generators.md §8.5.
 */
import { ANSWER_LEAD } from './prompt-parts.ts'

/**
 * The instruction for the given output names (in the order they are asked for).
 * @example answerInstruction(['task_1_out']) // 'Write each requested answer in its own \\boxed{} block …'
 */
export function answerInstruction(outputs: readonly string[]): string {
  const example = outputs[0] ?? 'task_1_out'
  return [
    `${ANSWER_LEAD}, written exactly as \\boxed{task_N_out = value} with the output's name.`,
    `Requested outputs: ${outputs.join(', ')}.`,
    'Write a list as a Python list of integers with every element, never shortened.',
    `Example of the format: \\boxed{${example} = [3, -1, 4]}`,
  ].join('\n')
}
