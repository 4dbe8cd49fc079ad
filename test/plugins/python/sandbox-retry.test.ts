/**
 * A call whose interpreter dies under it after serving earlier calls (killed from outside: the
 * OOM killer, an operator) is given once to a fresh interpreter, so a death it did not cause
 * never becomes its outcome; only once: when the fresh one dies under it too, the call settles as
 * crashed, naming the death, instead of being retried forever. The interpreters are real child
 * processes, killed with SIGKILL.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { createPythonPool, type PythonCall } from '../../../plugins/python/sandbox/index.ts'

const START_MS = 90_000

/** Pids of this process's sandbox children, read from /proc (Linux). */
function sandboxChildren(): number[] {
  const pids: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // The parent pid is the field after the parenthesised command name.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8')
      if (ppid === process.pid && cmdline.includes('child.mjs')) pids.push(Number(name))
    } catch {
      // A process that ended while it was being read.
    }
  }
  return pids
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resident memory of a process in MiB, or 0 once it is gone. */
function residentMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

// Long enough to be killed while it runs, well inside the limits given here.
const slow: PythonCall = {
  source: 'def f(n):\n    s = 0\n    for i in range(n):\n        s += i * i\n    return s',
  call: { function: 'f', args: ['200000'] },
  stepBudget: 5_000_000,
  wallMs: 60_000,
}

// One pool for both tests: each interpreter start costs seconds of CPU. The heap cap leaves room
// for the second test's fill.
const pool = createPythonPool({ size: 1, memoryMb: 1024 })
afterAll(() => pool.close())

// Fills 200 MiB first, then runs long. A fresh interpreter holds ~160 MiB once started (measured
// below on the first one), so one holding half the fill more is inside this call: that is how the
// test knows when the retry is running.
const FILL_MB = 200
const fillsThenRuns: PythonCall = {
  source: `def f(n):\n    buf = bytearray(${FILL_MB} * 1024 * 1024)\n    s = 0\n    for i in range(n):\n        s += i\n    return s + len(buf)`,
  call: { function: 'f', args: ['20000000'] },
  stepBudget: 100_000_000,
  wallMs: 110_000,
}

describe.skipIf(process.platform !== 'linux')('python sandbox: an interpreter killed under a call', () => {
  it(
    'gives the call to a fresh interpreter, with the outcome an undisturbed run gives',
    async () => {
      const undisturbed = await pool.run(slow)
      expect(undisturbed).toMatchObject({ ok: true, repr: String((199999n * 200000n * 399999n) / 6n) })
      const [first] = sandboxChildren()
      expect(first).toBeTypeOf('number')
      const outcome = pool.run(slow)
      // The interpreter is warm and idle: the call is sent at once and runs for a while.
      await sleep(100)
      process.kill(first!, 'SIGKILL')
      expect(await outcome).toEqual(undisturbed)
      const [second] = sandboxChildren()
      expect(second).toBeTypeOf('number')
      expect(second).not.toBe(first)
    },
    START_MS,
  )

  it(
    'gives it to a fresh interpreter only once: when that one dies under it too, the call settles as crashed',
    async () => {
      // A warm interpreter that has served a call (the first test's, or this one's when run alone).
      expect(await pool.run({ source: 'def f():\n    return 1', call: { function: 'f' } })).toMatchObject({
        ok: true,
      })
      const before = new Set(sandboxChildren())
      const [first, ...more] = [...before]
      expect(first).toBeTypeOf('number')
      expect(more).toEqual([])
      const started = residentMb(first!)
      expect(started).toBeGreaterThan(0)
      const outcome = pool.run(fillsThenRuns)
      await sleep(100)
      process.kill(first!, 'SIGKILL')
      // The retry's interpreter: a new child, killed once it holds the call's 200 MiB.
      let second: number | undefined
      for (const deadline = Date.now() + START_MS; second === undefined && Date.now() < deadline; ) {
        await sleep(50)
        second = sandboxChildren().find((pid) => !before.has(pid) && residentMb(pid) > started + FILL_MB / 2)
      }
      expect(second).toBeTypeOf('number')
      process.kill(second!, 'SIGKILL')
      const settled = await outcome
      expect(settled).toMatchObject({ ok: false, error: { kind: 'crashed' } })
      expect(settled.ok === false && settled.error.message).toContain('interpreter exited (SIGKILL)')
      // And the pool goes on with a third interpreter.
      expect(await pool.run({ source: 'def f():\n    return 2', call: { function: 'f' } })).toMatchObject({
        ok: true,
        repr: '2',
      })
    },
    3 * START_MS,
  )
})
