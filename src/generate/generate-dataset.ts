/**
 * Dataset generation: spec → manifest + instances, in a fixed order (targets in category order,
 * then samples 0..S−1), optionally spread over worker threads. Each sample depends only on the
 * spec and its own (target, sample) stream, so one worker and N workers write byte-identical
 * files; workers only change how fast. Instances stream: they are written as they are made
 * (workers run a bounded number of chunks ahead and encode their own lines), so memory holds a
 * few instances rather than the dataset, and the file appears atomically at the end.
 */
import { availableParallelism } from 'node:os'
import { builtinsModule } from '../builtins.ts'
import { MANIFEST_SCHEMA, type Manifest } from '../contracts/dataset.ts'
import type { Instance } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import { openAtomicLines } from '../io/atomic-write.ts'
import { ByteChunks } from '../io/byte-chunks.ts'
import { encodeInstance, encodeManifest, writeLine } from '../io/dataset.ts'
import type { Registry } from '../registry.ts'
import { type DatasetPlan, GENERATOR, generateSample, planDataset, renderSample } from './dataset-plan.ts'
import {
  type ChunkRequest,
  type ChunkResult,
  type ChunkShape,
  type SampleJob,
  specNeeds,
  threadRegistry,
} from './generate-chunk.ts'

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
  /** Called after each finished sample (one thread) or chunk (workers), in dataset order. */
  onProgress?: (done: number, total: number) => void
}

export interface GeneratedDataset {
  manifest: Manifest
  instances: Instance[]
}

