/**
 * One Long-Transduction document, end to end: a single streamed request (greedy, thinking off,
 * `max_tokens` = 1.5 × the input budget) through the request pool, exact per-record scoring of
 * whatever came back (a cut-off or interrupted output is scored as it stands; an overflow scores
 * as an empty output) and the document's record. An endpoint that fails after the pool's retries
 * is an infrastructure error: the record says so instead of scoring a zero, and the caller fails
 * the test.
 * Reference: Long-Transduction paper §3 and Appendices B, D.
 */
import type { TransductionDocument } from '../../plugins/transduction/document.ts'
import { scoreDocument } from '../../plugins/transduction/score.ts'
import { singleShotMaxTokens } from '../../plugins/transduction/single-shot-profile.ts'
import type { SingleShotOutcome, SingleShotProfileInput } from '../agent/single-shot.ts'
import { runSingleShot } from '../agent/single-shot.ts'
import type { TransductionRecord, TransductionScore } from '../contracts/transduction-record.ts'
import { TRANSDUCTION_RECORD_SCHEMA } from '../contracts/transduction-record.ts'
import { ArbigraphError } from '../errors.ts'
import { documentBins } from '../metrics/transduction/position-bins.ts'

export interface RunTransductionCaseOptions {
  /** The request pool's (or a server's) base URL, ending in `/v1`. */
  baseURL: string
  model: string
  /** @default { temperature: 0, thinking: false } */
  profile?: SingleShotProfileInput
  signal?: AbortSignal
}

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

const head = (doc: TransductionDocument, model: string) => ({
  schema: TRANSDUCTION_RECORD_SCHEMA,
  documentId: doc.id,
  family: doc.family,
  format: doc.format,
  level: doc.level,
  budget: doc.budget,
  sample: doc.sample,
  seed: doc.seed,
  model,
})

/**
 * The record of a finished request.
 * @example transductionRecord(doc, 'sim:oracle', outcome).score?.exact
 */
export function transductionRecord(
  doc: TransductionDocument,
  model: string,
  outcome: SingleShotOutcome,
): TransductionRecord {
  return {
    ...head(doc, model),
    outcome: outcome.status,
    score: transductionScore(doc, outcome.content),
    tokens: { input: doc.inputTokens, prompt: outcome.promptTokens, completion: outcome.completionTokens },
    latencyMs: outcome.latencyMs,
    infraError: null,
  }
}

/**
 * Runs one document; never throws for an endpoint failure (the record carries `infraError`).
 * @example const record = await runTransductionCase(doc, { baseURL: context.poolUrl, model: context.model })
 */
export async function runTransductionCase(
  doc: TransductionDocument,
  options: RunTransductionCaseOptions,
): Promise<TransductionRecord> {
  const started = performance.now()
  try {
    const outcome = await runSingleShot({
      endpoint: { baseURL: options.baseURL },
      model: options.model,
      prompt: doc.prompt,
      maxTokens: singleShotMaxTokens(doc),
      ...(options.profile ? { profile: options.profile } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    return transductionRecord(doc, options.model, outcome)
  } catch (error) {
    if (!(error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')) throw error
    return {
      ...head(doc, options.model),
      outcome: null,
      score: null,
      tokens: { input: doc.inputTokens, prompt: 0, completion: 0 },
      latencyMs: performance.now() - started,
      infraError: { reason: error.message },
    }
  }
}
