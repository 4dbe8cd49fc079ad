/**
 * Ctrl-C and SIGTERM during a run, for real: a child `vitest run` of a suite whose cases an HTTP
 * agent stand-in answers — the first few at once, the rest never — gets the signal once those few
 * finished: SIGINT to its whole process group (as a terminal sends Ctrl-C, workers included),
 * SIGTERM to its main process alone (as `kill`, a CI cancel or `arbigraph eval` passing one on).
 * The finished cases' records must be in the results file, marked interrupted, with the loud line
 * under the table and in the Markdown summary, and a gate must refuse the run; nothing of the
 * unfinished cases is invented.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { VITEST_BIN } from '../setup/child-vitest.ts'
import { childEnv } from './vitest-child.ts'

const ROOT = join(import.meta.dirname, '../..')
const ANSWERED = 3

/** An agent that answers the first ANSWERED cases (no answers: a graded, finished case) and holds the rest. */
async function startAgent() {
  let answered = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (answered++ < ANSWERED)
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"answers":{}}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/case`, close }
}

/** Runs suites/chain/math.eval.ts and sends `signal` once ANSWERED cases finished. */
async function interruptedRun(signal: 'SIGINT' | 'SIGTERM', group: boolean) {
  const agent = await startAgent()
  const dir = mkdtempSync(join(tmpdir(), 'ag-interrupt-'))
  const child = spawn(
    process.execPath,
    [VITEST_BIN, 'run', '--reporter=verbose', 'suites/chain/math.eval.ts'],
    {
      cwd: ROOT,
      detached: true, // its own process group, as a terminal's foreground job
      env: childEnv({
        ARBIGRAPH_CACHE_DIR: join(dir, 'cache'),
        ARBIGRAPH_RESULTS: join(dir, 'results.json'),
        ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'),
        ARBIGRAPH_DASHBOARD: 'off',
        ARBIGRAPH_SAMPLES: '1',
        ARBIGRAPH_HARNESS: agent.url,
        ARBIGRAPH_GATE: '*.accuracy>=0',
        ARBIGRAPH_ALLOW_SIMULATED: '1',
      }),
    },
  )
  let output = ''
  let signalled = false
  const finished = () => output.match(/✓ .*chain\/math/g)?.length ?? 0
  const onOutput = (chunk: Buffer) => {
    output += chunk
    if (!signalled && finished() >= ANSWERED) {
      signalled = true
      process.kill(group ? -child.pid! : child.pid!, signal)
    }
  }
  child.stdout.on('data', onOutput)
  child.stderr.on('data', onOutput)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  await agent.close()
  return { code, output, signalled, dir }
}

describe.concurrent('a signal mid-run', () => {
  for (const [signal, group] of [
    ['SIGINT', true],
    ['SIGTERM', false],
  ] as const)
    it(`${signal} writes the records of the cases that finished, marked interrupted, and the gate refuses`, async () => {
      const { code, output, signalled, dir } = await interruptedRun(signal, group)
      expect(signalled, output).toBe(true)
      expect(code, output).not.toBe(0)
      expect(output).toContain(`arbigraph: ${signal}: writing the cases that finished, marked interrupted`)
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'))
      expect(results.run.reason).toBe('interrupted')
      expect(results.records).toHaveLength(ANSWERED)
      for (const record of results.records) {
        expect(record.harness).toBe('http-agent')
        expect(record.infraError).toBeNull()
      }
      expect(output).toContain(`INTERRUPTED RUN: only the ${ANSWERED} cases that finished`)
      expect(output).toContain('gate: refused — the run was interrupted')
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/^> \[!CAUTION\]\n> ⚠ INTERRUPTED RUN/)
    }, 300_000)
})
