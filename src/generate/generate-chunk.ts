/**
 * The work one thread does: rebuild the registry (built-ins plus the user's config) and the
 * dataset plan from the spec, then make the requested samples. Errors come back as data because
 * an error's `code` does not survive the trip between threads.
 */

import type { MessagePort } from 'node:worker_threads'
import { builtinRegistry, useBuiltins } from '../builtins.ts'
import type { GenerateSpec } from '../contracts/dataset.ts'
import type { Instance } from '../contracts/instance.ts'
import { ArbigraphError, type ErrorCode } from '../errors.ts'
import { ByteChunks } from '../io/byte-chunks.ts'
import { encodeInstance, writeLine } from '../io/instance-line.ts'
import type { Registry, RegistryNeeds } from '../registry.ts'
import { ChunkClaims } from './chunk-schedule.ts'
import {
  type DatasetPlan,
  generateSample,
  planDataset,
  type ResolvedTargets,
  renderSample,
} from './dataset-plan.ts'

/** One sample to make: the target template id and the sample index. */
export interface SampleJob {
  target: string
  sample: number
}

/**
 * What a chunk sends back: instances, their dataset lines (encoded off the writer's thread), or
 * those lines as UTF-8 bytes (each line ending in a newline, in blocks of about a megabyte),
 * moved to the writer without a copy.
 */
export type ChunkShape = 'instances' | 'lines' | 'bytes'

export interface ChunkRequest {
  spec: GenerateSpec
  shape: ChunkShape
  /** Where `arbigraph.config.ts` is looked up. */
  cwd: string
  /** An explicit config file, when not the one in `cwd`. */
  config?: string
  jobs: SampleJob[]
  /** The targets the main thread resolved for this spec, so no worker resolves them again. */
  resolved: ResolvedTargets
  /** The module of the built-in plugins (`builtinsModule()` in the main thread). */
  builtins: string
  /**
   * The chunk's slot among the dataset's claims (chunk-schedule.ts): it is made only if this
   * thread claims it first, as the writer's thread may have made it meanwhile.
   */
  claim?: { slots: SharedArrayBuffer; index: number }
}

/** A chunk's samples as its shape asks: instances, lines, or blocks of line bytes. */
export type ChunkItems = Instance[] | string[] | Uint8Array[]

export type ChunkResult =
  | { items: ChunkItems }
  | { error: { code: ErrorCode | undefined; message: string } }
  /** Another thread claimed the chunk first and makes it. */
  | { claimedElsewhere: true }

const registries = new Map<string, Promise<Registry>>()
const plans = new Map<string, DatasetPlan>()

/**
 * The registry of the built-ins a spec needs plus the user's config, loaded once per thread,
 * config and needs.
 * @example const registry = await threadRegistry(process.cwd(), undefined, specNeeds(spec))
 */
export function threadRegistry(cwd: string, config?: string, needs?: RegistryNeeds): Promise<Registry> {
  const key = JSON.stringify([
    cwd,
    config ?? '',
    needs?.categories ?? null,
    needs?.topologies ?? null,
    needs?.benchmarks ?? null,
  ])
  let registry = registries.get(key)
  if (!registry) {
    registry = builtinRegistry(cwd, config, needs)
    registries.set(key, registry)
  }
  return registry
}

/**
 * What generating `spec` looks up: its categories and its topology. The spec is not validated
 * yet, so a malformed field asks for everything and the plan then reports it.
 * @example specNeeds({ topology: 'chain', categories: ['math'] }) // { categories: ['math'], topologies: ['chain'] }
 */
export function specNeeds(spec: unknown): RegistryNeeds {
  const { categories, topology } = (typeof spec === 'object' && spec !== null ? spec : {}) as Record<
    string,
    unknown
  >
  const names = Array.isArray(categories) && categories.every((c) => typeof c === 'string')
  return {
    ...(names ? { categories } : {}),
    ...(typeof topology === 'string' ? { topologies: [topology] } : {}),
  }
}

/**
 * Makes the samples of `jobs` in order, as instances, lines or line bytes.
 * @example await makeChunk(plan, [{ target: 'Convolution', sample: 0 }], 'bytes')
 */
export async function makeChunk(
  plan: DatasetPlan,
  jobs: readonly SampleJob[],
  shape: ChunkShape,
): Promise<ChunkItems> {
  if (shape === 'bytes') {
    // Encoded where they are made, so the writer's thread only copies bytes to the file (encoding
    // 500 MB of lines there held back the writing). Each sample is written as soon as it is made,
    // its prompt part by part.
    const out = new ByteChunks()
    for (const job of jobs) writeLine(await renderSample(plan, job.target, job.sample), out)
    return out.finish()
  }
  const instances: Instance[] = []
  for (const job of jobs) instances.push(await generateSample(plan, job.target, job.sample))
  // A line is one string to copy between threads; an instance is thousands of small objects.
  return shape === 'lines' ? instances.map(encodeInstance) : instances
}

/** This thread's plan of a request's spec, made once per thread, config and spec. */
async function threadPlan(request: ChunkRequest): Promise<DatasetPlan> {
  useBuiltins(request.builtins)
  const registry = await threadRegistry(request.cwd, request.config, specNeeds(request.spec))
  const key = `${request.cwd}\u0000${request.config ?? ''}\u0000${JSON.stringify(request.spec)}`
  let plan = plans.get(key)
  if (!plan) {
    plan = planDataset(request.spec, registry, request.resolved)
    plans.set(key, plan)
  }
  return plan
}

/**
 * Makes the samples of one chunk, in order; a failure comes back as data.
 * @example await generateChunk({ spec, cwd: process.cwd(), jobs: [{ target: 'Convolution', sample: 0 }] })
 */
export async function generateChunk(request: ChunkRequest): Promise<ChunkResult> {
  const { claim } = request
  if (claim && !new ChunkClaims(claim.slots).claim(claim.index)) return { claimedElsewhere: true }
  try {
    return { items: await makeChunk(await threadPlan(request), request.jobs, request.shape) }
  } catch (error) {
    const code = error instanceof ArbigraphError ? error.code : undefined
    return { error: { code, message: (error as Error).message } }
  }
}

/** A message to a helper thread: make this chunk and answer with the same id. */
export interface ChunkMessage {
  id: number
  request: ChunkRequest
}

/** A helper thread's answer. */
export interface ChunkAnswer {
  id: number
  result: ChunkResult
}

/**
 * A helper thread's loop (generation-threads.ts starts it): plans `warm`'s spec first, so the
 * registry and the plan are ready before the first chunk comes, then says `ready` and answers
 * each chunk message. Byte blocks move to the writer's thread without a copy.
 */
export async function serveChunks(port: MessagePort, warm: ChunkRequest): Promise<void> {
  port.on('message', async ({ id, request }: ChunkMessage) => {
    const result = await generateChunk(request)
    const transfer =
      'items' in result && request.shape === 'bytes'
        ? (result.items as Uint8Array[]).map((b) => b.buffer)
        : []
    port.postMessage({ id, result } satisfies ChunkAnswer, transfer as ArrayBuffer[])
  })
  // A spec this thread cannot plan fails its first chunk with the reason, as the writer's did.
  await threadPlan(warm).catch(() => undefined)
  port.postMessage('ready')
}
