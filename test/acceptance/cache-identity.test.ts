/**
 * Acceptance: the response cache never answers for another server. Two loopback stand-ins serve
 * the same model id from different checkpoints (a different `root` in GET /v1/models, as vLLM
 * reports `--model` under `--served-model-name`) with different answers; all runs share one
 * cache folder. The run against the second server asks it every turn and grades its answers; a
 * rerun against it asks nothing and says, in the table, the Markdown summary and the results
 * file, that its cases were replayed, from which server and when; a new ARBIGRAPH_MODEL_REVISION
 * asks again.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import type { Results } from '../../src/contracts/results.ts'
import { runFixture } from '../reporters/run-fixture.ts'
import { type StandIn, startStandIn, turnsSeen } from './openai-stand-in.ts'

const root = join(import.meta.dirname, '..', 'fixtures', 'settings-suite')
const dir = mkdtempSync(join(tmpdir(), 'arbigraph-cache-identity-'))
const cacheDir = join(dir, 'cache')

const answer = (n: number) => `I will not use tools. \\boxed{task_2_out = ${n}}`

/** One run of the two-case fixture against `standIn`, with the shared cache; its outputs under `name`. */
async function run(name: string, standIn: StandIn, env: Record<string, string> = {}) {
  const asked = turnsSeen(standIn).length
  const started = new Date().toISOString()
  const result = await runFixture(
    ['run'],
    {
      ARBIGRAPH_BASE_URL: standIn.url,
      ARBIGRAPH_MODEL: 'stand-in-model',
      ARBIGRAPH_CACHE_DIR: cacheDir,
      ARBIGRAPH_RESULTS: join(dir, name, 'results.json'),
      ARBIGRAPH_MARKDOWN: join(dir, name, 'summary.md'),
      ARBIGRAPH_DASHBOARD: 'off',
      ARBIGRAPH_MAX_RETRIES: '0',
      ...env,
    },
    root,
  )
  expect(result.code, result.stdout + result.stderr).toBe(0)
  const results = JSON.parse(readFileSync(join(dir, name, 'results.json'), 'utf8')) as Results
  return {
    ...result,
    started,
    results,
    markdown: readFileSync(join(dir, name, 'summary.md'), 'utf8'),
    asked: turnsSeen(standIn).length - asked,
    turns: results.records.reduce((sum, r) => sum + r.turns, 0),
  }
}

/** The answers the records graded: task_2_out's collected text per record. */
const graded = (records: readonly CaseRecord[]) =>
  records.map((r) => r.grade?.nodes.find((node) => node.name === 'task_2_out')?.answer)

describe('the response cache and the server behind the model id', { timeout: 300_000 }, () => {
  const closers: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closers) await close()
  })

  it('asks a second checkpoint every turn, grades its answers, replays only to it, and a new revision asks again', async () => {
    const first = await startStandIn({ root: '/ckpt/step-1000', version: '0.11.0', content: answer(0) })
    const second = await startStandIn({ root: '/ckpt/step-2000', version: '0.11.0', content: answer(1) })
    closers.push(first.close, second.close)

    const a = await run('a', first)
    expect(a.asked).toBe(a.turns)
    expect(graded(a.results.records)).toEqual(['0', '0'])
    expect(a.results.run.identity).toBe('/ckpt/step-1000 · version 0.11.0')

    // Same model id, same cache folder, another checkpoint: every turn goes to the new server.
    const b = await run('b', second)
    expect(b.turns).toBeGreaterThanOrEqual(2)
    expect(b.asked).toBe(b.turns)
    expect(graded(b.results.records)).toEqual(['1', '1'])
    expect(b.results.records.every((r) => r.cachedTurns === 0 && r.replay === undefined)).toBe(true)
    expect(b.results.replay).toBeUndefined()
    expect(b.stdout).not.toContain('replayed')
    expect(b.results.run.identity).toBe('/ckpt/step-2000 · version 0.11.0')

    // The same server again: nothing is asked, everything is its own answers, replayed and said so.
    const again = await run('again', second)
    expect(again.asked).toBe(0)
    expect(turnsSeen(first)).toHaveLength(a.turns) // the first server was never asked again
    expect(graded(again.results.records)).toEqual(['1', '1'])
    for (const record of again.results.records) {
      expect(record.cachedTurns).toBe(record.turns)
      expect(record.replay?.server).toBe('/ckpt/step-2000 · version 0.11.0')
      // The original answers' date: during run b, before this run started.
      expect(record.replay!.at >= b.started && record.replay!.at < again.started).toBe(true)
    }
    const when = `${b.started.slice(0, 10)} `
    expect(again.stdout).toContain(`2 of 2 cases replayed (/ckpt/step-2000 · version 0.11.0, ${when}`)
    expect(again.markdown).toContain(`2 of 2 cases replayed (/ckpt/step-2000 · version 0.11.0, ${when}`)
    expect(again.results.replay).toMatchObject({
      replayed: 2,
      trials: 2,
      sources: [{ server: '/ckpt/step-2000 · version 0.11.0', trials: 2 }],
      unattributed: 0,
    })

    // The checkpoint swapped in place (same root): a new revision asks every turn again.
    const revised = await run('revised', second, { ARBIGRAPH_MODEL_REVISION: 'r2' })
    expect(revised.asked).toBe(revised.turns)
    expect(revised.results.records.every((r) => r.cachedTurns === 0)).toBe(true)
    expect(revised.results.run.identity).toBe('/ckpt/step-2000 · version 0.11.0 · revision r2')
  })
})
