/**
 * `npm run bench:transduction`: Long-Transduction generation and scoring speed, measured in this
 * run. One 128K document (the largest arithmetic/plain L0 cell, the most records) generated and
 * scored against its expected output (goal ≤ 1 s, median of 5), then the full 1,440-document
 * grid's generation time and its mean tokens per budget.
 */
import { generateDocument, generateTransduction, scoreDocument } from '../plugins/transduction/index.ts'
import { tokenTable } from '../src/cli/commands/generate-transduction.ts'

const point = { family: 'arithmetic', format: 'plain', level: 0, budget: '128K', sample: 0 } as const
generateDocument(point, 'warm')
const times: number[] = []
let records = 0
for (let run = 0; run < 5; run++) {
  const start = performance.now()
  const doc = generateDocument(point, String(run))
  const score = scoreDocument(doc, doc.expectedText)
  times.push(performance.now() - start)
  records = score.records
  if (score.accuracy !== 1) throw new Error('oracle output did not score 1')
}
const median = times.sort((a, b) => a - b)[2]! / 1000
console.log(
  `one 128K document (${records} records), generate + score: ${median.toFixed(3)} s ${median <= 1 ? '(goal ≤ 1 s met)' : '(goal ≤ 1 s NOT met)'}`,
)

const start = performance.now()
const docs = generateTransduction({}, '0')
console.log(`full grid: ${docs.length} documents in ${((performance.now() - start) / 1000).toFixed(1)} s`)
for (const line of tokenTable(docs)) console.log(`  ${line}`)
