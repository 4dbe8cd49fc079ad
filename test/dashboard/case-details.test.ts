/**
 * Case details located by byte range and read one at a time: a detail is the record's only when
 * its line is whole and names the same case and epoch; a line cut short by a crash, a line of
 * another case (a store rewritten under the results file) and a missing file give none.
 */
import { appendFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { locateCaseDetails, readCaseDetailAt } from '../../src/dashboard/case-details.ts'
import { makeRecord } from '../metrics/make-record.ts'

describe('locateCaseDetails and readCaseDetailAt', () => {
  it('find each record its own whole line, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-details-'))
    const store = join(dir, 'cases', '1-a.jsonl')
    const line = (caseId: string, text: string) =>
      `${JSON.stringify({ schema: 'arbigraph.case-detail/1', caseId, epoch: 0, instance: {}, transcript: { text } })}`
    mkdirSync(join(dir, 'cases'))
    appendFileSync(store, `${line('a', '€'.repeat(5))}\n${line('other', 'x')}\n${line('c', 'y')}`) // c cut short: no newline
    const records = [
      makeRecord({ caseId: 'a', transcriptRef: `${store}#1` }),
      makeRecord({ caseId: 'b', transcriptRef: `${store}#2` }),
      makeRecord({ caseId: 'c', transcriptRef: `${store}#3` }),
      makeRecord({ caseId: 'd', transcriptRef: join(dir, 'gone.jsonl#1') }),
      makeRecord({ caseId: 'a', transcriptRef: '1-a.jsonl#1' }), // moved: found in <results dir>/cases/
    ]
    const spans = await locateCaseDetails(records, dir)
    const found = records.map((record, i) => readCaseDetailAt(spans[i], record)?.transcript)
    expect(found).toEqual([{ text: '€€€€€' }, undefined, undefined, undefined, { text: '€€€€€' }])
    expect(spans[2]).toBeUndefined()
    expect(spans[3]).toBeUndefined()
  })
})
