/**
 * A bare HTTP proxy for benchmarks: the cost of one extra loopback hop and nothing else (no
 * limit, no retries, no cache, no transcript), built from the same parts as the request pool (a
 * `node:http` server, an undici connection pool upstream). bench:harness measures it in the same
 * run as the pool, so the pool's own cost is the difference between the two.
 */

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openConnections } from '../src/connections.ts'

export interface BareProxy {
  url: string
  close(): Promise<void>
}

/**
 * Forwards every request under `/v1` to `upstream` (a base URL ending in `/v1`) and answers with
 * the upstream's status, content type and body.
 * @example const proxy = await startBareProxy(sim.url); …; await proxy.close()
 */
export async function startBareProxy(upstream: string): Promise<BareProxy> {
  const target = new URL(upstream)
  const basePath = target.pathname.replace(/\/+$/, '')
  const pool = openConnections(target.origin)
  const server = createServer((req, res) => {
    const parts: Buffer[] = []
    req.on('data', (part: Buffer) => parts.push(part))
    req.on('end', () => {
      const chunks: Buffer[] = []
      let status = 502
      let contentType = 'application/json'
      pool.dispatch(
        {
          path: `${basePath}${(req.url ?? '/').replace(/^\/v1/, '')}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(parts),
        },
        {
          // Its presence selects undici's current handler API (else it expects the legacy one).
          onRequestStart() {},
          onResponseStart(_c, statusCode, headers) {
            status = statusCode
            contentType = String(headers['content-type'] ?? contentType)
          },
          onResponseData(_c, chunk) {
            chunks.push(chunk)
          },
          onResponseEnd() {
            res.writeHead(status, { 'content-type': contentType })
            res.end(Buffer.concat(chunks))
          },
          onResponseError(_c, error) {
            res.writeHead(502, { 'content-type': 'application/json' })
            res.end(JSON.stringify({ error: { message: error.message } }))
          },
        },
      )
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((ok) => server.close(() => ok()))
      await pool.destroy()
    },
  }
}
