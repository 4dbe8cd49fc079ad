import { describe, expect, it } from 'vitest'
import {
  boxContents,
  cleanAnswerValue,
  collectAnswers,
  collectAnswerTurns,
  expectedOutputs,
  isPlaceholder,
  maskToolSpans,
} from '../../src/agent/answers.ts'

const ONE = ['task_1_out']
const collectOne = (text: string) => collectAnswers([text], ONE)

describe('expectedOutputs (conformance vectors 1–2)', () => {
  it('keeps first-seen order, de-duplicates and skips prefixed names like mat_task_2_out', () => {
    const prompt = 'Compute task_1_out. Then mat_task_2_out is a helper. Then task_2_out uses task_1_out.'
    expect(expectedOutputs(prompt)).toEqual(['task_1_out', 'task_2_out'])
  })

  it('recognizes task_12_out but neither zero-padded task_02_out nor task_1_out_static', () => {
    expect(expectedOutputs('task_12_out and task_02_out and task_1_out_static')).toEqual(['task_12_out'])
  })

  it('lower-cases names and ignores poly_task_3_out', () => {
    expect(expectedOutputs('TASK_3_OUT, poly_task_3_out')).toEqual(['task_3_out'])
  })
})

describe('collectAnswers: accepted forms (vectors 2–4, 7)', () => {
  it('collects two labelled boxes and keeps nested braces in the value', () => {
    const got = collectAnswers(
      ['\\boxed{task_1_out = 42} and \\boxed{task_2_out = [1, {2, 3}]}'],
      ['task_1_out', 'task_2_out'],
    )
    expect([...got]).toEqual([
      ['task_1_out', '42'],
      ['task_2_out', '[1, {2, 3}]'],
    ])
  })

  it('accepts a \\text{} wrapped label', () => {
    expect(collectOne('\\boxed{\\text{task_1_out} = 42}').get('task_1_out')).toBe('42')
  })

  it('accepts ":" and "is" as separators, any label case, and multi-line values', () => {
    expect(collectOne('\\boxed{task_1_out: 7}').get('task_1_out')).toBe('7')
    expect(collectOne('\\boxed{TASK_1_OUT is 8}').get('task_1_out')).toBe('8')
    expect(collectOne('\\boxed{task_1_out = [1,\n 2]}').get('task_1_out')).toBe('[1,\n 2]')
  })

  it('collects a zero-padded expected name only when unpadded: task_12_out yes, task_02_out no', () => {
    const got = collectAnswers(
      ['\\boxed{task_12_out = 5} \\boxed{task_02_out = 6}'],
      ['task_12_out', 'task_2_out'],
    )
    expect([...got]).toEqual([['task_12_out', '5']])
  })

  it('collects two boxes on one line', () => {
    const got = collectAnswers(
      ['\\boxed{task_1_out = 1} \\boxed{task_2_out = 2}'],
      ['task_1_out', 'task_2_out'],
    )
    expect(got.get('task_1_out')).toBe('1')
    expect(got.get('task_2_out')).toBe('2')
  })

  it('cleans values without changing their type', () => {
    expect(collectOne('\\boxed{task_1_out = the answer is `$42$`}').get('task_1_out')).toBe('42')
    expect(collectOne('\\boxed{task_1_out = 42.}').get('task_1_out')).toBe('42')
    // The reference strips trailing punctuation last, so a dot after the backticks keeps them.
    expect(collectOne('\\boxed{task_1_out = `42`.}').get('task_1_out')).toBe('`42`')
    expect(collectOne('\\boxed{task_1_out = \\(3.0\\)}').get('task_1_out')).toBe('3.0')
    expect(collectOne('\\boxed{task_1_out = [1, 2];,}').get('task_1_out')).toBe('[1, 2]')
  })
})

describe('collectAnswers: rejected forms (vector 5)', () => {
  const rejected = [
    ['label outside the box', 'task_1_out = \\boxed{42}'],
    ['unlabelled boxes in order', '\\boxed{10}\n\\boxed{20}'],
    ['a bare label without a box', 'task_1_out = 10'],
    ['prose label before an unlabelled box', 'Task 1 answer: \\boxed{10}'],
    ['an empty value', '\\boxed{task_1_out = }'],
    ['a placeholder value', '\\boxed{task_1_out = pending}'],
    ['a bare identifier value', '\\boxed{task_1_out = task_1_input}'],
    ['a LaTeX-escaped label', '\\boxed{task\\_1\\_out = 3}'],
    ['a box that never closes', '\\boxed{task_1_out = 3'],
    ['a space before the brace', '\\boxed {task_1_out = 3}'],
  ] as const
  it.each(rejected)('rejects %s', (_, text) => {
    expect(collectOne(text).size).toBe(0)
  })

  it('rejects a label that is not expected', () => {
    expect(collectAnswers(['\\boxed{task_2_out = 20}'], ONE).size).toBe(0)
  })
})

describe('collectAnswers: masking (vector 6)', () => {
  it('ignores a box inside a tool-call payload but keeps one after it', () => {
    const text =
      '<tool_call>{"name": "calc", "arguments": {"note": "\\boxed{task_1_out = 1}"}}</tool_call> \\boxed{task_1_out = 2}'
    expect(collectOne(text).get('task_1_out')).toBe('2')
    expect(collectOne('<function=calc>\\boxed{task_1_out = 1}</function>').size).toBe(0)
  })

  it('masks with spaces but keeps newlines and length', () => {
    const text = 'a<tool_call>x\ny</tool_call>b'
    const masked = maskToolSpans(text)
    expect(masked).toHaveLength(text.length)
    expect(masked.split('\n')).toHaveLength(2)
    expect(masked.startsWith('a ')).toBe(true)
  })

  it('does not mask an unclosed tool call', () => {
    expect(collectOne('<tool_call>\\boxed{task_1_out = 5}').get('task_1_out')).toBe('5')
  })
})

describe('collectAnswers: latest wins (vector 8)', () => {
  it('a later box in the same response replaces an earlier one', () => {
    const got = collectAnswerTurns(['\\boxed{task_1_out = 10} wait, \\boxed{task_1_out = 11}'], ONE)
    expect(got.get('task_1_out')).toEqual({ answer: '11', turn: 0 })
  })

  it('a turn-2 correction overwrites a turn-0 answer; a placeholder does not', () => {
    const turns = ['\\boxed{task_1_out = 10}', '\\boxed{task_1_out = pending}', '\\boxed{task_1_out = 12}']
    expect(collectAnswerTurns(turns, ONE).get('task_1_out')).toEqual({ answer: '12', turn: 2 })
    expect(collectAnswerTurns(turns.slice(0, 2), ONE).get('task_1_out')).toEqual({ answer: '10', turn: 0 })
  })
})

describe('answer building blocks', () => {
  it('boxContents finds nested boxes as separate candidates', () => {
    expect(boxContents('\\boxed{a \\boxed{b}}')).toEqual(['a \\boxed{b}', 'b'])
  })

  it('cleanAnswerValue strips a result prefix and trailing punctuation', () => {
    expect(cleanAnswerValue(' Result: 5,; ')).toBe('5')
  })

  it('isPlaceholder keeps true/false/none and numbers, refuses names and dots', () => {
    expect(['True', 'none', '42'].map(isPlaceholder)).toEqual([false, false, false])
    expect(['...', 'Unknown', 'not yet', 'x', ''].map(isPlaceholder)).toEqual([true, true, true, true, true])
  })
})
