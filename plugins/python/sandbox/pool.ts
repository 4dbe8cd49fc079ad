/**
 * A pool of warm sandboxed interpreters. Calls queue in order and go to whichever interpreter is
 * free; an interpreter that was killed (wall-clock limit), crashed or retired is replaced before
 * it could take another call, and the next call waits for its successor. Every call starts from
 * the interpreter's start-up heap (the child restores a snapshot after each call) and the hash
 * seed is fixed, so an outcome depends only on the call: the same bytes for any pool size and
 * any call history. A call whose interpreter died without answering after serving earlier
 * calls is given once more to a fresh interpreter, so an earlier call can never make it fail.
 *
 * Reference: docs/research/runtime-options.md §1.2–§1.5.
 */
import { availableParallelism } from 'node:os'
import { z } from 'zod'
import { ArbigraphError } from '../../../src/errors.ts'
import { type Interpreter, startInterpreter } from './interpreter.ts'
import { decodeAnswer, type PythonOutcome } from './outcome.ts'

export const pythonPoolOptionsSchema = z.object({
  /** Interpreters started in parallel. @default min(2, CPUs) */
  size: z.number().int().min(1).max(64).optional(),
  /** Executed Python lines allowed per call (deterministic). @default 1_000_000 */
  stepBudget: z.number().int().min(1).default(1_000_000),
  /** Wall-clock limit per call in ms; the interpreter is killed and replaced. @default 10_000 */
  wallMs: z.number().int().min(1).default(10_000),
  /** Cap on the interpreter's wasm heap in MB (start-up takes about 20). @default 512 */
  memoryMb: z.number().int().min(64).max(4096).default(512),
  /** PYTHONHASHSEED of every interpreter; a second pool with another seed can cross-check. @default 0 */
  hashSeed: z.number().int().min(0).max(4294967295).default(0),
})

export type PythonPoolOptions = z.input<typeof pythonPoolOptionsSchema>

/** One call: a module source, then `function(*args, **kwargs)` with inputs as repr strings. */
export interface PythonCall {
  source: string
  call: {
    /** A function the source defines, or `Class.method` (the class is instantiated with no arguments). */
    function: string
    args?: string[]
    kwargs?: Record<string, string>
  }
  /** Per-call overrides of the pool's limits. */
  stepBudget?: number
  wallMs?: number
}

export interface PythonPool {
  run(call: PythonCall): Promise<PythonOutcome>
  /** Kills every interpreter; pending calls settle as `crashed`. */
  close(): Promise<void>
}

interface Job {
  call: PythonCall
  settle: (outcome: PythonOutcome) => void
  /** Already given to a fresh interpreter after its first one died under it. */
  retried?: boolean
}

/** Consecutive start failures after which queued calls fail instead of retrying forever. */
const MAX_START_FAILURES = 3

/**
 * Starts a pool (interpreters are forked on the first call).
 * @example
 * const pool = createPythonPool({ size: 2 })
 * const out = await pool.run({ source: 'def f(a):\n    return sorted(a)', call: { function: 'f', args: ['[3, 1]'] } })
 * out.ok && out.repr // '[1, 3]'
 * await pool.close()
 */
export function createPythonPool(options: PythonPoolOptions = {}): PythonPool {
  const parsed = pythonPoolOptionsSchema.safeParse(options)
  if (!parsed.success)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `createPythonPool: ${parsed.error.issues[0]!.message}`)
  const { stepBudget, wallMs, memoryMb, hashSeed } = parsed.data
  const size = parsed.data.size ?? Math.min(2, availableParallelism())
  const slots: (Interpreter | undefined)[] = new Array(size).fill(undefined)
  const busy = new Set<number>()
  const queue: Job[] = []
  let startFailures = 0
  let closed = false

  const spawn = (slot: number): Interpreter => {
    const interpreter = startInterpreter({ memoryMb, hashSeed })
    slots[slot] = interpreter
    interpreter.ready.then(
      () => {
        startFailures = 0
        pump()
      },
      (error: Error) => {
        if (slots[slot] === interpreter) slots[slot] = undefined
        if (++startFailures >= MAX_START_FAILURES) drain(`python sandbox failed to start: ${error.message}`)
        else pump()
      },
    )
    return interpreter
  }

  const drain = (message: string) => {
    for (const job of queue.splice(0)) job.settle({ ok: false, error: { kind: 'crashed', message } })
    hold()
  }

  const hold = () => {
    const pending = queue.length > 0 || busy.size > 0
    for (const interpreter of slots) interpreter?.hold(pending)
  }

  const execute = async (slot: number, interpreter: Interpreter, job: Job) => {
    const limit = job.call.wallMs ?? wallMs
    const raw = await interpreter.send({
      source: job.call.source,
      function: job.call.call.function,
      args: job.call.call.args ?? [],
      kwargs: job.call.call.kwargs ?? {},
      stepBudget: job.call.stepBudget ?? stepBudget,
      wallMs: limit,
    })
    busy.delete(slot)
    // Replace a killed or crashed interpreter at once, so the pool stays warm.
    if (!interpreter.alive && slots[slot] === interpreter && !closed) spawn(slot)
    if ('lost' in raw && interpreter.served > 0 && !job.retried && !closed)
      queue.unshift({ ...job, retried: true })
    else job.settle(decodeAnswer(raw, limit))
    pump()
  }

  function pump(): void {
    if (closed) return
    // Start interpreters only for calls no running one can take: a caller awaiting one call at
    // a time (check-reference) pays one start-up, a burst of calls gets the whole pool.
    let free = slots.filter((s, slot) => s !== undefined && !busy.has(slot)).length
    for (let slot = 0; slot < size && queue.length > 0; slot++) {
      if (busy.has(slot)) continue
      if (slots[slot] === undefined) {
        if (free >= queue.length) continue
        free++
      }
      const interpreter = slots[slot] ?? spawn(slot)
      interpreter.ready.then(
        () => {
          if (closed || busy.has(slot) || slots[slot] !== interpreter || queue.length === 0) return
          busy.add(slot)
          void execute(slot, interpreter, queue.shift()!)
        },
        () => {},
      )
    }
    hold()
  }

  return {
    run(call) {
      if (closed)
        return Promise.reject(new ArbigraphError('ARBIGRAPH_USAGE', 'python pool: run() after close()'))
      return new Promise<PythonOutcome>((settle) => {
        queue.push({ call, settle })
        pump()
      })
    },
    async close() {
      closed = true
      drain('python pool closed')
      for (const interpreter of slots) interpreter?.kill()
      await Promise.all(
        slots.map((interpreter) => interpreter?.ready.catch(() => {})).filter((p) => p !== undefined),
      )
    },
  }
}
