/**
 * No model text can make answer extraction, parsing or grading throw: every input ends as a
 * value or a refusal with a reason. The generators are small alphabets of answer-like pieces (so
 * short runs reach shapes like `[,^]`, an empty list item before an operator, which once threw a
 * TypeError), with fixed seeds so a failure reproduces and the suite never flakes.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { collectAnswers } from '../../src/agent/answers.ts'
import { compareAnswer } from '../../src/grade/compare.ts'
import { gradeInstance } from '../../src/grade/grade-instance.ts'
import { parseAnswer } from '../../src/grade/parse-answer.ts'
import { chainOf3 } from './chain-of-3.ts'

const ARITHMETIC = ['1', '.', ',', '[', ']', '(', ')', '^', '**', '-', 'e', '*', '/', ' ', '{', '}']
const LITERAL = ['0x', '0b2', '_', '1', '[', ']', ',', '+', 'e', 'inf', 'nan', '(', ')', '$', 'True']
const LATEX = [
  '\\frac',
  '\\left',
  '\\right',
  '{',
  '}',
  '\\,',
  '\\times',
  '\u2212',
  '2',
  '$',
  '\\[',
  '\\]',
  '%',
]
const BOXES = [
  '\\boxed{',
  '}',
  '{',
  'task_1_out',
  'task_3_out',
  ' = ',
  ': ',
  ' is ',
  '1',
  '[',
  ']',
  ',',
  '^',
  '<tool_call>',
  '</tool_call>',
  '<function=f>',
  '</function>',
  '`',
  '$',
  '\\(',
  '\\)',
  '.',
  '\n',
]

const textOf = (alphabet: readonly string[], maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((pieces) => pieces.join(''))

/** A parse result is either a value with its form or a refusal with a reason and a message. */
const wellFormed = (text: string, mode: 'arbigraph' | 'reference') => {
  const parsed = parseAnswer(text, { mode })
  return parsed.ok ? parsed.form.length > 0 : parsed.reason.length > 0 && parsed.message.length > 0
}

describe('parseAnswer never throws', () => {
  it.each([
    ['arithmetic pieces', ARITHMETIC, 12, 1],
    ['literal pieces', LITERAL, 12, 2],
    ['LaTeX pieces', [...LATEX, ...ARITHMETIC], 16, 3],
  ] as const)('on %s (seeded)', (_, alphabet, maxLength, seed) => {
    fc.assert(
      fc.property(
        textOf(alphabet, maxLength),
        (text) => wellFormed(text, 'arbigraph') && wellFormed(text, 'reference'),
      ),
      { numRuns: 20_000, seed },
    )
  })

  it('on arbitrary Unicode text (seeded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => wellFormed(text, 'arbigraph')),
      { numRuns: 5_000, seed: 4 },
    )
  })

  it('refuses an empty list item before an operator instead of throwing', () => {
    for (const text of ['[,^]', '[,,**]', '[ , 1+1]']) {
      expect(parseAnswer(text), text).toMatchObject({ ok: false, reason: 'syntax' })
    }
  })
})

describe('extraction and grading never throw', () => {
  it('collects, parses and grades any trajectory text (seeded)', () => {
    const instance = chainOf3()
    fc.assert(
      fc.property(fc.array(textOf(BOXES, 24), { maxLength: 3 }), (turns) => {
        const answers = collectAnswers(turns, instance.outputs)
        for (const answer of answers.values()) {
          const parsed = parseAnswer(answer)
          if (parsed.ok) compareAnswer(26n, parsed.value)
        }
        const grade = gradeInstance(instance, answers, { status: 'success' })
        return grade.nodes.length === instance.outputs.length
      }),
      { numRuns: 20_000, seed: 5 },
    )
  })

  it('an unclosed box or tool call is ignored, a closed one inside a tool call is masked', () => {
    const texts = [
      `${'<tool_call>'.repeat(1000)}\\boxed{task_3_out = 26}`,
      '<function=calc>\\boxed{task_1_out = 9}</function>\\boxed{task_1_out = 10}',
      `\\boxed{task_2_out = 13}${'\\boxed{'.repeat(1000)}`,
    ]
    expect(collectAnswers(texts, chainOf3().outputs)).toEqual(
      new Map([
        ['task_3_out', '26'],
        ['task_1_out', '10'],
        ['task_2_out', '13'],
      ]),
    )
  })
})
