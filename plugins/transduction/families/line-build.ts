/**
 * Turns a line family into documents of any size: the first n records of the record stream, laid
 * out in the document's format. In `shuffled`, record k keeps ID k+1 while the input lists the
 * records in an order drawn per size; the output is always in ascending ID order.
 */
import type { Rng } from '../../../src/rng.ts'
import type { LineFormat } from '../grid.ts'
import { linePrompt } from '../prompts.ts'
import type { LineRecord, LineTask } from './line-task.ts'

/** One sized line document. */
export interface LineBuild {
  prompt: string
  expectedText: string
  /** Expected output records without IDs, in ID order. */
  records: string[]
}

/**
 * A builder of `task` documents in `format`, drawing records from `rng`.
 * @example lineBuilder(uuidSortTask(2), 'plain', createRng(0))(3).records.length // 3
 */
export function lineBuilder(task: LineTask, format: LineFormat, rng: Rng): (count: number) => LineBuild {
  const recordRng = rng.split('records')
  const drawn: LineRecord[] = []
  return (count) => {
    while (drawn.length < count) drawn.push(task.next(recordRng))
    const records = drawn.slice(0, count)
    const ids = records.map((_, i) => i)
    const shown = format === 'shuffled' ? rng.split('order', count).shuffle(ids) : ids
    const label = (i: number, text: string) => (format === 'plain' ? text : `[${i + 1}] ${text}`)
    const lines = shown.map((i) => label(i, records[i]!.input)).join('\n')
    return {
      prompt: linePrompt({
        instruction: task.instruction,
        examples: task.examples,
        exampleNote: task.exampleNote,
        preamble: task.preamble,
        format,
        count,
        lines,
      }),
      expectedText: records.map((record, i) => label(i, record.output)).join('\n'),
      records: records.map((record) => record.output),
    }
  }
}
