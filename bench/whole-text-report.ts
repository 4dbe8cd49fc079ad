/**
 * The reader `arbigraph report` had before results were streamed, as the results bench's
 * baseline: the whole file as one string, parsed and validated whole, then summarized.
 * Run: `node --import tsx bench/whole-text-report.ts <results.json>`.
 */
import { readFileSync } from 'node:fs'
import { decodeResults } from '../src/contracts/results.ts'
import { summarize } from '../src/metrics/summarize.ts'
import { formatTable } from '../src/report/format-table.ts'

const file = process.argv[2]!
const results = decodeResults(readFileSync(file, 'utf8'), file)
console.log(formatTable(summarize(results.records), results.model))
