/**
 * Reading a reference prompt back into parts: the task blocks (each starts at a `Task N:` line
 * and runs to the next heading) and the literal definitions the prompt prints (`task_1_input =
 * -45` under Initial Conditions or Static Inputs, `Define task_1_input = [...]` in baseline
 * blocks, `task_4_queries_static = [...]` for Python arguments). Printed literals are parsed
 * exactly, so they stay exact even where JSON numbers would not.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §8.1–8.4 (prompt layouts).
 */
import { ArbigraphError } from '../../errors.ts'
import { type PyValue, parsePyLiteral } from '../../values.ts'

/**
 * The text of every `Task N:` block, by task number, heading excluded.
 * @example splitTaskBlocks('Task 1:\nDo x.\n\nTask 2:\nDo y.').get(2) // 'Do y.'
 */
export function splitTaskBlocks(prompt: string): Map<number, string> {
  const blocks = new Map<number, string>()
  const headings = [...prompt.matchAll(/^Task (\d+):[ \t]*$/gm)]
  headings.forEach((heading, i) => {
    const n = Number(heading[1])
    if (blocks.has(n))
      throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `prompt has two "Task ${n}:" headings`)
    const start = heading.index + heading[0].length
    const end = headings[i + 1]?.index ?? prompt.length
    blocks.set(n, prompt.slice(start, end).trim())
  })
  return blocks
}

/**
 * Every `name = literal` the prompt prints on a line of its own, with or without `Define` and a
 * final period. Lines whose right side is not a Python literal (formulas, `Matrix(...)`) are
 * skipped: only input and static-argument names are looked up here.
 * @example promptDefinitions('Initial Conditions:\ntask_1_input = -45\n').get('task_1_input') // -45n
 */
export function promptDefinitions(prompt: string): Map<string, PyValue> {
  const found = new Map<string, PyValue>()
  for (const m of prompt.matchAll(/^(?:Define )?(task_\d+_\w+) = (.+?)\.?[ \t]*$/gm)) {
    const [, name, text] = m as unknown as [string, string, string]
    if (found.has(name)) continue
    try {
      found.set(name, parsePyLiteral(text))
    } catch {
      // Not a literal (e.g. `task_3_out[0]` or a recombination formula): not a printed value.
    }
  }
  return found
}

/**
 * The index a pick adapter prints: `Define task_5_input = task_2_out[1].` → 1.
 * @example pickIndex('Define task_5_input = task_2_out[1].', 'task_5_input') // 1
 */
export function pickIndex(prompt: string, name: string): number | undefined {
  const m = new RegExp(`^Define ${name} = task_\\d+_out\\[(\\d+)\\]\\.`, 'm').exec(prompt)
  return m ? Number(m[1]) : undefined
}

/**
 * Output names in order of first appearance, as the reference harness collects them:
 * `task_N_out` not preceded by a letter, digit or underscore (so `mat_task_1_out` is not one).
 * @example expectedOutputNames('… task_1_out … mat_task_2_out … task_2_out') // ['task_1_out', 'task_2_out']
 */
export function expectedOutputNames(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(/(?<![A-Za-z0-9_])task_\d+_out(?![A-Za-z0-9_])/g)].map((m) => m[0]))]
}
