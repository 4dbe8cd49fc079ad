/**
 * One Long-Transduction document's record: the default harness (`singleShot()`) sends a single
 * streamed request (greedy, thinking off, `max_tokens` = 1.5 × the input budget) through the
 * request pool; whatever came back is scored exactly per record (a cut-off or interrupted output is scored as
 * it stands; an overflow scores as an empty output). An endpoint that fails after the pool's
 * retries is an infrastructure error: the record says so instead of scoring a zero.
 * Reference: Long-Transduction paper §3 and Appendices B, D.
 */
import type { SingleShotOutcome } from '../../../src/agent/single-shot.ts'
import type { RunFacts } from '../../../src/contracts/benchmark.ts'
import type { HarnessResult } from '../../../src/contracts/harness.ts'
import { SINGLE_SHOT_OUTPUT, singleShotStatus } from '../../../src/harness/single-shot.ts'
import type { TransductionDocument } from '../document.ts'
import { documentBins } from '../metrics/position-bins.ts'
import type { TransductionRecord, TransductionScore } from '../record.ts'
import { TRANSDUCTION_RECORD_SCHEMA } from '../record.ts'
import { scoreDocument } from '../score.ts'
import type { TransductionIdentity } from './cases.ts'

/**
 * The score part of a record for an output text.
 * @example transductionScore(doc, doc.expectedText).accuracy // 1
 */
export function transductionScore(doc: TransductionDocument, output: string): TransductionScore {
  const s = scoreDocument(doc, output)
  return {
    accuracy: s.accuracy,
    consistency: s.consistency,
    exact: s.exact,
    positions: { accuracy: documentBins(s.correct), consistency: documentBins(s.consistent) },
    counts: {
      records: s.records,
      correct: s.correct.filter(Boolean).length,
      consistent: s.consistent.filter(Boolean).length,
      missing: s.missing,
      extra: s.extra,
      duplicates: s.duplicates,
      unparsed: s.unparsed,
      orderViolations: s.orderViolations,
    },
  }
}

const head = (identity: TransductionIdentity, model: string) => ({
  schema: TRANSDUCTION_RECORD_SCHEMA,
  documentId: identity.documentId,
  family: identity.family,
  format: identity.format,
  level: identity.level,
  budget: identity.budget,
  sample: identity.sample,
  seed: identity.seed,
  model,
  ...(identity.dataset ? { dataset: identity.dataset } : {}),
})

const identityOf = (doc: TransductionDocument): TransductionIdentity => ({
  documentId: doc.id,
  family: doc.family,
  format: doc.format,
  level: doc.level,
  budget: doc.budget,
  sample: doc.sample,
  seed: doc.seed,
})

/**
 * The record of a finished request; `identity` is the case's (its id may name its suite's settings).
 * @example transductionRecord(doc, 'sim:oracle', outcome).score?.exact
 */
export function transductionRecord(
  doc: TransductionDocument,
  model: string,
  outcome: Pick<SingleShotOutcome, 'status' | 'content' | 'promptTokens' | 'completionTokens' | 'latencyMs'>,
  identity: TransductionIdentity = identityOf(doc),
): TransductionRecord {
  return {
    ...head(identity, model),
    outcome: outcome.status,
    score: transductionScore(doc, outcome.content),
    tokens: { input: doc.inputTokens, prompt: outcome.promptTokens, completion: outcome.completionTokens },
    latencyMs: outcome.latencyMs,
    infraError: null,
  }
}

/**
 * The record of a document that produced no outcome (endpoint failure, or a test that failed
 * before writing one): no score, the reason kept.
 * @example transductionInfraRecord(identity, 'HTTP 503', { model: 'm', latencyMs: 0 }).score // null
 */
export function transductionInfraRecord(
  identity: TransductionIdentity,
  reason: string,
  facts: RunFacts,
  doc?: TransductionDocument,
): TransductionRecord {
  return {
    ...head(identity, facts.model),
    outcome: null,
    score: null,
    tokens: { input: doc?.inputTokens ?? 0, prompt: 0, completion: 0 },
    latencyMs: facts.latencyMs,
    infraError: { reason },
  }
}

/**
 * What a single-shot harness's result says about the request: how it ended, the output text, tokens.
 * @example singleShotOutcome(result).status // 'completed'
 */
export function singleShotOutcome(
  result: HarnessResult,
): Pick<SingleShotOutcome, 'status' | 'content' | 'promptTokens' | 'completionTokens' | 'latencyMs'> {
  const { transcript } = result
  return {
    status: singleShotStatus(transcript),
    content: result.answers[SINGLE_SHOT_OUTPUT] ?? '',
    promptTokens: transcript.totals.promptTokens,
    completionTokens: transcript.totals.completionTokens,
    latencyMs: transcript.totals.latencyMs,
  }
}
