/**
 * Regenerating a dataset file from its manifest: the manifest's spec says which instance belongs
 * on each line (targets in category order, then samples 0..S−1), and since every sample depends
 * only on the spec and its own (target, sample) stream, line k can be regenerated alone and
 * compared byte for byte. A manifest that contradicts its instances (another seed, samples per
 * task, categories, pool) shows up as lines whose bytes differ. Imported files record no spec and
 * cannot be regenerated; a spec naming a task pool needs that pool, checked by its SHA-256.
 */
import type { GenerateSpec, Manifest } from '../contracts/dataset.ts'
import type { Instance } from '../contracts/instance.ts'
import type { Registry } from '../registry.ts'
import { createRng } from '../rng.ts'
import { type DatasetPlan, generateSample, planDataset } from './dataset-plan.ts'

/** The pools a run has loaded, by category, as recorded in a manifest (`spec.pools`). */
export type LoadedPools = NonNullable<GenerateSpec['pools']>

/** A plan for regenerating a file, or why it cannot be regenerated. */
export type Regeneration =
  | { ok: true; plan: DatasetPlan; count: number }
  | { ok: false; reason: string; problem: boolean }

const short = (hash: string) => `${hash.slice(0, 12)}…`

/** Why the loaded pools cannot reproduce the spec's, or undefined when they match. */
function poolMismatch(spec: GenerateSpec, loaded: LoadedPools, flag: (category: string) => string) {
  const wanted = spec.pools ?? {}
  for (const [category, pool] of Object.entries(wanted)) {
    const have = loaded[category]
    if (!have)
      return `the spec uses the ${category} pool "${pool.file}" (sha256 ${short(pool.sha256)}); pass ${flag(category)} <file> to regenerate it`
    if (have.sha256 !== pool.sha256)
      return `the ${flag(category)} file "${have.file}" has sha256 ${short(have.sha256)}, the spec's pool "${pool.file}" ${short(pool.sha256)}`
  }
  for (const category of Object.keys(loaded)) {
    if (!wanted[category])
      return `${flag(category)} was given, but the spec uses the built-in ${category} pool; leave it out`
  }
  return undefined
}

/**
 * Resolves a manifest's spec against a registry (whose pools are `loaded`).
 * @example const regeneration = planRegeneration(manifest, registry, {}, (c) => `--${c}-pool`)
 */
export function planRegeneration(
  manifest: Manifest,
  registry: Registry,
  loaded: LoadedPools,
  flag: (category: string) => string,
): Regeneration {
  if (!manifest.spec) {
    const from = manifest.source
      ? `imported from the reference file "${manifest.source.file}" (mode ${manifest.source.mode})`
      : 'the manifest has no generation spec'
    return { ok: false, problem: false, reason: `${from}, so its instances cannot be regenerated` }
  }
  const pools = poolMismatch(manifest.spec, loaded, flag)
  if (pools) return { ok: false, problem: true, reason: pools }
  try {
    const plan = planDataset(manifest.spec, registry)
    return { ok: true, plan, count: plan.targets.length * plan.spec.samplesPerTask }
  } catch (error) {
    return { ok: false, problem: true, reason: `the spec cannot be planned: ${(error as Error).message}` }
  }
}

/**
 * The instance that belongs at 0-based position `index` of a file generated from the plan.
 * @example await regenerateAt(plan, 0) // sample 0 of the first target
 */
export function regenerateAt(plan: DatasetPlan, index: number): Promise<Instance> {
  const perTarget = plan.spec.samplesPerTask
  return generateSample(plan, plan.targets[Math.floor(index / perTarget)]!, index % perTarget)
}

/**
 * `n` distinct positions out of `count`, chosen by `seed` alone (the same on every run).
 * @example samplePositions(640, 3, '0') // e.g. Set { 17, 402, 95 }
 */
export function samplePositions(count: number, n: number, seed: string): Set<number> {
  if (n >= count) return new Set(Array.from({ length: count }, (_, i) => i))
  const rng = createRng(seed).split('validate', 'sample')
  // A partial Fisher–Yates over a sparse map: O(n) however large the file.
  const swapped = new Map<number, number>()
  const picked = new Set<number>()
  for (let i = 0; i < n; i++) {
    const j = i + rng.below(count - i)
    picked.add(swapped.get(j) ?? j)
    swapped.set(j, swapped.get(i) ?? i)
  }
  return picked
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Where two JSON values first differ, and what each holds there. */
export interface Difference {
  path: string
  stored: Json
  regenerated: Json
}

/**
 * The first place two JSON values differ (path like `nodes[2].params.k`); undefined when equal.
 * @example firstDifference({ a: [1, 2] }, { a: [1, 3] }) // { path: 'a[1]', stored: 2, regenerated: 3 }
 */
export function firstDifference(stored: Json, regenerated: Json, path = ''): Difference | undefined {
  if (stored === regenerated) return undefined
  const here = { path: path || '(root)', stored, regenerated }
  const bothObjects =
    typeof stored === 'object' && typeof regenerated === 'object' && stored !== null && regenerated !== null
  if (!bothObjects || Array.isArray(stored) !== Array.isArray(regenerated)) return here
  if (Array.isArray(stored) && Array.isArray(regenerated)) {
    for (let i = 0; i < Math.max(stored.length, regenerated.length); i++) {
      const found = firstDifference(stored[i] ?? null, regenerated[i] ?? null, `${path}[${i}]`)
      if (found) return found
    }
    return undefined
  }
  const a = stored as Record<string, Json>
  const b = regenerated as Record<string, Json>
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference(a[key] ?? null, b[key] ?? null, path ? `${path}.${key}` : key)
    if (found) return found
  }
  return undefined
}
