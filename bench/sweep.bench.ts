/**
 * `npm run bench:sweep`: generation time per sweep point against its size, measured in this run,
 * for the two sweeps whose points grow the most — chain length 1 → 64 (every math target, one
 * sample each) and random-DAG nodes 8 → 1,000 (one target, four samples). Per point it prints the
 * median wall and CPU time over three runs, the time per task, and the ratio of both to the
 * smallest point (the baseline measured in the same run), so "linear in size" reads as a flat
 * time-per-task column; the last line is the log-log slope of time against size (1 = linear).
 * It also times the cost preview (cl100k_base counting) of each point on its own.
 */
import { defaultRegistry } from '../plugins/index.ts'
import { generateDataset } from '../src/generate/generate-dataset.ts'
import { pointCost } from '../src/sweep/sweep-cost.ts'
import { parseSweepOptions, pointSpec, type SweepOptions, sweepPoints } from '../src/sweep/sweep-spec.ts'

const registry = defaultRegistry()
const RUNS = 3
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function bench(label: string, options: SweepOptions): Promise<void> {
  const sweep = parseSweepOptions(options, 'bench')
  console.log(`\n${label}`)
  console.log('size  instances  wall ms  cpu ms  ms/task  ×wall  ×cpu  cost-preview ms')
  let base: { wall: number; cpu: number } | undefined
  const fit: [number, number][] = []
  for (const point of sweepPoints(sweep)) {
    const walls: number[] = []
    const cpus: number[] = []
    let instances = 0
    let tasks = 0
    let costMs = 0
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now()
      const used = process.cpuUsage()
      const dataset = await generateDataset(pointSpec(sweep, point), { registry })
      const { user, system } = process.cpuUsage(used)
      walls.push(performance.now() - start)
      cpus.push((user + system) / 1000)
      instances = dataset.instances.length
      tasks = dataset.instances.reduce((sum, i) => sum + i.nodes.length, 0)
      const costStart = performance.now()
      pointCost(point, dataset.instances, 1)
      costMs = performance.now() - costStart
    }
    const wall = median(walls)
    const cpu = median(cpus)
    base ??= { wall, cpu }
    fit.push([Math.log(point.size), Math.log(cpu)])
    console.log(
      [
        String(point.size).padStart(4),
        String(instances).padStart(9),
        wall.toFixed(0).padStart(7),
        cpu.toFixed(0).padStart(6),
        (cpu / tasks).toFixed(3).padStart(7),
        (wall / base.wall).toFixed(1).padStart(5),
        (cpu / base.cpu).toFixed(1).padStart(5),
        costMs.toFixed(0).padStart(15),
      ].join('  '),
    )
  }
  // Least squares on the log-log points from the second one on (the smallest is start-up bound).
  const tail = fit.slice(1)
  const mx = tail.reduce((s, [x]) => s + x, 0) / tail.length
  const my = tail.reduce((s, [, y]) => s + y, 0) / tail.length
  const slope =
    tail.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / tail.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  console.log(`log-log slope of CPU time against size (points 2…): ${slope.toFixed(2)}`)
}

await bench('chain length (40 math targets × 1 sample)', {
  topology: 'chain',
  category: 'math',
  vary: { length: [1, 2, 4, 8, 16, 32, 64] },
  samplesPerTask: 1,
  repeatTemplates: true,
})
await bench('random-DAG nodes (Convolution × 4 samples)', {
  topology: 'random',
  category: 'math',
  vary: { nodes: [8, 31, 125, 250, 500, 1000] },
  samplesPerTask: 4,
  targets: ['Convolution'],
})
