/**
 * How a suite hands its ground truths to the built-in simulator (`POST /arbigraph/cases` on the
 * control URL globalSetup provides). Against a real endpoint there is no control URL and nothing
 * is sent: a model never sees the answers.
 */
import { ArbigraphError } from '../errors.ts'
import type { SimCaseInput } from '../sim/case-book.ts'
import type { ArbigraphContext } from './provided-context.ts'

/**
 * Registers `cases` with the simulator, `batchSize` per request (large documents keep each body
 * modest); a refusal is an `ARBIGRAPH_ENDPOINT` error naming `who` and the simulator's answer.
 * @example beforeAll(() => registerSimCases(inject('arbigraph'), cases.map((c) => simCaseOf(c.instance)), 'defineSuite'))
 */
export async function registerSimCases(
  context: ArbigraphContext,
  cases: readonly SimCaseInput[],
  who: string,
  batchSize = cases.length,
): Promise<void> {
  if (!context.simControlUrl) return
  for (let at = 0; at < cases.length; at += Math.max(1, batchSize)) {
    const response = await fetch(context.simControlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cases: cases.slice(at, at + Math.max(1, batchSize)) }),
    })
    if (!response.ok) {
      throw new ArbigraphError(
        'ARBIGRAPH_ENDPOINT',
        `${who}: the simulator refused the cases (HTTP ${response.status}): ${await response.text()}`,
      )
    }
  }
}
