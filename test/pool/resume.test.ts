import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { readJsonLines } from '../../src/pool/index.ts'
import { startFakeUpstream } from './fake-upstream.ts'

const child = fileURLToPath(new URL('./resume-child.ts', import.meta.url))
const COUNT = 300

/** Runs the child; resolves with its output lines. `killAfter` SIGKILLs it after that many lines. */
function run(args: string[], killAfter?: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', child, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const lines: string[] = []
    let buffered = ''
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const parts = buffered.split('\n')
      buffered = parts.pop() ?? ''
      lines.push(...parts)
      if (killAfter !== undefined && lines.length >= killAfter) proc.kill('SIGKILL')
    })
    proc.once('error', reject)
    proc.once('exit', (code, signal) => {
      if (killAfter === undefined && code !== 0) reject(new Error(`child exited with ${code ?? signal}`))
      else resolve(lines)
    })
  })
}

const contentOf = (body: unknown) => (body as { messages: { content: string }[] }).messages[0]!.content

describe('request pool resume', () => {
  const closers: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closers) await close()
  })

  test('a run SIGKILLed midway and rerun gives the uninterrupted results and re-sends nothing completed', async () => {
    const fake = await startFakeUpstream({ latencyMs: 5 })
    closers.push(() => fake.close())
    const cachePath = join(await mkdtemp(join(tmpdir(), 'arbigraph-resume-')), 'responses.jsonl')
    const args = [fake.url, cachePath, String(COUNT)]

    const firstLines = await run(args, 100)
    const firstCalls = fake.calls.length
    expect(firstLines.length).toBeGreaterThanOrEqual(100)
    expect(firstLines.length).toBeLessThan(COUNT)
    const stored = await readJsonLines(cachePath)
    const storedKeys = new Set(stored.records.map((r) => (r as { key: string }).key))
    expect(storedKeys.size).toBe(stored.records.length)
    // Every answer a client saw was on disk first.
    expect(stored.records.length).toBeGreaterThanOrEqual(firstLines.length)

    const secondLines = await run(args)
    expect(secondLines).toHaveLength(COUNT)
    const answers = new Map(secondLines.map((line) => [Number(line.split(' ')[0]), line.split(' ')[2]]))
    expect([...answers.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, i) => i))
    for (const [i, answer] of answers) expect(answer).toBe(`echo:case-${i}`)

    const firstSent = new Set(fake.calls.slice(0, firstCalls).map((c) => contentOf(c.body)))
    const completedFirst = new Set(firstLines.map((line) => `case-${line.split(' ')[0]}`))
    const secondSent = fake.calls.slice(firstCalls).map((c) => contentOf(c.body))
    expect(new Set(secondSent).size).toBe(secondSent.length)
    expect(secondSent.filter((content) => completedFirst.has(content))).toEqual([])
    expect(secondSent.length).toBe(COUNT - stored.records.length)
    expect(secondLines.filter((line) => line.includes(' hit ')).length).toBe(stored.records.length)
    expect(firstSent.size + secondSent.length).toBeGreaterThanOrEqual(COUNT)

    console.info(
      `resume: run 1 killed after ${firstLines.length} answers with ${stored.records.length} stored; ` +
        `run 2 sent ${secondSent.length} requests and replayed ${stored.records.length}`,
    )
    const final = await readJsonLines(cachePath)
    expect(final.skipped).toEqual([])
    expect(new Set(final.records.map((r) => (r as { key: string }).key)).size).toBe(COUNT)
    expect(final.records).toHaveLength(COUNT)
    expect((await readFile(cachePath, 'utf8')).endsWith('\n')).toBe(true)
  })
})
