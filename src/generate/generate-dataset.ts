/**
 * Dataset generation: spec → manifest + instances, in a fixed order (targets in category order,
 * then samples 0..S−1), optionally spread over worker threads. Each sample depends only on the
 * spec and its own (target, sample) stream, so one worker and N workers write byte-identical
 * files; workers only change how fast. Output is written atomically.
 */
import { availableParallelism } from 'node:os'
import Tinypool from 'tinypool'
import { MANIFEST_SCHEMA, type Manifest } from '../contracts/dataset.ts'
import type { Instance } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import { writeDataset } from '../io/dataset.ts'
import type { Registry } from '../registry.ts'
import { type DatasetPlan, GENERATOR, generateSample, planDataset } from './dataset-plan.ts'
import { type ChunkRequest, type ChunkResult, type SampleJob, threadRegistry } from './generate-chunk.ts'

export interface GenerateOptions {
  /**
   * Worker threads; 1 generates in this thread.
   * @default 1
   */
  workers?: number
  /**
   * Where `arbigraph.config.ts` is looked up (workers load it too).
   * @default process.cwd()
   */
  cwd?: string
  /** An explicit config file instead of `<cwd>/arbigraph.config.ts`. */
  config?: string
  /**
   * A ready registry for single-thread generation (tests, embedding); workers cannot share it.
   * @default built-ins plus the user's config
   */
  registry?: Registry
  /** Called after each finished sample (one thread) or chunk (workers). */
  onProgress?: (done: number, total: number) => void
}

export interface GeneratedDataset {
  manifest: Manifest
  instances: Instance[]
}

/** Samples in dataset order: targets in category order, then sample indices. */
const jobsOf = (plan: DatasetPlan): SampleJob[] =>
  plan.targets.flatMap((target) =>
    Array.from({ length: plan.spec.samplesPerTask }, (_, sample) => ({ target, sample })),
  )

/** Contiguous chunks, several per worker so a slow target does not leave threads idle. */
function chunk<T>(items: readonly T[], workers: number): T[][] {
  const size = Math.max(1, Math.ceil(items.length / (workers * 8)))
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

async function inThread(
  plan: DatasetPlan,
  jobs: SampleJob[],
  onProgress: GenerateOptions['onProgress'],
): Promise<Instance[]> {
  const instances: Instance[] = []
  for (const job of jobs) {
    instances.push(await generateSample(plan, job.target, job.sample))
    onProgress?.(instances.length, jobs.length)
  }
  return instances
}

async function inWorkers(
  plan: DatasetPlan,
  jobs: SampleJob[],
  workers: number,
  options: GenerateOptions,
  cwd: string,
): Promise<Instance[]> {
  const pool = new Tinypool({
    filename: new URL('./generate-worker.mjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
  })
  let done = 0
  try {
    const chunks = chunk(jobs, workers)
    const results = await Promise.all(
      chunks.map(async (part) => {
        const request: ChunkRequest = {
          spec: plan.spec,
          cwd,
          jobs: part,
          ...(options.config ? { config: options.config } : {}),
        }
        const result = (await pool.run(request, { name: 'generateChunk' })) as ChunkResult
        if ('error' in result)
          throw new ArbigraphError(result.error.code ?? 'ARBIGRAPH_GENERATION_FAILED', result.error.message)
        done += part.length
        options.onProgress?.(done, jobs.length)
        return result.instances
      }),
    )
    return results.flat()
  } finally {
    await pool.destroy()
  }
}

/**
 * Generates a whole dataset in memory.
 * @example const { manifest, instances } = await generateDataset({ topology: 'chain', options: { length: 4 }, categories: ['math'], samplesPerTask: 16, seed: '0' }, { workers: 4 })
 */
export async function generateDataset(
  spec: unknown,
  options: GenerateOptions = {},
): Promise<GeneratedDataset> {
  const workers = Math.max(1, Math.min(options.workers ?? 1, availableParallelism() * 4))
  if (options.registry && workers > 1) {
    throw new ArbigraphError(
      'ARBIGRAPH_USAGE',
      'generate: a custom registry works with workers: 1 only; workers load the built-ins and arbigraph.config.ts themselves',
    )
  }
  const cwd = options.cwd ?? process.cwd()
  const registry = options.registry ?? (await threadRegistry(cwd, options.config))
  const plan = planDataset(spec, registry)
  const jobs = jobsOf(plan)
  const instances =
    workers === 1 || jobs.length === 1
      ? await inThread(plan, jobs, options.onProgress)
      : await inWorkers(plan, jobs, workers, options, cwd)
  const manifest: Manifest = {
    schema: MANIFEST_SCHEMA,
    generator: GENERATOR,
    spec: plan.spec,
    count: instances.length,
  }
  return { manifest, instances }
}

/**
 * Generates a dataset and writes it to `path` atomically (nothing appears on failure).
 * @example await writeGeneratedDataset('data/chain-math.jsonl', spec, { workers: 4, onProgress: (d, t) => bar.update(d / t) })
 */
export async function writeGeneratedDataset(
  path: string,
  spec: unknown,
  options: GenerateOptions = {},
): Promise<Manifest> {
  const { manifest, instances } = await generateDataset(spec, options)
  await writeDataset(path, manifest, instances)
  return manifest
}
