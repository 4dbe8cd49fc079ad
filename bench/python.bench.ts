/**
 * `npm run bench:python`: re-executing the 1,280 released Python baseline records in the
 * sandbox, measured in this run. For each pool size: time until the interpreters are ready,
 * then all calls in flight at once, and the total (goal ≤ 15 s for the total with interpreter
 * start). Every result is compared with the released ground truth, and the result bytes (repr and step
 * count of every call) must be the same for every pool size.
 *
 * Reference data is read from `ARBIGRAPH_REFERENCE_DIR` (default `../shared/reference`).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pythonStageCall } from '../plugins/python/reference-stage.ts'
import { createPythonPool } from '../plugins/python/sandbox/pool.ts'
import { readReferenceFile } from '../src/io/reference/read.ts'
import { pyRepr } from '../src/values.ts'

const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? fileURLToPath(new URL('../../shared/reference', import.meta.url))
const path = join(referenceDir, 'arbigraph', 'python_baseline.json')
if (!existsSync(path)) {
  console.warn(`bench:python skipped: ${path} not found (set ARBIGRAPH_REFERENCE_DIR)`)
  process.exit(0)
}

const file = await readReferenceFile(path)
const calls = file.graphs.map((graph) => {
  const stage = graph.stages[0]!
  const { block, kwargs } = pythonStageCall(stage)
  return { expected: pyRepr(stage.expected!), source: block.code, call: { function: block.function, kwargs } }
})
const sizes = (process.env.BENCH_POOL_SIZES ?? '1,2').split(',').map(Number)
const GOAL_S = 15
let firstBytes: string | undefined

console.log(`${calls.length} records of python_baseline.json`)
for (const size of sizes) {
  const start = performance.now()
  const pool = createPythonPool({ size })
  // One trivial call per interpreter makes every interpreter start before the clock splits.
  await Promise.all(
    Array.from({ length: size }, () =>
      pool.run({ source: 'def f():\n    return 0', call: { function: 'f' } }),
    ),
  )
  const ready = performance.now()
  const outcomes = await Promise.all(calls.map(({ source, call }) => pool.run({ source, call })))
  const done = performance.now()
  await pool.close()
  const reprs = outcomes.map((o) => (o.ok ? o.repr : `error ${o.error.kind}`))
  const matched = reprs.filter((r, i) => r === calls[i]!.expected).length
  const steps = outcomes.reduce((acc, o) => acc + (o.ok ? o.steps : 0), 0)
  const bytes = outcomes.map((o, i) => `${reprs[i]} ${o.ok ? o.steps : ''}`).join('\n')
  firstBytes ??= bytes
  const total = (done - start) / 1000
  console.log(
    `  pool size ${size}: start ${((ready - start) / 1000).toFixed(2)} s, ` +
      `${calls.length} calls ${((done - ready) / 1000).toFixed(2)} s ` +
      `(${(((done - ready) * 1000) / calls.length).toFixed(0)} µs/call, ${steps} lines), ` +
      `total ${total.toFixed(2)} s ${total <= GOAL_S ? `(goal ≤ ${GOAL_S} s met)` : `(goal ≤ ${GOAL_S} s NOT met)`}; ` +
      `reproduced ${matched}/${calls.length}; same bytes as size ${sizes[0]}: ${bytes === firstBytes}`,
  )
}
