/**
 * Template pools: GSM-Symbolic's JSON templates (Apple format: `question_annotated` plus fields
 * we ignore) loaded from a folder, sorted by file name, with same-named files from an overrides
 * folder replacing the originals; then each one tried for every chained value 0–99 so a pool
 * lists only templates that instantiate, and says why for the others. A pool is plain JSON
 * (`arbigraph.gsm-pool/1`) that the generator and check-reference read back.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1–8.2 (loading, overrides, targets).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Category, TaskTemplate } from '../../src/contracts/template.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { createRng } from '../../src/rng.ts'
import { gsmTask } from './category.ts'
import { bindChained } from './chain-binding.ts'
import { countOperations } from './expression.ts'
import { type GsmTemplate, parseTemplate } from './parse.ts'

export const GSM_POOL_SCHEMA = 'arbigraph.gsm-pool/1'

export interface PoolEntry {
  /** File stem, e.g. `0027`. */
  id: string
  /** Index in the sorted file list (the reference's `template_index`). */
  index: number
  /** True when the overrides folder replaced the original. */
  overridden: boolean
  question_annotated: string
  /** Arithmetic operations in `#answer` (the reference's targets have at least 4). */
  operations: number
  /** Chained values c ∈ 0–99 for which an instantiation was found. */
  bindable: number
}

export interface GsmPool {
  schema: typeof GSM_POOL_SCHEMA
  templates: PoolEntry[]
  unusable: { id: string; index: number; reason: string }[]
}

export interface RawTemplate {
  id: string
  index: number
  overridden: boolean
  annotated: string | undefined
}

const readJson = (path: string): Record<string, unknown> => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${path}: not a JSON template (${(error as Error).message})`,
    )
  }
}

/**
 * The templates of a folder in file-name order, overrides applied.
 * @example readTemplateFolder('ml-gsm-symbolic/templates/symbolic').length // 100
 */
export function readTemplateFolder(dir: string, overrides?: string): RawTemplate[] {
  if (!existsSync(dir))
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `template folder "${dir}" does not exist`)
  if (overrides !== undefined && !existsSync(overrides))
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `overrides folder "${overrides}" does not exist`)
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
  return files.map((file, index) => {
    const override = overrides === undefined ? undefined : join(overrides, file)
    const overridden = override !== undefined && existsSync(override)
    const json = readJson(overridden ? override : join(dir, file))
    const annotated = typeof json.question_annotated === 'string' ? json.question_annotated : undefined
    return { id: file.replace(/\.json$/, ''), index, overridden, annotated }
  })
}

/** How many chained values 0–99 a template instantiates for (our seeded RNG). */
export function bindableCount(template: GsmTemplate, seed = 'gsm-pool'): number {
  let ok = 0
  const rng = createRng(seed).split(template.id)
  for (let c = 0n; c < 100n; c++) if (!('reason' in bindChained(template, c, rng.split(c)))) ok++
  return ok
}

function firstFailure(template: GsmTemplate): string {
  const unsupported = template.inits.find((s) => s.domain.kind === 'unsupported')
  if (unsupported && unsupported.domain.kind === 'unsupported')
    return `${unsupported.names.join(', ')}: ${unsupported.domain.reason}`
  const r = bindChained(template, 50n, createRng('gsm-pool-reason').split(template.id))
  return 'reason' in r ? r.reason : 'no chained value instantiates it'
}

/**
 * Loads a folder into a pool: every template that instantiates for at least one chained value,
 * and every other one with the reason.
 * @example buildPool(readTemplateFolder(dir, overrides)).unusable[0] // { id: '0002', reason: '…' }
 */
export function buildPool(raw: readonly RawTemplate[]): GsmPool {
  const pool: GsmPool = { schema: GSM_POOL_SCHEMA, templates: [], unusable: [] }
  for (const t of raw) {
    if (t.annotated === undefined) {
      pool.unusable.push({ id: t.id, index: t.index, reason: 'no question_annotated field' })
      continue
    }
    let template: GsmTemplate
    try {
      template = parseTemplate(t.id, t.annotated)
    } catch (error) {
      pool.unusable.push({ id: t.id, index: t.index, reason: (error as Error).message })
      continue
    }
    const bindable = bindableCount(template)
    if (bindable === 0) {
      pool.unusable.push({ id: t.id, index: t.index, reason: firstFailure(template) })
      continue
    }
    const operations = countOperations(template.answer.expr)
    pool.templates.push({
      id: t.id,
      index: t.index,
      overridden: t.overridden,
      question_annotated: t.annotated,
      operations,
      bindable,
    })
  }
  return pool
}

/**
 * Reads a pool file back, checking its shape.
 * @example readPool('pool.json').templates.length // 91
 */
export function readPool(path: string): GsmPool {
  const json = readJson(path) as unknown as GsmPool
  if (json.schema !== GSM_POOL_SCHEMA || !Array.isArray(json.templates))
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${path}: not a GSM pool (expected schema "${GSM_POOL_SCHEMA}")`,
    )
  return json
}

/** Task name of a pool entry, as the reference names it (`GSM_0027.json`). */
export const poolTaskName = (entry: { index: number }): string =>
  `GSM_${String(entry.index).padStart(4, '0')}.json`

/**
 * A pool as the `gsm` category (it replaces our own templates in a run that asks for it).
 * @example gsmPoolCategory(readPool('pool.json')).templates[0].id // 'GSM_0000'
 */
export function gsmPoolCategory(pool: GsmPool): Category {
  const templates: TaskTemplate[] = pool.templates.map((e) =>
    gsmTask(parseTemplate(e.id, e.question_annotated), {
      id: poolTaskName(e).replace(/\.json$/, ''),
      referenceName: poolTaskName(e),
      summary: `GSM-Symbolic template ${e.id}`,
    }),
  )
  return { name: 'gsm', templates }
}
