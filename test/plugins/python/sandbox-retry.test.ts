/**
 * A call whose interpreter dies under it after serving earlier calls (killed from outside: the
 * OOM killer, an operator) is given once to a fresh interpreter, so a death it did not cause
 * never becomes its outcome. The interpreter is a real child process, killed with SIGKILL.
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

// Long enough to be killed while it runs, well inside the limits given here.
const slow: PythonCall = {
  source: 'def f(n):\n    s = 0\n    for i in range(n):\n        s += i * i\n    return s',
  call: { function: 'f', args: ['200000'] },
  stepBudget: 5_000_000,
  wallMs: 60_000,
}

const pool = createPythonPool({ size: 1 })
afterAll(() => pool.close())

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
})
