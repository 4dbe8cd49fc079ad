/**
 * Ctrl-C and SIGTERM during a run, for real: a child `vitest run` of a suite whose cases an HTTP
 * agent stand-in answers — the first few at once, the rest held — gets the signal once those few
 * finished: SIGINT to its whole process group (as a terminal sends Ctrl-C, workers included),
 * SIGTERM to its main process alone (as `kill`, a CI cancel or `arbigraph eval` passing one on).
 * The finished cases' records must be in the results file, marked interrupted, with the loud line
 * under the table and in the Markdown summary, and a gate must refuse the run; nothing of the
 * unfinished cases is invented, and no worker outlives the run holding the unfinished cases'
 * requests.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { VITEST_BIN } from '../setup/child-vitest.ts'
import { childEnv } from './vitest-child.ts'

const ROOT = join(import.meta.dirname, '../..')
const ANSWERED = 3
/** How long the output may stay behind the agent's answers before one more case is answered. */
const STALL_MS = 2_000

/**
 * An agent that answers the first ANSWERED cases (no answers: a graded, finished case) and holds
 * the rest until `answerOne` releases the oldest. It records which cases it answered.
 */
async function startAgent() {
  const answered: string[] = []
  const held: { id: string; res: ServerResponse }[] = []
  const open = new Set<Socket>() // connections of held cases the run still keeps open
  const answer = (id: string, res: ServerResponse) => {
    answered.push(id)
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"answers":{}}')
  }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const id = JSON.parse(body).case.id as string
      if (answered.length < ANSWERED) answer(id, res)
      else {
        held.push({ id, res })
        open.add(req.socket)
        req.socket.once('close', () => open.delete(req.socket))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  const answerOne = () => {
    const next = held.shift()
    if (next) answer(next.id, next.res)
  }
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/case`,
    answered,
    answerOne,
    close,
    /** Whether the run let go of every held case within `ms` (its workers gone, not orphaned). */
    released: async (ms: number) => {
      for (const until = Date.now() + ms; open.size > 0 && Date.now() < until; )
        await new Promise((resolve) => setTimeout(resolve, 50))
      return open.size === 0
    },
  }
}

/**
 * Runs suites/chain/math.eval.ts and sends `signal` once the output shows ANSWERED finished cases.
 * A worker's Vitest runner sends its test results to the main process throttled, and an update
 * that falls on the throttle's boundary waits for the worker's next event (@vitest/runner 4.1:
 * the pending timer's call sees `now - last` equal to, not above, 100 ms and schedules nothing).
 * With every other case held, no next event would ever come, so when the output stalls the agent
 * answers one more case: its events carry the stalled results to the main process.
 */
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
  let shown = 0 // finished cases the output showed when the signal went
  const finished = () => output.match(/✓ .*chain\/math/g)?.length ?? 0
  const stall = setInterval(() => {
    if (!shown && agent.answered.length >= ANSWERED && finished() < agent.answered.length) agent.answerOne()
  }, STALL_MS)
  const onOutput = (chunk: Buffer) => {
    output += chunk
    if (!shown && finished() >= ANSWERED) {
      shown = finished()
      process.kill(group ? -child.pid! : child.pid!, signal)
    }
  }
  child.stdout.on('data', onOutput)
  child.stderr.on('data', onOutput)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearInterval(stall)
  // A worker outliving its main process would hold the cases' requests until their deadline.
  const released = await agent.released(15_000)
  await agent.close()
  return { code, output, shown, answered: agent.answered, released, dir }
}

describe.concurrent('a signal mid-run', () => {
  for (const [signal, group] of [
    ['SIGINT', true],
    ['SIGTERM', false],
  ] as const)
    it(`${signal} writes the records of the cases that finished, marked interrupted, and the gate refuses`, async () => {
      const { code, output, shown, answered, released, dir } = await interruptedRun(signal, group)
      expect(shown, output).toBeGreaterThanOrEqual(ANSWERED)
      expect(released, 'a worker kept the held cases open after the run ended').toBe(true)
      expect(code, output).not.toBe(0)
      expect(output).toContain(`arbigraph: ${signal}: writing the cases that finished, marked interrupted`)
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'))
      expect(results.run.reason).toBe('interrupted')
      // What the run had seen finish, and nothing the agent did not answer.
      const count = results.records.length
      expect(count).toBeGreaterThanOrEqual(shown)
      expect(answered).toEqual(
        expect.arrayContaining(results.records.map((record: { caseId: string }) => record.caseId)),
      )
      for (const record of results.records) {
        expect(record.harness).toBe('http-agent')
        expect(record.infraError).toBeNull()
      }
      expect(output).toContain(`INTERRUPTED RUN: only the ${count} cases that finished`)
      expect(output).toContain('gate: refused — the run was interrupted')
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/^> \[!CAUTION\]\n> ⚠ INTERRUPTED RUN/)
    }, 300_000)
})
