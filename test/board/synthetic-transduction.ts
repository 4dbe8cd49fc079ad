/**
 * Synthetic Long-Transduction results files for the board tests: documents over families and
 * budgets whose accuracy falls with the budget by a model's `skill`, written through the
 * benchmark's own results builder (so the file is one `arbigraph report` reads).
 */
import { join } from 'node:path'
import { budgets } from '../../plugins/transduction/grid.ts'
import type { TransductionRecord } from '../../plugins/transduction/record.ts'
import { TRANSDUCTION_RECORD_SCHEMA } from '../../plugins/transduction/record.ts'
import { buildTransductionResults } from '../../plugins/transduction/report/build-results.ts'
import { writeJsonRecords } from '../../src/io/write-json-records.ts'

const FAMILIES = ['arithmetic', 'uuid-sort'] as const
const BUDGETS = ['4K', '8K', '16K'] as const

/**
 * The records of one synthetic transduction run: 2 families × 3 budgets × `samples`.
 * @example syntheticTransductionRecords('m', 0.9, 2).length // 12
 */
export function syntheticTransductionRecords(
  model: string,
  skill: number,
  samples: number,
  sweep = false,
): TransductionRecord[] {
  return FAMILIES.flatMap((family, f) =>
    BUDGETS.flatMap((budget, b) =>
      Array.from({ length: samples }, (_, sample) => {
        const records = 10
        const correct = Math.max(
          0,
          Math.min(records, Math.round(records * (skill - 0.2 * b - 0.1 * f + 0.05 * sample))),
        )
        return {
          schema: TRANSDUCTION_RECORD_SCHEMA,
          documentId: `${family}/plain/L0/${budget}/s${sample}`,
          family,
          format: 'plain' as const,
          level: 0,
          budget,
          sample,
          // A sweep's documents carry their point's seed (`<base>/budget=<tokens>`): the file gets curves.
          seed: sweep ? `0/budget=${budgets[budget]}` : `0/${family}/${budget}/${sample}`,
          model,
          outcome: 'completed' as const,
          score: {
            accuracy: correct / records,
            consistency: Math.min(1, (correct + 2) / records),
            exact: correct === records,
            positions: { accuracy: [correct / records], consistency: [1] },
            counts: {
              records,
              correct,
              consistent: Math.min(records, correct + 2),
              missing: records - correct,
              extra: 0,
              duplicates: 0,
              unparsed: 0,
              orderViolations: 0,
            },
          },
          tokens: { input: 4000 * (b + 1), prompt: 4100 * (b + 1), completion: 3000 * (b + 1) },
          latencyMs: 1000,
          infraError: null,
        }
      }),
    ),
  )
}

/**
 * Writes `<dir>/<name>.json`, a transduction results file; returns its path.
 * @example await writeSyntheticTransduction(dir, 'lt-a', 'model-a', 0.9)
 */
export async function writeSyntheticTransduction(
  dir: string,
  name: string,
  model: string,
  skill: number,
  samples = 3,
  sweep = false,
): Promise<string> {
  const now = '2026-12-06T00:00:00.000Z'
  const results = buildTransductionResults(
    syntheticTransductionRecords(model, skill, samples, sweep),
    { started: now, finished: now, reason: 'passed', shard: null, merged: false, env: {} },
    'synthetic',
  )
  const file = join(dir, `${name}.json`)
  await writeJsonRecords(file, results, 'records')
  return file
}
