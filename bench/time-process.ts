/**
 * Whole-process timing for benches: one child run (wall time; with `usage`, also the child's own
 * peak RSS and CPU time, reported by bench/process-usage.mjs), and an interleaved A-vs-B series
 * whose ratio is taken pair by pair, so a machine whose speed drifts during the run (a shared CI
 * box) moves both sides alike.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface ProcessRun {
  wallMs: number
  /** Only for node commands run with `usage: true`. */
  peakRssBytes?: number
  cpuMs?: number
}

export interface Command {
  label: string
  command: string
  args: string[]
  cwd?: string
  /** Prepend `--import bench/process-usage.mjs` (a node command) to learn peak RSS and CPU. */
  usage?: boolean
}

const usageHook = fileURLToPath(new URL('./process-usage.mjs', import.meta.url))

/** Runs `command` once; a non-zero exit is an error carrying its stderr. */
export function timeProcess(command: Command): Promise<ProcessRun> {
  const args = command.usage ? ['--import', usageHook, ...command.args] : command.args
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(command.command, args, {
      cwd: command.cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      // Progress lines can be long; keep the tail, where the usage line and any error are.
      stderr = (stderr + chunk).slice(-64 * 1024)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const wallMs = performance.now() - start
      if (code !== 0) {
        reject(new Error(`${command.label} exited with ${code}: ${stderr.trim().slice(-2000)}`))
        return
      }
      const usageLine = stderr
        .split('\n')
        .reverse()
        .find((line) => line.startsWith('{"processUsage"'))
      const usage = usageLine
        ? (JSON.parse(usageLine) as { processUsage: { peakRssBytes: number; cpuMs: number } }).processUsage
        : undefined
      resolve({ wallMs, ...usage })
    })
  })
}

/** The median of `xs` (the mean of the middle two for an even count). */
export const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export interface Paired {
  /** Median wall milliseconds of A and of B. */
  a: number
  b: number
  /** Median of the per-pair ratios A / B. */
  ratio: number
  runs: number
}

/**
 * Runs A, B, A, B, … (after one unmeasured warm-up of each) and compares them.
 * @example const { ratio } = await interleave(help, bareNode, 15)
 */
export async function interleave(a: Command, b: Command, runs: number): Promise<Paired> {
  await timeProcess(a)
  await timeProcess(b)
  const as: number[] = []
  const bs: number[] = []
  for (let i = 0; i < runs; i++) {
    // Alternate which side goes first, so neither always follows the other's cache state.
    const [first, second] = i % 2 === 0 ? [a, b] : [b, a]
    const x = await timeProcess(first)
    const y = await timeProcess(second)
    as.push((first === a ? x : y).wallMs)
    bs.push((first === a ? y : x).wallMs)
  }
  return { a: median(as), b: median(bs), ratio: median(as.map((x, i) => x / bs[i]!)), runs }
}

export interface RoundRobin {
  /** Median wall milliseconds of each command, in the order given. */
  medians: number[]
  /** For each command but the last, the median of its per-round ratios to the last (the baseline). */
  ratios: number[]
  rounds: number
}

/**
 * Runs every command once per round (after one unmeasured warm-up of each), rotating which goes
 * first, and compares each with the last one round by round: `interleave` for more than two.
 * @example const { ratios } = await roundRobin([installed, checkout, bareNode], 15)
 */
export async function roundRobin(commands: readonly Command[], rounds: number): Promise<RoundRobin> {
  for (const command of commands) await timeProcess(command)
  const walls = commands.map((): number[] => [])
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < commands.length; k++) {
      const i = (round + k) % commands.length
      walls[i]!.push((await timeProcess(commands[i]!)).wallMs)
    }
  }
  const baseline = walls[walls.length - 1]!
  return {
    medians: walls.map(median),
    ratios: walls.slice(0, -1).map((w) => median(w.map((x, r) => x / baseline[r]!))),
    rounds,
  }
}
