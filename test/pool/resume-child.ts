/**
 * A run for the resume test, in its own process so the test can SIGKILL it: it starts a request
 * pool with a response cache and sends `count` requests, 16 at a time, printing one line per
 * completed request (`<index> <cache header> <answer>`).
 * Usage: node --import tsx test/pool/resume-child.ts <upstream> <cache file> <count>
 */
import { startRequestPool } from '../../src/pool/index.ts'

const [upstream, cachePath, countText] = process.argv.slice(2)
const count = Number(countText)
const pool = await startRequestPool({
  upstreams: [upstream!],
  cachePath,
  cacheMode: 'readwrite',
  concurrency: 16,
})
let next = 0
const worker = async () => {
  while (next < count) {
    const i = next++
    const response = await fetch(`${pool.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: `case-${i}` }] }),
    })
    const body = (await response.json()) as { choices: { message: { content: string } }[] }
    process.stdout.write(
      `${i} ${response.headers.get('x-arbigraph-cache')} ${body.choices[0]?.message.content}\n`,
    )
  }
}
await Promise.all(Array.from({ length: 16 }, worker))
await pool.close()
