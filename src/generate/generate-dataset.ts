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
import { writeLine } from '../io/instance-line.ts'
import { encodeManifest } from '../io/manifest-line.ts'
import type { Registry } from '../registry.ts'
import { type ChunkHelper, scheduleChunks } from './chunk-schedule.ts'
import { type DatasetPlan, GENERATOR, planDataset, renderSample } from './dataset-plan.ts'
import {
  type ChunkRequest,
  type ChunkShape,
  makeChunk,
  type SampleJob,
  specNeeds,
  threadRegistry,
} from './generate-chunk.ts'

export interface GenerateOptions {
  /**
   * Threads that make samples, this one included; 1 makes them all in this thread.
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
  /** Called after each finished sample (one thread) or chunk (several), in dataset order. */
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

/**
 * Contiguous chunks, many per thread: a slow target does not leave threads idle, and the thread
 * that writes (which makes chunks too) gets back to writing soon, so no helper waits long for
 * room to run ahead. For 40 instances of 10^4 tasks on two threads that is one instance a chunk.
 */
function chunk<T>(items: readonly T[], workers: number): T[][] {
  const size = Math.max(1, Math.ceil(items.length / (workers * 32)))
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
      // Its prompt rendered part by part as it is written: the joined prompt is never made.
      const rendered = await renderSample(plan, job.target, job.sample)
      onProgress?.(++done, jobs.length)
      writeLine(rendered, bytes)
      yield* bytes.take() as ItemOf<S>[]
      continue
    }
    const items = await makeChunk(plan, [job], shape)
    onProgress?.(++done, jobs.length)
    yield* items as ItemOf<S>[]
  }
  if (bytes) yield* bytes.finish() as ItemOf<S>[]
}

/**
 * Chunks taken ahead of the one being written, per thread: enough to keep every thread busy
 * while the oldest is written (a helper holds two at a time), few enough that memory holds a
 * handful of chunks, not the dataset.
 */
const CHUNKS_AHEAD_PER_THREAD = 4

/**
 * `threads` threads make the samples, this one included: `threads − 1` helper threads
 * (generation-threads.ts) and this one, which makes chunks while they start, whenever the next
 * chunk to write is not made yet, and any a helper holds but has not begun when it would
 * otherwise wait (chunk-schedule.ts). The output is the same for any
 * number of threads and any timing; a failure is that of the first chunk that failed.
 */
async function* inThreads<S extends ChunkShape>(
  plan: DatasetPlan,
  jobs: SampleJob[],
  shape: S,
  threads: number,
  options: GenerateOptions,
  cwd: string,
): AsyncGenerator<ItemOf<S>> {
  const request = (part: SampleJob[], claim?: ChunkRequest['claim']): ChunkRequest => ({
    spec: plan.spec,
    cwd,
    jobs: part,
    shape,
    resolved: { family: plan.family, targets: plan.targets },
    builtins: builtinsModule(),
    ...(options.config ? { config: options.config } : {}),
    ...(claim ? { claim } : {}),
  })
  const chunks = chunk(jobs, threads)
  // Loaded only here: a one-thread run (the default) has no use for worker threads.
  const { startGenerationHelper } = await import('./generation-threads.ts')
  const threadsStarted = Array.from({ length: threads - 1 }, () => startGenerationHelper(request([])))
  const helpers = threadsStarted.map(
    (helper): ChunkHelper<ItemOf<S>[]> => ({
      ready: helper.ready,
      make: async (index, claims) => {
        const result = await helper.run(request(chunks[index]!, { slots: claims.shared, index }))
        if ('claimedElsewhere' in result) return undefined
        if ('error' in result)
          throw new ArbigraphError(result.error.code ?? 'ARBIGRAPH_GENERATION_FAILED', result.error.message)
        return result.items as ItemOf<S>[]
      },
    }),
  )
  const makeHere = (index: number) => makeChunk(plan, chunks[index]!, shape) as Promise<ItemOf<S>[]>
  let written = 0
  let done = 0
  try {
    const ahead = threads * CHUNKS_AHEAD_PER_THREAD
    for await (const items of scheduleChunks({ count: chunks.length, ahead, makeHere, helpers })) {
      done += chunks[written++]!.length
      options.onProgress?.(done, jobs.length)
      yield* items
    }
  } finally {
    await Promise.all(threadsStarted.map((helper) => helper.stop()))
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
      : inThreads(plan, jobs, shape, workers, options, cwd)
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
