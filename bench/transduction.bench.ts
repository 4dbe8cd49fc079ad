/**
 * `npm run bench:transduction`: Long-Transduction generation and scoring speed, measured in this
 * run. One 128K document (the largest arithmetic/plain L0 cell, the most records) generated and
 * scored against its expected output (goal ≤ 1 s, median of 5), then the full 1,440-document
 * grid's generation time on one thread and on two worker threads (checked identical), and its
 * mean tokens per budget.
 */

import { tokenTable } from '../plugins/transduction/generate-command.ts'
import {
  generateDocument,
  generateTransduction,
  generateTransductionInWorkers,
  scoreDocument,
} from '../plugins/transduction/index.ts'

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
const oneThread = (performance.now() - start) / 1000
console.log(`full grid: ${docs.length} documents in ${oneThread.toFixed(1)} s on one thread`)
const startWorkers = performance.now()
const fromWorkers = await generateTransductionInWorkers({}, '0', { workers: 2 })
const twoWorkers = (performance.now() - startWorkers) / 1000
const same = JSON.stringify(fromWorkers) === JSON.stringify(docs)
console.log(
  `full grid on 2 worker threads: ${twoWorkers.toFixed(1)} s (${(oneThread / twoWorkers).toFixed(2)}× one thread); documents ${same ? 'identical' : 'DIFFER'}`,
)
if (!same) process.exitCode = 1
for (const line of tokenTable(docs)) console.log(`  ${line}`)
