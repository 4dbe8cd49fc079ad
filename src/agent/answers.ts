/**
 * Answer extraction over a whole trajectory: which outputs a prompt asks for, and the latest
 * labelled `\boxed{task_N_out = …}` answer to each of them across every turn (reasoning, repair
 * and cut-off turns included). Tool-call payloads are masked first; unlabelled boxes, labels
 * outside the box and unexpected labels are ignored, and a later accepted box always replaces an
 * earlier one, so a model can correct itself. Our instances declare `outputs` and `targets`
 * explicitly; `expectedOutputs` exists for prompts that do not (imported reference data).
 * Reference: docs/research/arbigraph-reference-harness.md §3.1–§3.5.
 */
import { boxContents } from './answers/boxes.ts'
import { readLabelledBox } from './answers/label.ts'
import { maskToolSpans } from './answers/mask.ts'

export { boxContents } from './answers/boxes.ts'
export type { LabelledAnswer } from './answers/label.ts'
export { cleanAnswerValue, isPlaceholder, readLabelledBox } from './answers/label.ts'
export { maskToolSpans } from './answers/mask.ts'

// The lookbehind keeps `mat_task_2_out` and `poly_task_2_out` out; `[1-9]` keeps `task_02_out` out.
const OUTPUT_NAME = /(?<![A-Za-z0-9_])task_([1-9]\d*)_out\b/gi

/**
 * The output names a prompt mentions, lower-cased, de-duplicated, in first-seen order. In
 * reference prompts the last one is the graded target.
 * @example expectedOutputs('… task_1_out … mat_task_2_out … task_2_out') // ['task_1_out', 'task_2_out']
 */
export function expectedOutputs(prompt: string): string[] {
  const names = new Set<string>()
  for (const m of prompt.matchAll(OUTPUT_NAME)) names.add(`task_${m[1]}_out`)
  return [...names]
}

/** A collected answer and the turn (index into the texts) whose box supplied it. */
export interface CollectedAnswer {
  answer: string
  turn: number
}

/**
 * The latest accepted answer per expected output, with the turn it came from. `texts[i]` is the
 * raw text of turn i (reasoning included, if the reasoning policy counts it).
 * @example collectAnswerTurns(['\\boxed{task_1_out = 10}', '\\boxed{task_1_out = 11}'], ['task_1_out'])
 * // Map { 'task_1_out' => { answer: '11', turn: 1 } }
 */
export function collectAnswerTurns(
  texts: readonly string[],
  expected: readonly string[],
): Map<string, CollectedAnswer> {
  const wanted = expected.map((name) => name.toLowerCase())
  const answers = new Map<string, CollectedAnswer>()
  texts.forEach((text, turn) => {
    for (const content of boxContents(maskToolSpans(text))) {
      const labelled = readLabelledBox(content, wanted)
      if (labelled) answers.set(labelled.name, { answer: labelled.answer, turn })
    }
  })
  return answers
}

/**
 * The latest accepted answer text per expected output (what the grader parses).
 * @example collectAnswers(['\\boxed{task_1_out = 42}'], ['task_1_out']) // Map { 'task_1_out' => '42' }
 */
export function collectAnswers(texts: readonly string[], expected: readonly string[]): Map<string, string> {
  const turns = collectAnswerTurns(texts, expected)
  return new Map([...turns].map(([name, { answer }]) => [name, answer]))
}
