/**
 * End-to-end: the eval project run as a user runs it (`vitest run suites/…`, the script
 * `npx vitest` starts, in a child process) against the built-in simulator. Covers the banner,
 * 100 % under the oracle, `-t` selecting one task, resume after SIGKILL, chaos, and the global
 * concurrency limit with two workers. Heavier variants run with ARBIGRAPH_E2E_HEAVY=1.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../src/contracts/case-record.ts'
import { startStandIn } from '../acceptance/openai-stand-in.ts'
import { VITEST_BIN } from '../setup/child-vitest.ts'

const ROOT = join(import.meta.dirname, '../..')
const HEAVY = process.env.ARBIGRAPH_E2E_HEAVY === '1'

interface Run {
  code: number | null
  output: string
  dir: string
}

/** The environment of a child run: ours, minus what Vitest set for this worker. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(VITEST|TINYPOOL|ARBIGRAPH_)/.test(key) ||
      ['MODE', 'TEST', 'NODE_ENV', 'NODE_OPTIONS'].includes(key)
    )
      continue
    env[key] = value
  }
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra }
}

function startRun(args: string[], env: Record<string, string>, dir = mkdtempSync(join(tmpdir(), 'ag-e2e-'))) {
  const child = spawn(process.execPath, [VITEST_BIN, 'run', '--reporter=dot', ...args], {
    cwd: ROOT,
    env: childEnv({
      ARBIGRAPH_CACHE_DIR: dir,
      ARBIGRAPH_RESULTS: join(dir, 'results.json'),
      ARBIGRAPH_MARKDOWN: join(dir, 'summary.md'),
      ARBIGRAPH_SIM_STATS: join(dir, 'stats.json'),
      // Its own dashboard too: the runs go at once, and none belongs in the checkout's out/.
      ARBIGRAPH_DASHBOARD_DIR: join(dir, 'dashboard'),
      ...env,
    }),
    detached: true, // its own process group, so a SIGKILL reaches vitest's workers too
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, output, dir })))
  return { child, done, dir }
}

const run = (args: string[], env: Record<string, string>, dir?: string) => startRun(args, env, dir).done

const records = (dir: string): CaseRecord[] =>
  (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { records: CaseRecord[] }).records

const stats = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8')) as {
    sim: { requests: number; maxInFlight: number }
    pool: { upstreamRequests: number; cacheHits: number; maxInFlight: number }
  }

/** Complete lines of the response cache (a torn last line does not count). */
const cachedLines = (dir: string): number => {
  const path = join(dir, 'responses.jsonl')
  if (!existsSync(path)) return 0
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(0, -1)
    .filter((line) => {
      try {
        JSON.parse(line)
        return true
      } catch {
        return false
      }
    }).length
}

/** Records without the fields that legitimately differ between runs. */
// Timing fields, where each run stored its case details and what it replayed differ between runs by nature.
const comparable = (list: CaseRecord[]) =>
  list
    .map(
      ({ latencyMs: _latency, cachedTurns: _cached, replay: _replay, transcriptRef: _ref, ...rest }) => rest,
    )
    .sort((a, b) => a.caseId.localeCompare(b.caseId))

const killGroup = (child: ChildProcess) => process.kill(-child.pid!, 'SIGKILL')

/**
 * `-t ConvolutionTask` under sim:oracle against a raw server with the text protocol, started by
 * the first test that asks: one child run serves both the test of `-t` and that of the raw
 * server's protocol (a child run costs ~8 s of CPU, most of it before the first case). `-t` is
 * Vitest's name filter, which the server's profile and the protocol do not reach: the same cases
 * are selected, and skipped, as against the default server.
 */
let textRun: Promise<Run> | undefined
const convolutionOnRawText = () =>
  (textRun ??= run(['suites/chain/math.eval.ts', '-t', 'ConvolutionTask'], {
    ARBIGRAPH_SIM: 'sim:oracle',
    ARBIGRAPH_SIM_SERVER: 'raw',
    ARBIGRAPH_PROTOCOL: 'text',
  }))

