/**
 * Throughput of the request pool: agent turns (chat-completion requests) per second against a
 * zero-latency local endpoint, direct and through the pool, with the clients in two worker
 * threads as in a two-worker Vitest run and the endpoint in the main thread beside the pool
 * (where globalSetup puts the simulator). Run: `npx tsx bench/pool.bench.ts [seconds] [mode] [limit]`
 * with mode `off` (default) or `readwrite` (a cold cache, so every answer is also appended,
 * then a replay pass answered from it). The pool-vs-direct ratio understates the pool on a
 * 2-core machine: through the pool the main thread carries three HTTP exchanges per turn
 * (client→pool, pool→endpoint, endpoint) instead of one, so a bare proxy (the same extra hop
 * with nothing else) is measured in the same run as the pool's baseline.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { CacheMode } from '../src/pool/index.ts'
import { startRequestPool } from '../src/pool/index.ts'
import { startFakeUpstream } from '../test/pool/fake-upstream.ts'
import { startBareProxy } from './bare-proxy.ts'

// Plain JS, so the worker threads need no TypeScript loader. The clients use node:http with
// keep-alive so the figure measures the pool, not the client library.
const CLIENT_LOOP = `
const http = require('node:http')
const { parentPort, workerData: job } = require('node:worker_threads')
const agent = new http.Agent({ keepAlive: true })
const deadline = performance.now() + job.seconds * 1000
let done = 0
let n = 0
const call = (body) => new Promise((ok, fail) => {
  const req = http.request(job.url + '/chat/completions', { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
    res.resume()
    res.on('end', () => ok(res.statusCode))
  })
  req.on('error', fail)
  req.end(body)
})
const loop = async () => {
  while (performance.now() < deadline) {
    const body = JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'w' + job.worker + '-' + n++ }] })
    if ((await call(body)) === 200) done++
  }
}
Promise.all(Array.from({ length: job.concurrency }, loop)).then(() => { agent.destroy(); parentPort.postMessage(done) })
`

async function measure(url: string, seconds: number, workers = 2, concurrency = 32): Promise<number> {
  const started = performance.now()
  const counts = await Promise.all(
    Array.from({ length: workers }, (_, worker) => {
      const thread = new Worker(CLIENT_LOOP, {
        eval: true,
        workerData: { url, seconds, concurrency, worker },
      })
      return new Promise<number>((ok, fail) => {
        thread.once('message', ok)
        thread.once('error', fail)
      })
    }),
  )
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000)
}

async function main() {
  const seconds = Number(process.argv[2] ?? 5)
  const mode = (process.argv[3] ?? 'off') as CacheMode
  // 64 = every client request in flight at once; below that, requests queue in the pool.
  const limit = Number(process.argv[4] ?? 32)
  const dir = await mkdtemp(join(tmpdir(), 'arbigraph-pool-bench-'))
  const fake = await startFakeUpstream()
  const pool = await startRequestPool({
    upstreams: [fake.url],
    concurrency: limit,
    cacheMode: mode,
    cachePath: join(dir, 'responses.jsonl'),
  })
  await measure(fake.url, 1) // warm-up: JIT, keep-alive sockets
  const proxy = await startBareProxy(fake.url)
  await measure(proxy.url, 1)
  const direct = await measure(fake.url, seconds)
  const proxied = await measure(proxy.url, seconds)
  const pooled = await measure(pool.url, seconds)
  await proxy.close()
  console.log(`cache mode ${mode}, 2 client threads × 32 in flight, pool limit ${limit}, ${seconds}s each`)
  console.log(`direct:            ${direct.toFixed(0)} turns/s`)
  console.log(`through bare proxy: ${proxied.toFixed(0)} turns/s (ratio ${(proxied / direct).toFixed(2)})`)
  console.log(
    `through pool:      ${pooled.toFixed(0)} turns/s (ratio ${(pooled / direct).toFixed(2)}; ${(pooled / proxied).toFixed(2)}× the bare proxy)`,
  )
  if (mode === 'readwrite') {
    // The same clients again: the requests the first pass sent are now answered from the cache.
    const hitsBefore = pool.stats.cacheHits
    const replayed = await measure(pool.url, seconds)
    console.log(
      `replay pass:  ${replayed.toFixed(0)} turns/s (${pool.stats.cacheHits - hitsBefore} cache hits)`,
    )
  }
  console.log(`pool stats: ${JSON.stringify({ ...pool.stats, byUpstream: undefined })}`)
  await pool.close()
  await fake.close()
  await rm(dir, { recursive: true, force: true })
}

await main()
