/**
 * Builds case records for metric tests: a correct, successful chain/math trial unless told
 * otherwise.
 */
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { CASE_RECORD_SCHEMA } from '../../src/contracts/case-record.ts'
import type { AttributionKind } from '../../src/contracts/grade.ts'

export interface RecordSpec extends Partial<CaseRecord> {
  correct?: boolean
  exact?: boolean
  attribution?: AttributionKind
  infra?: string
}

/** A valid wire-form record; `infra` makes it an infrastructure error. */
export function makeRecord(spec: RecordSpec = {}): CaseRecord {
  const { correct = true, exact = correct, attribution, infra, ...rest } = spec
  const caseId = rest.caseId ?? `${rest.topology ?? 'chain'}-${rest.task ?? 'MulMod'}-${rest.sample ?? 0}`
  return {
    schema: CASE_RECORD_SCHEMA,
    caseId,
    instanceId: caseId,
    topology: 'chain',
    category: 'math',
    task: 'MulMod',
    sample: 0,
    epoch: 0,
    model: 'qwen3.5-27b',
    protocol: 'chat',
    grade:
      infra === undefined
        ? {
            schema: 'arbigraph.grade/1',
            instance: caseId,
            mode: 'arbigraph',
            correct,
            exact,
            nodes: [],
            attribution: correct ? null : { kind: attribution ?? 'local', target: 't1' },
          }
        : null,
    status: infra === undefined ? 'success' : null,
    infraError: infra === undefined ? null : { reason: infra },
    turns: 3,
    toolCalls: 2,
    repairs: { tool: 0, final: 0, cutoff: 0 },
    tokens: { prompt: 1000, completion: 100 },
    latencyMs: 10,
    cachedTurns: 0,
    transcriptRef: null,
    ...rest,
  }
}