// Each test is its own child run in its own folder (but the two that share one, above), mostly
// waiting on simulated latency and timeouts: they go at once.
describe.concurrent('npx vitest run suites/… against the simulator', { timeout: 180_000 }, () => {
  it('scores 100 % with sim:oracle, says loudly that it is simulated, and runs only the eval files', async () => {
    const { code, output, dir } = await run(['suites/chain/math.eval.ts'], { ARBIGRAPH_SIM: 'sim:oracle' })
    expect(output).toContain('NO MODEL ENDPOINT CONFIGURED - RESULTS ARE SIMULATED (sim:oracle)')
    expect(output).toContain('ARBIGRAPH_BASE_URL=http://localhost:8000/v1')
    expect(code).toBe(0)
    const list = records(dir)
    expect(list).toHaveLength(80) // 40 math targets × 2 samples
    expect(list.every((r) => r.grade?.correct === true && r.topology === 'chain')).toBe(true)
    expect(new Set(list.map((r) => r.task)).size).toBe(40)
    expect(output).toMatch(/Test Files\s+1 passed \(1\)/)
  })

  it('records the preflight in run.server and runs the ARBIGRAPH_PROTOCOL protocol against a raw server', async () => {
    const { code, output, dir } = await convolutionOnRawText()
    expect(code, output).toBe(0)
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'))
    expect(results.run.server).toMatchObject({
      simulated: 'raw',
      protocols: { text: { usable: true }, chat: { usable: false } },
    })
    expect(results.records.every((r: CaseRecord) => r.protocol === 'text' && r.grade?.correct === true)).toBe(
      true,
    )
  })

  it('stops before the first case when the server cannot serve the protocol, naming the flag', async () => {
    const { code, output, dir } = await run(['suites/chain/math.eval.ts'], {
      ARBIGRAPH_SIM: 'sim:oracle',
      ARBIGRAPH_SIM_SERVER: 'raw',
      ARBIGRAPH_PROTOCOL: 'chat',
    })
    expect(code).not.toBe(0)
    expect(output).toContain('the chat protocol cannot run against')
    expect(output).toContain('start vLLM with --enable-auto-tool-choice --tool-call-parser qwen3_coder')
    expect(existsSync(join(dir, 'stats.json'))).toBe(false)
    expect(cachedLines(dir)).toBe(0)
  })

  it("-t ConvolutionTask runs only that task's cases", async () => {
    const { code, output, dir } = await convolutionOnRawText()
    expect(code).toBe(0)
    expect(records(dir).map((r) => `${r.task} #${r.sample}`)).toEqual(['Convolution #0', 'Convolution #1'])
    expect(output).toMatch(/Tests\s+2 passed \| 78 skipped \(80\)/)
  })

  it('resumes after SIGKILL: only the missing requests are sent and the results equal an uninterrupted run', async () => {
    const env = { ARBIGRAPH_SIM: 'sim:noisy', ARBIGRAPH_SAMPLES: '8', ARBIGRAPH_CONCURRENCY: '8' }
    const first = startRun(['suites/chain/math.eval.ts'], { ...env, ARBIGRAPH_SIM_LATENCY_MS: '60' })
    while (cachedLines(first.dir) < 150) {
      if (first.child.exitCode !== null) throw new Error('the run ended before it could be interrupted')
      await sleep(50)
    }
    killGroup(first.child)
    await first.done
    const before = cachedLines(first.dir)
    expect(existsSync(join(first.dir, 'results.json'))).toBe(false) // it really died midway

    const [resumed, fresh] = await Promise.all([
      run(['suites/chain/math.eval.ts'], env, first.dir),
      run(['suites/chain/math.eval.ts'], env),
    ])
    expect(resumed.code).toBe(0)
    expect(fresh.code).toBe(0)
    expect(records(resumed.dir)).toHaveLength(320)
    expect(comparable(records(resumed.dir))).toEqual(comparable(records(fresh.dir)))
    // The replayed cases say so, naming the simulator's settings as the server.
    const replayed = records(resumed.dir).filter((r) => r.cachedTurns > 0)
    expect(replayed.length).toBeGreaterThan(0)
    for (const r of replayed) expect(r.replay?.server).toBe('sim:noisy seed=0 noise=1 server=vllm-legacy')
    const total = stats(fresh.dir).pool.upstreamRequests
    expect(before).toBeLessThan(total)
    const again = stats(resumed.dir)
    expect(again.pool.cacheHits).toBe(before)
    expect(again.pool.upstreamRequests).toBe(total - before)
    expect(again.sim.requests).toBe(total - before)
  })

  it('completes a sim:chaos run: every case graded or an infrastructure error with its reason', async () => {
    const { output, dir } = await run(['suites/chain/math.eval.ts'], {
      ARBIGRAPH_SIM: 'sim:chaos',
      ARBIGRAPH_SAMPLES: HEAVY ? '32' : '8',
      ARBIGRAPH_REQUEST_TIMEOUT_MS: '1000', // chaos hangs some requests forever
      ARBIGRAPH_MAX_RETRIES: '1', // fewer retries, so some cases do fail
    })
    const list = records(dir)
    expect(list).toHaveLength(HEAVY ? 1280 : 320)
    for (const record of list) {
      if (record.grade === null) expect(record.infraError?.reason).toMatch(/endpoint|HTTP|request/)
      else expect(record.infraError).toBeNull()
    }
    const infra = list.filter((r) => r.infraError !== null).length
    expect(infra).toBeGreaterThan(0)
    expect(output).toMatch(new RegExp(`Tests\\s+${infra} failed \\| ${list.length - infra} passed`))
  })

  it('holds ARBIGRAPH_CONCURRENCY across two workers', async () => {
    const suites = HEAVY
      ? ['suites/chain/math.eval.ts', 'suites/baseline/math.eval.ts', 'suites/multichain/math.eval.ts']
      : ['suites/chain/math.eval.ts', 'suites/baseline/math.eval.ts']
    // The server holds the first case turns until 16 are in flight at once, so the limit is
    // reached however slowly the workers start their cases: a pool that let fewer through would
    // hang there (and time out), one that let more through (32 with a per-worker limit) shows
    // it in its own count, which is what the test then reads.
    const server = await startStandIn({ hold: 16 })
    try {
      const { code, output, dir } = await run([...suites, '--maxWorkers=2'], {
        ARBIGRAPH_BASE_URL: server.url,
        ARBIGRAPH_CONCURRENCY: '16',
      })
      expect(code, output).toBe(0)
      expect(records(dir)).toHaveLength(80 * suites.length)
      expect(server.maxInFlight).toBeLessThanOrEqual(16)
      expect(stats(dir).pool.maxInFlight).toBe(16) // reached, never passed: the limit held the load
    } finally {
      await server.close()
    }
  })
})
