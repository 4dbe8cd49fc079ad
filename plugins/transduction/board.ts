/**
 * Long-Transduction on the board across runs and in the trial export (src/contracts/board.ts): a
 * record is one document's trial, its cell the family × budget (the progress line's cells), right
 * when every required record is (exact completion, so the matrix's Wilson interval is of a rate),
 * with the per-record accuracy and self-consistency as means. Views: accuracy against budget, one
 * line per model (the paper's Fig. 2a), self-consistency against budget (Fig. 2b), and the
 * family × budget accuracy heatmap of each model (Fig. 8).
 * Reference: Long-Transduction paper, Figs. 2a, 2b and 8.
 */
import type { BenchmarkBoard, BoardTrial } from '../../src/contracts/board.ts'
import { datasetOf } from '../../src/contracts/board.ts'
import type { TransductionRecord } from './record.ts'
import { TRANSDUCTION_RESULTS_SCHEMA } from './results.ts'

/**
 * Long-Transduction's board block.
 * @example transductionBoard.trials(record)[0].cell // 'arithmetic/4K'
 */
export const transductionBoard: BenchmarkBoard<TransductionRecord> = {
  resultsSchema: TRANSDUCTION_RESULTS_SCHEMA,
  label: 'Long-Transduction',
  correctLabel: 'exact completion',
  dimensions: [
    { id: 'family', label: 'family' },
    { id: 'format', label: 'format' },
    { id: 'level', label: 'difficulty' },
    { id: 'budget', label: 'budget' },
  ],
  metrics: [
    { id: 'accuracy', label: 'accuracy' },
    { id: 'consistency', label: 'self-consistency' },
    { id: 'tokens', label: 'generated tokens' },
  ],
  views: [
    {
      kind: 'lines',
      id: 'accuracy-budget',
      title: 'Accuracy against budget (Fig. 2a)',
      x: 'budget',
      metric: 'accuracy',
    },
    {
      kind: 'bars',
      id: 'accuracy-family-longest',
      title: 'Accuracy per task at the longest budget (Fig. 2b)',
      x: 'family',
      metric: 'accuracy',
      atLargest: 'budget',
    },
    {
      kind: 'lines',
      id: 'consistency-budget',
      title: 'Self-consistency against budget',
      x: 'budget',
      metric: 'consistency',
    },
    {
      kind: 'heatmap',
      id: 'family-budget',
      title: 'Accuracy by family × budget (Fig. 8)',
      x: 'budget',
      y: 'family',
      metric: 'accuracy',
    },
  ],
  trials(r): BoardTrial[] {
    const { dataset, instance } = datasetOf(r)
    return [
      {
        cell: `${r.family}/${r.budget}`,
        at: { family: r.family, format: r.format, level: `L${r.level}`, budget: r.budget },
        caseId: r.documentId,
        ...(dataset ? { dataset } : {}),
        instance: instance ?? r.documentId,
        epoch: 0,
        condition: 'in-graph',
        correct: r.score ? r.score.exact : null,
        status: r.infraError ? 'infra' : (r.outcome ?? 'unknown'),
        infraReason: r.infraError?.reason ?? null,
        promptTokens: r.tokens.prompt,
        completionTokens: r.tokens.completion,
        turns: r.score ? 1 : 0,
        latencyMs: r.latencyMs,
        attribution: null,
        values: r.score
          ? { accuracy: r.score.accuracy, consistency: r.score.consistency, tokens: r.tokens.completion }
          : {},
      },
    ]
  },
}
