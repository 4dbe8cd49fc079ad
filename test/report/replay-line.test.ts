/**
 * The "N of M cases replayed (server, date)" line: a trial counts when any of its turns came from
 * the response cache; each server is named with the date (or span of dates) of its answers.
 */
import { describe, expect, it } from 'vitest'
import { checkCaseRecord, trialReplay } from '../../src/contracts/case-record.ts'
import { summarizeReplay } from '../../src/metrics/replay.ts'
import { summarize } from '../../src/metrics/summarize.ts'
import { formatMarkdown } from '../../src/report/format-markdown.ts'
import { formatTable } from '../../src/report/format-table.ts'
import { makeRecord } from '../metrics/make-record.ts'

const B = '/ckpt/b · version 0.11.0'
const replayed = (sample: number, at: string, server = B) =>
  makeRecord({ sample, turns: 3, cachedTurns: 1, replay: { server, at } })

describe('replay line', () => {
  it('counts trials with any cached turn, names each server with its dates, in the table and the Markdown', () => {
    const records = [
      replayed(0, '2026-12-05T09:10:11.000Z'),
      replayed(1, '2026-12-06T18:31:59.000Z'),
      makeRecord({ sample: 2 }),
      makeRecord({ sample: 3, infra: 'HTTP 503' }),
    ]
    for (const record of records) checkCaseRecord(record)
    const line = `2 of 4 cases replayed (${B}, 2026-12-05 09:10 – 2026-12-06 18:31 UTC)`
    const summary = summarize(records)
    expect(formatTable(summary, 'm').split('\n')[1]).toBe(line)
    expect(formatMarkdown(summary, 'm', null)).toContain(`\n${line}\n`)
  })

  it('lists several servers with their counts, and trials whose source is not recorded', () => {
    const summary = summarizeReplay([
      replayed(0, '2026-12-06T10:00:00.000Z', 'sim:noisy seed=0 noise=1 server=default'),
      replayed(1, '2026-12-06T11:00:00.000Z'),
      makeRecord({ sample: 2, cachedTurns: 2 }),
    ])
    expect(summary).toEqual({
      replayed: 3,
      trials: 3,
      sources: [
        { server: B, first: '2026-12-06T11:00:00.000Z', last: '2026-12-06T11:00:00.000Z', trials: 1 },
        {
          server: 'sim:noisy seed=0 noise=1 server=default',
          first: '2026-12-06T10:00:00.000Z',
          last: '2026-12-06T10:00:00.000Z',
          trials: 1,
        },
      ],
      unattributed: 1,
    })
  })

  it('prints nothing when no trial was replayed', () => {
    const table = formatTable(summarize([makeRecord()]), 'm')
    expect(table).not.toContain('replayed')
  })

  it("takes a trial's servers and earliest date from its cached turns", () => {
    expect(
      trialReplay([
        {},
        { replay: { server: B, at: '2026-12-06T02:00:00Z' } },
        { replay: { server: B, at: '2026-12-06T01:00:00Z' } },
      ]),
    ).toEqual({
      server: B,
      at: '2026-12-06T01:00:00Z',
    })
    expect(trialReplay([{}, {}])).toBeUndefined()
  })
})
