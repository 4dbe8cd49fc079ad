/**
 * One phase of the board bench, in a process of its own so its peak RSS is its own: `parse`
 * reads and JSON.parses every results file whole (what a reader without streaming does — the
 * baseline), `build` builds the board over them. Prints one JSON line: the phase's wall time and
 * the process's peak RSS (getrusage). Run by bench/board.bench.ts.
 */
import { readFile } from 'node:fs/promises'
import '../index.ts'
import { defaultRegistry } from '../plugins/index.ts'
import { buildBoard } from '../src/board/build-board.ts'

const [phase, out, ...files] = process.argv.slice(2)
const start = performance.now()
let detail = ''
if (phase === 'parse') {
  let records = 0
  for (const file of files)
    records += (JSON.parse(await readFile(file, 'utf8')) as { records: unknown[] }).records.length
  detail = `${records} records`
} else {
  const inputs = files.map((path) => ({ path, where: path }))
  const built = await buildBoard(inputs, defaultRegistry().benchmarks.values(), out!)
  detail = `${built.data.trials} trials`
}
const ms = performance.now() - start
console.log(JSON.stringify({ phase, ms, maxRssMb: process.resourceUsage().maxRSS / 1024, detail }))
