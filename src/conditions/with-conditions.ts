/**
 * Adds the context conditions to a graded case record. A record that is already an
 * infrastructure error stays as it is; a node prompt whose endpoint fails after the pool's
 * retries makes the whole trial an infrastructure error naming the condition — a half-measured
 * trial would pair conditions on different nodes, so it is never reported as a model outcome.
 */

import { z } from 'zod'
import type { CaseRecord } from '../contracts/case-record.ts'
import { caseRecordSchema, infraCaseRecord } from '../contracts/case-record.ts'
import type { Condition } from '../contracts/conditions.ts'
import { conditionsRecordSchema } from '../contracts/conditions.ts'
import type { Instance } from '../contracts/instance.ts'
import { ArbigraphError } from '../errors.ts'
import type { Registry } from '../registry.ts'
import type { SimCaseInput } from '../sim/case-book.ts'
import type { AskNode } from './run-conditions.ts'
import { runConditions } from './run-conditions.ts'

export interface WithConditionsOptions {
  conditions: readonly Condition[]
  registry: Registry
  ask: AskNode
  announce?: (cases: SimCaseInput[]) => Promise<void>
  signal?: AbortSignal
}

/**
 * The record with its `conditions` block (unchanged when only in-graph runs).
 * @example record = await withConditions(record, instance, { conditions, registry, ask })
 */
export async function withConditions(
  record: CaseRecord,
  instance: Instance,
  options: WithConditionsOptions,
): Promise<CaseRecord> {
  if (options.conditions.length < 2 || record.grade === null) return record
  const inGraph = caseRecordSchema.parse(record).grade!
  const started = performance.now()
  try {
    const block = await runConditions(instance, { ...options, inGraph })
    return {
      ...record,
      latencyMs: record.latencyMs + (performance.now() - started),
      conditions: z.encode(conditionsRecordSchema, block),
    }
  } catch (error) {
    if (!(error instanceof ArbigraphError && error.code === 'ARBIGRAPH_ENDPOINT')) throw error
    const { caseId, instanceId, topology, category, task, sample, epoch, model, protocol, suite, sweep } =
      record
    return infraCaseRecord(
      {
        caseId,
        instanceId,
        topology,
        category,
        task,
        sample,
        epoch,
        model,
        protocol,
        latencyMs: record.latencyMs,
        // The trial stays in its suite's cell (or sweep point).
        ...(suite ? { suite } : {}),
        ...(sweep ? { sweep } : {}),
      },
      `context conditions: ${error.message}`,
    )
  }
}
