/**
 * CSV table transformation. A table has a header `,[C0],[C1],…` and rows `[R0],a,b,…`; the
 * three operations take the place of the line families' formats:
 * - `homogeneous`: cells are 4-digit integers; rows and columns are permuted into a given order;
 * - `heterogeneous`: cells are hexadecimal fragments of 1 to 36 digits; same permutation;
 * - `kv`: cells are `a<i>+n<j>` references into an adjective and a noun dictionary; every cell is
 *   replaced by "<adjective> <noun>", rows and columns keep their order.
 * For the permutations, difficulty is the share of rows and of columns that move (20, 40, 80,
 * 100 %; at least two, moved by a derangement so none of them stays in place).
 *
 * KV progression (the paper's Table 1 is missing from its text, so this one is ours): the number
 * of active adjectives, and equally of nouns, is 2, 4, 8 or 16 by level, times 1 at 4K and 8K, 2
 * at 16K and 32K, 4 at 64K and 128K (so 2…16 at 4K, 8…64 at 128K). Difficulty and context length
 * thus both grow the dictionaries, as the paper says, while small tables still reuse every key.
 *
 * Columns grow with the budget (6, 8, 10, 12, 16, 20 from 4K to 128K) and rows fill the budget.
 * Reference: Long-Transduction paper, Appendix A "CSV Table Transformation", "CSV KV resolution".
 */
import type { Rng } from '../../../src/rng.ts'
import type { BudgetLabel, Level, TableFormat } from '../grid.ts'
import { difficultyValue } from '../grid.ts'
import { tablePrompt } from '../prompts.ts'
import { adjectives, nouns } from '../words.ts'

const COLUMNS: Record<BudgetLabel, number> = { '4K': 6, '8K': 8, '16K': 10, '32K': 12, '64K': 16, '128K': 20 }
const KV_SCALE: Record<BudgetLabel, number> = { '4K': 1, '8K': 1, '16K': 2, '32K': 2, '64K': 4, '128K': 4 }

/**
 * Active adjectives (and nouns) of a KV table at a level and budget.
 * @example kvActiveKeys(3, '128K') // 64
 */
export const kvActiveKeys = (level: Level, budget: BudgetLabel): number =>
  [2, 4, 8, 16][level]! * KV_SCALE[budget]

/**
 * Table columns at a budget.
 * @example tableColumns('4K') // 6
 */
export const tableColumns = (budget: BudgetLabel): number => COLUMNS[budget]

/** One sized table document. */
export interface TableBuild {
  prompt: string
  expectedText: string
  /** Expected data cells, row-major in output order. */
  records: string[]
  rows: number
  cols: number
  kvActiveKeys?: number
}

/**
 * A permutation of 0..n-1 that moves `max(2, round(share·n))` positions (all when share is 1),
 * none of which stays in place.
 * @example partialDerangement(createRng(0), 5, 1).every((v, i) => v !== i) // true
 */
export function partialDerangement(rng: Rng, n: number, share: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i)
  const moved = Math.min(n, Math.max(2, Math.round(share * n)))
  if (n < 2) return order
  const chosen = rng
    .shuffle(order)
    .slice(0, moved)
    .sort((a, b) => a - b)
  let targets = rng.shuffle(chosen)
  while (targets.some((t, i) => t === chosen[i])) targets = rng.shuffle(chosen)
  chosen.forEach((position, i) => {
    order[position] = targets[i]!
  })
  return order
}

const hexFragment = (rng: Rng): string => {
  let text = ''
  for (let i = rng.int(1, 36); i > 0; i--) text += '0123456789abcdef'[rng.below(16)]
  return text
}

const csvTable = (rowLabels: string[], colLabels: string[], cells: string[][]): string =>
  [`,${colLabels.join(',')}`, ...cells.map((row, r) => `${rowLabels[r]},${row.join(',')}`)].join('\n')

const PERMUTE =
  'Reorder the rows and the columns into the new orders given after the table, moving each cell with its row and column; do not change any cell. For example, the table ",[C0],[C1]" / "[R0],a,b" / "[R1],c,d" with row order [R1],[R0] and column order [C1],[C0] becomes ",[C1],[C0]" / "[R1],d,c" / "[R0],b,a".'
const RESOLVE =
  'Each cell is "a<i>+n<j>": an adjective variable and a noun variable from the dictionaries given before the table. Replace every cell by the adjective, one space, and the noun (with a0=quick and n0=fox, the cell a0+n0 becomes quick fox). Keep the rows and columns in their order.'

/**
 * A table family for one document: call the result with a row count to build that document.
 * @example tableTask('kv', 0, '4K', createRng(0))(10).records.length // 60
 */
export function tableTask(
  format: TableFormat,
  level: Level,
  budget: BudgetLabel,
  rng: Rng,
): (rows: number) => TableBuild {
  const cols = COLUMNS[budget]
  const active = kvActiveKeys(level, budget)
  const dictRng = rng.split('dictionaries')
  const adj = dictRng.shuffle(adjectives).slice(0, active)
  const noun = dictRng.shuffle(nouns).slice(0, active)
  const cellRng = rng.split('cells')
  const drawn: { input: string; output: string }[][] = []
  const drawRow = (): { input: string; output: string }[] =>
    Array.from({ length: cols }, () => {
      if (format === 'homogeneous') {
        const value = String(cellRng.int(1000, 9999))
        return { input: value, output: value }
      }
      if (format === 'heterogeneous') {
        const value = hexFragment(cellRng)
        return { input: value, output: value }
      }
      const i = cellRng.below(active)
      const j = cellRng.below(active)
      return { input: `a${i}+n${j}`, output: `${adj[i]} ${noun[j]}` }
    })
  const share = difficultyValue('table', level) / 100
  const colOrder =
    format === 'kv' ? [...Array(cols).keys()] : partialDerangement(rng.split('columns'), cols, share)
  return (rows) => {
    while (drawn.length < rows) drawn.push(drawRow())
    const body = drawn.slice(0, rows)
    const rowOrder =
      format === 'kv' ? [...Array(rows).keys()] : partialDerangement(rng.split('rows', rows), rows, share)
    const rowLabel = (r: number) => `[R${r}]`
    const colLabel = (c: number) => `[C${c}]`
    const inputCells = body.map((row) => row.map((cell) => cell.input))
    const outputCells = rowOrder.map((r) => colOrder.map((c) => body[r]![c]!.output))
    const preamble =
      format === 'kv'
        ? `Adjectives:\n${adj.map((w, i) => `a${i}=${w}`).join('\n')}\nNouns:\n${noun.map((w, i) => `n${i}=${w}`).join('\n')}`
        : ''
    const postamble =
      format === 'kv'
        ? ''
        : `New row order: ${rowOrder.map(rowLabel).join(',')}\nNew column order: ${colOrder.map(colLabel).join(',')}`
    const prompt = tablePrompt({
      instruction: format === 'kv' ? RESOLVE : PERMUTE,
      preamble,
      table: csvTable(
        body.map((_, r) => rowLabel(r)),
        [...Array(cols).keys()].map(colLabel),
        inputCells,
      ),
      postamble,
      rows,
      cols,
    })
    return {
      prompt,
      expectedText: csvTable(rowOrder.map(rowLabel), colOrder.map(colLabel), outputCells),
      records: outputCells.flat(),
      rows,
      cols,
      ...(format === 'kv' ? { kvActiveKeys: active } : {}),
    }
  }
}
