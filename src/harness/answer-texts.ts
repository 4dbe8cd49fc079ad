/**
 * Answers as the harness contract hands them on (output name → text): from a transcript's
 * collected answers, or from the boxes in a model's text.
 */
import { collectAnswers } from '../agent/answers.ts'
import type { Transcript } from '../contracts/transcript.ts'

/**
 * The answer texts of a transcript, by output name.
 * @example answerTexts(transcript) // { task_4_out: '17' }
 */
export const answerTexts = (transcript: Pick<Transcript, 'answers'>): Record<string, string> =>
  Object.fromEntries(Object.entries(transcript.answers).map(([name, { answer }]) => [name, answer]))

/**
 * The latest `\boxed{task_N_out = …}` answer per expected output in a text, read as the tool
 * agent reads its turns: for a custom harness whose model answers in boxes.
 * @example boxedAnswers('\\boxed{task_1_out = 42}', ['task_1_out']) // { task_1_out: '42' }
 */
export const boxedAnswers = (text: string, expected: readonly string[]): Record<string, string> =>
  Object.fromEntries(collectAnswers([text], expected))
