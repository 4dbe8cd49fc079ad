/**
 * The live dashboard: while a run is going, the same app is served on 127.0.0.1 (loopback only:
 * transcripts may be confidential) and kept current with server-sent events — every `update`
 * event carries the whole overview and case index, so a page opened late, or one that lost its
 * connection and reconnected, is immediately complete. A case's details (prompt, graph,
 * transcript) are served in the same chunk scripts as the static folder's, built on request from
 * the finished records and the case-detail store; only lines the reporter's records point at are
 * ever read, so the URL cannot name a file. The page forgets its chunks on every update, because a
 * finished case can change which cases a chunk holds.
 */
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CaseRecord } from '../contracts/case-record.ts'
import type { BenchmarkRecords, BenchmarksPayload } from './benchmark-view.ts'
import { benchmarkChunkScript } from './benchmark-view.ts'
import { loadCaseDetails } from './case-details.ts'
import type { CaseIndex, OverviewPayload } from './dashboard-data.ts'
import { chunkScript, dataScript } from './dashboard-data.ts'

const APP_DIR = fileURLToPath(new URL('./app/', import.meta.url))
const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', html: 'text/html' }

export interface LiveDashboardOptions {
  /**
   * Port on 127.0.0.1; 0 picks a free one.
   * @default 0
   */
  port?: number
  /**
   * Where the results file goes: case details are looked up in its `cases/` folder too.
   * @default the working directory
   */
  resultsDir?: string
}

/** A running live dashboard. */
export interface LiveDashboard {
  /** `http://127.0.0.1:<port>/`. */
  url: string
  /**
   * Replaces the served data (`records` in index order, for the case details; `benchmarks`: the
   * other benchmarks' tabs and their records, for their case chunks) and pushes it to every open page.
   */
  update(
    summary: OverviewPayload,
    index: CaseIndex,
    records?: readonly CaseRecord[],
    benchmarks?: { payload: BenchmarksPayload; runs: readonly BenchmarkRecords[] },
  ): void
  /** Tells open pages the run ended, then stops the server. */
  close(): Promise<void>
}

function staticFile(path: string): string | undefined {
  if (path === '/' || path === '/index.html') return join(APP_DIR, 'index.html')
  if (path === '/app/vendor/viz-global.js')
    return join(dirname(createRequire(import.meta.url).resolve('@viz-js/viz')), 'viz-global.js')
  const match = /^\/app\/([\w-]+\.(js|css))$/.exec(path)
  return match ? join(APP_DIR, match[1]!) : undefined
}

/**
 * Starts the live dashboard server.
 * @example const live = await startLiveDashboard(); live.update(summary, index); console.log(live.url)
 */
export async function startLiveDashboard(options: LiveDashboardOptions = {}): Promise<LiveDashboard> {
  let summary: OverviewPayload | null = null
  let index: CaseIndex | null = null
  let records: readonly CaseRecord[] = []
  let benchmarks: { payload: BenchmarksPayload; runs: readonly BenchmarkRecords[] } | undefined
  const resultsDir = options.resultsDir ?? process.cwd()
  const clients = new Set<ServerResponse>()

  /** Chunk `k` of the current records, as the static folder holds it (undefined past the end). */
  async function liveChunk(k: number): Promise<string | undefined> {
    const size = summary?.chunkSize ?? 100
    const part = records.slice(k * size, (k + 1) * size)
    if (part.length === 0) return undefined
    return chunkScript(k, part, await loadCaseDetails(part, resultsDir))
  }
  /** Chunk `k` of another benchmark's current records (undefined past the end or for no such benchmark). */
  async function liveBenchmarkChunk(name: string, k: number): Promise<string | undefined> {
    const run = benchmarks?.runs.find((r) => r.bench.name === name)
    const size = summary?.chunkSize ?? 100
    const part = run?.records.slice(k * size, (k + 1) * size) ?? []
    if (!run || part.length === 0) return undefined
    return benchmarkChunkScript(run.bench, k, part, resultsDir)
  }
  const event = (name: string) =>
    `event: ${name}\ndata: ${JSON.stringify({ summary, index, benchmarks: benchmarks?.payload ?? null })}\n\n`

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      clients.add(response)
      request.on('close', () => clients.delete(response))
      if (summary) response.write(event('update'))
      return
    }
    if (path === '/data/summary.js' || path === '/data/index.js' || path === '/data/benchmarks.js') {
      const body = path.endsWith('summary.js')
        ? dataScript('summary', summary)
        : path.endsWith('index.js')
          ? dataScript('index', index)
          : dataScript('benchmarks', benchmarks?.payload ?? null)
      response.writeHead(200, { 'content-type': TYPES.js!, 'cache-control': 'no-cache' })
      return response.end(body)
    }
    const chunk = /^\/data\/cases-(\d{5})\.js$/.exec(path)
    const benchChunk = /^\/data\/bench-([a-z][a-z0-9-]*)\/cases-(\d{5})\.js$/.exec(path)
    const script = chunk
      ? await liveChunk(Number(chunk[1]))
      : benchChunk
        ? await liveBenchmarkChunk(benchChunk[1]!, Number(benchChunk[2]))
        : undefined
    if (script !== undefined) {
      response.writeHead(200, { 'content-type': TYPES.js!, 'cache-control': 'no-cache' })
      return response.end(script)
    }
    const file = staticFile(path)
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' })
      return response.end(`not served: ${path}`)
    }
    const body = await readFile(file)
    response.writeHead(200, { 'content-type': TYPES[file.split('.').pop()!] ?? 'application/octet-stream' })
    response.end(body)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      response.writeHead(500)
      response.end(error.message)
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    update(nextSummary, nextIndex, nextRecords = [], nextBenchmarks) {
      summary = nextSummary
      index = nextIndex
      records = nextRecords
      benchmarks = nextBenchmarks
      const text = event('update')
      for (const client of clients) client.write(text)
    },
    async close() {
      for (const client of clients) client.end('event: done\ndata: {}\n\n')
      clients.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
