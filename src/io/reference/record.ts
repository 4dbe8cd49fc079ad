/**
 * One reference record, recognised by its shape: the key that holds the topology's metadata
 * (`chain`, `forgetting`, `multi_chain`, `custom_dag`, or none for a baseline) and, for chain and
 * forgetting, whether it lists typed `stages` (cross-family chain, fresh forgetting) or
 * distractors (released math/GSM/Python files). The record is then validated by that shape's
 * schema, so a problem is reported at the exact field.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §9.3.
 */
import type { z } from 'zod'
import { ArbigraphError, formatPath } from '../../errors.ts'
import {
  type BaselineRecord,
  baselineRecordSchema,
  type ChainRecord,
  type CrossChainRecord,
  type CustomRecord,
  chainRecordSchema,
  crossChainRecordSchema,
  customRecordSchema,
  type ForgettingRecord,
  type FreshForgettingRecord,
  forgettingRecordSchema,
  freshForgettingRecordSchema,
  type MultichainRecord,
  multichainRecordSchema,
} from './schema.ts'

export type ReferenceRecord =
  | { kind: 'baseline'; record: BaselineRecord }
  | { kind: 'chain'; record: ChainRecord }
  | { kind: 'cross-chain'; record: CrossChainRecord }
  | { kind: 'forgetting'; record: ForgettingRecord }
  | { kind: 'fresh-forgetting'; record: FreshForgettingRecord }
  | { kind: 'multichain'; record: MultichainRecord }
  | { kind: 'custom'; record: CustomRecord }

export type RecordKind = ReferenceRecord['kind']

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x)

/** The record's shape, from the keys present (not validated yet). */
export function recordKind(raw: Record<string, unknown>): RecordKind {
  if ('custom_dag' in raw) return 'custom'
  if ('multi_chain' in raw) return 'multichain'
  if (isObject(raw.chain)) return 'stages' in raw.chain ? 'cross-chain' : 'chain'
  if (isObject(raw.forgetting)) return 'stages' in raw.forgetting ? 'fresh-forgetting' : 'forgetting'
  return 'baseline'
}

const schemas = {
  baseline: baselineRecordSchema,
  chain: chainRecordSchema,
  'cross-chain': crossChainRecordSchema,
  forgetting: forgettingRecordSchema,
  'fresh-forgetting': freshForgettingRecordSchema,
  multichain: multichainRecordSchema,
  custom: customRecordSchema,
} satisfies Record<RecordKind, z.ZodType>

/**
 * Validates one record; `where` prefixes messages, e.g. `math_chain.json: samples[3]`.
 * @example parseReferenceRecord(json.samples[0], 'math_chain.json: samples[0]').kind // 'chain'
 */
export function parseReferenceRecord(raw: unknown, where: string): ReferenceRecord {
  if (!isObject(raw))
    throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', `${where}: expected an object (a dataset record)`)
  const kind = recordKind(raw)
  const parsed = schemas[kind].safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const path = formatPath(issue.path)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_REFERENCE',
      `${where}${path ? `.${path}` : ''}: ${issue.message} (as a ${kind} record)`,
    )
  }
  return { kind, record: parsed.data } as ReferenceRecord
}
