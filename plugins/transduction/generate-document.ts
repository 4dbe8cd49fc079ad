/**
 * Generates one Long-Transduction document from its grid point and the dataset seed. The RNG
 * stream is `createRng(seed).split('transduction', id)`, so any document regenerates alone and
 * a dataset is identical whatever the order or the number of workers.
 */
import type { Rng } from '../../src/rng.ts'
import { createRng } from '../../src/rng.ts'
import type { TransductionDocument } from './document.ts'
import { arithmeticTask } from './families/arithmetic.ts'
import { lineBuilder } from './families/line-build.ts'
import type { LineTask } from './families/line-task.ts'
import { tableTask } from './families/table.ts'
import { uuidSortTask } from './families/uuid-sort.ts'
import { variableLookupTask } from './families/variable-lookup.ts'
import { fitToBudget } from './fit-budget.ts'
import type { GridPoint, LineFormat, TableFormat } from './grid.ts'
import { budgets, difficultyValue, documentId } from './grid.ts'

function lineTask(point: GridPoint, rng: Rng): LineTask {
  const value = difficultyValue(point.family, point.level)
  if (point.family === 'arithmetic') return arithmeticTask(value)
  if (point.family === 'uuid-sort') return uuidSortTask(value)
  return variableLookupTask(value, rng.split('pool'))
}

/**
 * The document at a grid point.
 * @example generateDocument({ family: 'uuid-sort', format: 'plain', level: 0, budget: '4K', sample: 0 }, '0').records.length
 */
export function generateDocument(point: GridPoint, seed: string): TransductionDocument {
  const id = documentId(point)
  const rng = createRng(seed).split('transduction', id)
  const target = budgets[point.budget]
  const head = {
    id,
    family: point.family,
    format: point.format,
    level: point.level,
    difficulty: difficultyValue(point.family, point.level),
    budget: point.budget,
    budgetTokens: target,
    sample: point.sample,
    seed,
  }
  if (point.family === 'table') {
    const fit = fitToBudget(
      tableTask(point.format as TableFormat, point.level, point.budget, rng),
      target,
      id,
    )
    const { build } = fit
    return {
      ...head,
      prompt: build.prompt,
      expectedText: build.expectedText,
      records: build.records,
      numbered: false,
      table: { rows: build.rows, cols: build.cols },
      ...(build.kvActiveKeys ? { kvActiveKeys: build.kvActiveKeys } : {}),
      inputTokens: fit.inputTokens,
      outputTokens: fit.outputTokens,
    }
  }
  const task = lineTask(point, rng)
  const format = point.format as LineFormat
  const fit = fitToBudget(lineBuilder(task, format, rng), target, id)
  return {
    ...head,
    prompt: fit.build.prompt,
    expectedText: fit.build.expectedText,
    records: fit.build.records,
    numbered: format !== 'plain',
    ...(task.definedWords ? { definedWords: [...task.definedWords] } : {}),
    inputTokens: fit.inputTokens,
    outputTokens: fit.outputTokens,
  }
}
