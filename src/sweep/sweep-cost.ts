/**
 * What a sweep will cost before it runs: per point, the cases (instances × epochs) and the
 * prompt tokens of their first turn, counted with cl100k_base (the tokenizer Long-Transduction
 * budgets use; gpt-tokenizer). Generation is cheap, so the count is exact for the prompts
 * themselves. It is a lower bound on what a server bills: the system prompt, the tool schema and
 * every later turn (which resends the conversation) come on top, and a model's own tokenizer
 * differs from cl100k_base by some percent.
 */
import { cl100kTokens } from '../cl100k-tokens.ts'
import type { Instance } from '../contracts/instance.ts'
import type { SweepPoint } from '../contracts/sweep-point.ts'
import { alignRows } from '../report/format-table.ts'

/** The cost of one point. */
export interface PointCost {
  point: SweepPoint
  /** Trials: instances × epochs. */
  cases: number
  /** First-turn prompt tokens over all trials (cl100k_base). */
  promptTokens: number
}

/** The cost of `prompts` prompts of `tokens` tokens in all, every one sent once per epoch. */
const perEpochs = (point: SweepPoint, prompts: number, tokens: number, epochs: number): PointCost => ({
  point,
  cases: prompts * epochs,
  promptTokens: tokens * epochs,
})

/**
 * The cost of a point whose instances are `instances`, each run `epochs` times.
 * @example pointCost(point, instances, 1) // { point, cases: 42, promptTokens: 9_450 }
 */
export const pointCost = (point: SweepPoint, instances: readonly Instance[], epochs: number): PointCost =>
  promptsCost(
    point,
    instances.map((instance) => instance.prompt),
    epochs,
  )

/**
 * The cost of a point whose cases send `prompts` (one per case), each `epochs` times.
 * @example promptsCost(point, documents.map((d) => d.prompt), 1).promptTokens // 15_870
 */
export function promptsCost(point: SweepPoint, prompts: readonly string[], epochs: number): PointCost {
  let tokens = 0
  for (const prompt of prompts) tokens += cl100kTokens(prompt)
  return perEpochs(point, prompts.length, tokens, epochs)
}

/**
 * `promptsCost` over prompts that come one at a time (a dataset read back line by line), so no
 * more than one is held.
 * @example await streamedCost(point, promptsOf(file), 1)
 */
export async function streamedCost(
  point: SweepPoint,
  prompts: AsyncIterable<string>,
  epochs: number,
): Promise<PointCost> {
  let count = 0
  let tokens = 0
  for await (const prompt of prompts) {
    count++
    tokens += cl100kTokens(prompt)
  }
  return perEpochs(point, count, tokens, epochs)
}

const thousands = (n: number) => n.toLocaleString('en-US')

/**
 * The cost preview as an aligned text table, the total last.
 * @example formatCost(costs).split('\n')[0] // 'length  size  cases  prompt tokens  tokens/case'
 */
export function formatCost(costs: readonly PointCost[]): string {
  const axis = costs[0]?.point.axis ?? 'value'
  const row = (label: string, size: string, cases: number, tokens: number) => [
    label,
    size,
    thousands(cases),
    thousands(tokens),
    cases === 0 ? '—' : thousands(Math.round(tokens / cases)),
  ]
  const cases = costs.reduce((sum, c) => sum + c.cases, 0)
  const tokens = costs.reduce((sum, c) => sum + c.promptTokens, 0)
  const rows = [
    [axis, 'size', 'cases', 'prompt tokens', 'tokens/case'],
    ...costs.map((c) => row(String(c.point.value), String(c.point.size), c.cases, c.promptTokens)),
    row('total', '', cases, tokens),
  ]
  return alignRows(
    rows[0]!.map((header, i) => ({ header, numeric: i > 0 })),
    rows.slice(1),
  ).join('\n')
}
