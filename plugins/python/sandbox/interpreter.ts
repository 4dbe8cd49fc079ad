/**
 * One sandboxed interpreter: a forked Node child running pyodide under the permission model
 * (read access to pyodide's files and the child's scripts only; no writes, no child processes,
 * no workers), without code generation from strings (no `eval`, no `Function` constructor) and
 * with an empty environment. The parent owns the wall-clock kill: a request that outlives
 * `wallMs` gets SIGKILL, which also stops loops inside C code that no Python-level budget can
 * interrupt. An interpreter that crashed, or said it must retire, is dead at once: the pool
 * never gives it another call.
 *
 * Reference: docs/research/runtime-options.md §1.4 (sandbox prototype) and §1.3 (timeouts).
 */
import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSignal } from '../../../src/start-signal.ts'

const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url))
const PRELUDE = fileURLToPath(new URL('./prelude.py', import.meta.url))
/** Everything the child reads besides pyodide itself. */
const CHILD_FILES = [
  CHILD,
  PRELUDE,
  ...['import-gate.mjs', 'heap-snapshot.mjs'].map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url))),
]
const STDERR_KEEP = 4000

/**
 * What the child answers for one request: a JSON string made in Python, a crash it reported,
 * or `lost` when the process died without answering.
 */
export type RawAnswer = { answer: string } | { crashed: string; lost?: true } | { timeout: true }

export interface InterpreterOptions {
  memoryMb: number
  hashSeed: number
}

export interface InterpreterRequest {
  source: string
  function: string
  args: string[]
  kwargs: Record<string, string>
  stepBudget: number
  wallMs: number
}

/** A started child; `ready` settles once pyodide has loaded (rejects if the child dies first). */
export interface Interpreter {
  ready: Promise<void>
  send(request: InterpreterRequest): Promise<RawAnswer>
  /** Keeps the parent alive while work is pending; idle interpreters never block exit. */
  hold(busy: boolean): void
  kill(): void
  readonly alive: boolean
  /** Calls this interpreter has answered. */
  readonly served: number
}

let pyodideDir: string | undefined

/** The installed pyodide's directory, the only tree the child may read. */
export function pyodideDirectory(): string {
  pyodideDir ??= dirname(createRequire(import.meta.url).resolve('pyodide'))
  return pyodideDir
}

/** Node 20 spells the permission flag `--experimental-permission`; 22+ spells it `--permission`. */
function permissionFlags(): string[] {
  const major = Number(process.versions.node.split('.')[0])
  const flag = major >= 22 ? '--permission' : '--experimental-permission'
  const dir = pyodideDirectory()
  return [flag, `--allow-fs-read=${dir}/*`, ...CHILD_FILES.map((file) => `--allow-fs-read=${file}`)]
}

/**
 * Forks a sandbox child and returns its handle.
 * @example const py = startInterpreter({ memoryMb: 512, hashSeed: 0 }); await py.ready
 */
export function startInterpreter(options: InterpreterOptions): Interpreter {
  const child: ChildProcess = fork(
    CHILD,
    [pyodideDirectory(), PRELUDE, String(options.hashSeed), String(options.memoryMb)],
    {
      execArgv: [...permissionFlags(), '--disallow-code-generation-from-strings', '--no-warnings'],
      env: {},
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP)
  })
  let alive = true
  let served = 0
  let current: { id: number; settle: (a: RawAnswer) => void; timer: NodeJS.Timeout } | undefined
  let nextId = 0
  const { ready, markReady, markFailed: failStart } = startSignal()
  const finish = (answer: RawAnswer) => {
    if (!current) return
    clearTimeout(current.timer)
    const { settle } = current
    current = undefined
    settle(answer)
  }
  child.on(
    'message',
    (message: { type?: string; id?: number; answer?: string; crashed?: string; retire?: boolean }) => {
      if (message.type === 'ready') markReady()
      else if (current && message.id === current.id) {
        served++
        // Dead from now on, not from the 'exit' event: the pool must not send it another call.
        if (message.crashed !== undefined || message.retire) interpreter.kill()
        finish(
          message.crashed !== undefined ? { crashed: message.crashed } : { answer: message.answer ?? '' },
        )
      }
    },
  )
  child.on('exit', (code, signal) => {
    alive = false
    const why = `interpreter exited (${signal ?? `code ${code}`})${stderr ? `: ${stderr.trim().slice(-500)}` : ''}`
    failStart(new Error(why))
    finish({ crashed: why, lost: true })
  })
  child.on('error', () => {})
  const interpreter: Interpreter = {
    ready,
    get alive() {
      return alive
    },
    get served() {
      return served
    },
    send(request) {
      const { wallMs, ...rest } = request
      return new Promise<RawAnswer>((settle) => {
        if (!alive) return settle({ crashed: 'interpreter is not running' })
        const id = ++nextId
        const timer = setTimeout(() => {
          interpreter.kill()
          finish({ timeout: true })
        }, wallMs)
        current = { id, settle, timer }
        child.send({ id, ...rest })
      })
    },
    hold(busy) {
      const handles = [child, child.channel, child.stderr] as ({ ref(): void; unref(): void } | null)[]
      for (const handle of handles) busy ? handle?.ref() : handle?.unref()
    },
    kill() {
      // Dead from now on, not from the 'exit' event: the pool must not send it another call.
      // Referenced until it is gone: an idle interpreter's handles are unreferenced, and whoever
      // awaits its end (the pool's close) must see the 'exit' event rather than the event loop
      // running dry first (a script ending on `await pool.close()` then exited 13).
      if (alive) {
        interpreter.hold(true)
        child.kill('SIGKILL')
      }
      alive = false
    },
  }
  return interpreter
}
