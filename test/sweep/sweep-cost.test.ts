import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import type { SweepPoint } from '../../src/contracts/sweep-point.ts'
import { formatCost, promptsCost, streamedCost } from '../../src/sweep/sweep-cost.ts'

const point: SweepPoint = { name: 'chain-length', axis: 'length', value: 3, size: 3 }
const prompts = ['Task 1:\nLet val_1 be task_1_input.', 'Solve the tasks below in order.', '']

async function* oneAtATime(items: readonly string[]): AsyncGenerator<string> {
  for (const item of items) yield item
}

describe('sweep cost', () => {
  it('counts cases and first-turn tokens, each prompt once per epoch', () => {
    const tokens = prompts.reduce((sum, p) => sum + countTokens(p), 0)
    expect(tokens).toBeGreaterThan(0)
    expect(promptsCost(point, prompts, 1)).toEqual({ point, cases: 3, promptTokens: tokens })
    expect(promptsCost(point, prompts, 4)).toEqual({ point, cases: 12, promptTokens: 4 * tokens })
    expect(promptsCost(point, [], 2)).toEqual({ point, cases: 0, promptTokens: 0 })
  })

  it('gives the same cost for prompts that come one at a time', async () => {
    for (const epochs of [1, 3])
      expect(await streamedCost(point, oneAtATime(prompts), epochs)).toEqual(
        promptsCost(point, prompts, epochs),
      )
  })

  it('prints a row per point and the total, with tokens per case', () => {
    const table = formatCost([
      { point, cases: 2, promptTokens: 3000 },
      { point: { ...point, value: 5, size: 5 }, cases: 2, promptTokens: 5000 },
    ]).split('\n')
    expect(table[0]).toMatch(/^length\s+size\s+cases\s+prompt tokens\s+tokens\/case$/)
    expect(table[1]).toMatch(/^3\s+3\s+2\s+3,000\s+1,500$/)
    expect(table.at(-1)).toMatch(/^total\s+4\s+8,000\s+2,000$/)
  })
})