/** A dataset being generated: its manifest (the count is known up front) and its items in order. */
export interface DatasetStream<T> {
  manifest: Manifest
  items: AsyncIterable<T>
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

/** What each item of a stream is: the instance itself, its dataset line, or a block of the lines' bytes. */
type ItemOf<S extends ChunkShape> = S extends 'lines' ? string : S extends 'bytes' ? Uint8Array : Instance

async function* inThread<S extends ChunkShape>(
  plan: DatasetPlan,
  jobs: SampleJob[],
  shape: S,
  onProgress: GenerateOptions['onProgress'],
): AsyncGenerator<ItemOf<S>> {
  // Lines as bytes share one writer: it hands over each megabyte once full, not a buffer per line.
  const bytes = shape === 'bytes' ? new ByteChunks() : undefined
  let done = 0
  for (const job of jobs) {
    if (bytes) {
      // Written from the prompt's parts: the joined prompt is not needed.
      const rendered = await renderSample(plan, job.target, job.sample)
      onProgress?.(++done, jobs.length)
      writeLine(rendered, bytes)
      yield* bytes.take() as ItemOf<S>[]
      continue
    }
    const instance = await generateSample(plan, job.target, job.sample)
    onProgress?.(++done, jobs.length)
    yield (shape === 'lines' ? encodeInstance(instance) : instance) as ItemOf<S>
  }
  if (bytes) yield* bytes.finish() as ItemOf<S>[]
}

/**
 * Chunks in flight per worker: enough to keep every thread busy while the writer drains the
 * oldest, few enough that memory holds a handful of chunks, not the dataset.
 */
const CHUNKS_AHEAD_PER_WORKER = 2

/**
 * Young generation of each worker's heap. A sample allocates mostly short-lived values (splits,
 * candidate outputs, prompt pieces); V8's default young generation is small enough that many of
 * them survive into the old generation, which then grows with garbage and takes long collections.
 * Only the young generation is sized: the old one keeps V8's default, so big runs are not capped.
 */
const YOUNG_GENERATION_MB = 96

async function* inWorkers<S extends ChunkShape>(
  plan: DatasetPlan,
  jobs: SampleJob[],
  shape: S,
  workers: number,
  options: GenerateOptions,
  cwd: string,
): AsyncGenerator<ItemOf<S>> {
  // Loaded only here: a one-thread run (the default) has no use for the pool or its threads.
  const { default: Tinypool } = await import('tinypool')
  const pool = new Tinypool({
    filename: new URL('./generate-worker.mjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  })
  const run = async (part: SampleJob[]): Promise<{ items: ItemOf<S>[]; count: number }> => {
    const request: ChunkRequest = {
      spec: plan.spec,
      cwd,
      jobs: part,
      shape,
      resolved: { family: plan.family, targets: plan.targets },
      builtins: builtinsModule(),
      ...(options.config ? { config: options.config } : {}),
    }
    const result = (await pool.run(request, { name: 'generateChunk' })) as ChunkResult
    // Blocks of bytes carry the whole chunk's lines.
    if (Array.isArray(result)) return { items: result as ItemOf<S>[], count: part.length }
    if ('error' in result)
      throw new ArbigraphError(result.error.code ?? 'ARBIGRAPH_GENERATION_FAILED', result.error.message)
    const items = ('lines' in result ? result.lines : result.instances) as ItemOf<S>[]
    return { items, count: items.length }
  }
  const chunks = chunk(jobs, workers)
  const pending: Promise<{ items: ItemOf<S>[]; count: number }>[] = []
  let next = 0
  const launch = () => {
    while (next < chunks.length && pending.length < workers * CHUNKS_AHEAD_PER_WORKER) {
      const started = run(chunks[next++]!)
      // Awaited in order below; this only keeps a later chunk's failure from being "unhandled"
      // while an earlier one is still being written.
      started.catch(() => {})
      pending.push(started)
    }
  }
  let done = 0
  try {
    launch()
    while (pending.length > 0) {
      const { items, count } = await pending.shift()!
      launch()
      done += count
      options.onProgress?.(done, jobs.length)
      yield* items
    }
  } finally {
    await pool.destroy()
  }
}

/**
 * Starts generating a dataset: the manifest at once, then its instances (`shape: 'instances'`)
 * or their dataset lines (`'lines'`, encoded where they are made) as they come, in dataset order.
 * @example const { manifest, items } = await streamDataset(spec, 'lines', { workers: 2 })
 */
export async function streamDataset<S extends ChunkShape>(
  spec: unknown,
  shape: S,
  options: GenerateOptions = {},
): Promise<DatasetStream<ItemOf<S>>> {
  const workers = Math.max(1, Math.min(options.workers ?? 1, availableParallelism() * 4))
  if (options.registry && workers > 1) {
    throw new ArbigraphError(
      'ARBIGRAPH_USAGE',
      'generate: a custom registry works with workers: 1 only; workers load the built-ins and arbigraph.config.ts themselves',
    )
  }
  const cwd = options.cwd ?? process.cwd()
  const registry = options.registry ?? (await threadRegistry(cwd, options.config, specNeeds(spec)))
  const plan = planDataset(spec, registry)
  const jobs = jobsOf(plan)
  // Every job yields one instance or the whole run fails, so the count is known before the first.
  const manifest: Manifest = {
    schema: MANIFEST_SCHEMA,
    generator: GENERATOR,
    spec: plan.spec,
    count: jobs.length,
  }
  const items =
    workers === 1 || jobs.length === 1
      ? inThread(plan, jobs, shape, options.onProgress)
      : inWorkers(plan, jobs, shape, workers, options, cwd)
  return { manifest, items }
}

/**
 * Generates a whole dataset in memory.
 * @example const { manifest, instances } = await generateDataset({ topology: 'chain', options: { length: 4 }, categories: ['math'], samplesPerTask: 16, seed: '0' }, { workers: 4 })
 */
export async function generateDataset(
  spec: unknown,
  options: GenerateOptions = {},
): Promise<GeneratedDataset> {
  const { manifest, items } = await streamDataset(spec, 'instances', options)
  const instances: Instance[] = []
  for await (const instance of items) instances.push(instance)
  return { manifest, instances }
}

/**
 * Generates a dataset into `path`, each line written as soon as it is made; the file appears
 * (atomically) only when every line is written, and nothing appears on failure.
 * @example await writeGeneratedDataset('data/chain-math.jsonl', spec, { workers: 4, onProgress: (d, t) => bar.update(d / t) })
 */
export async function writeGeneratedDataset(
  path: string,
  spec: unknown,
  options: GenerateOptions = {},
): Promise<Manifest> {
  const { manifest, items } = await streamDataset(spec, 'bytes', options)
  const out = await openAtomicLines(path)
  try {
    await out.write(encodeManifest(manifest))
    for await (const lines of items) await out.writeBytes(lines)
    await out.commit()
  } catch (error) {
    await out.abort()
    throw error
  }
  return manifest
}
