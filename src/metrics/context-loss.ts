/**
 * Context loss from case records: every requested output of every trial that ran the conditions
 * is one paired node trial, right or wrong under in-graph (the record's grade), isolated and
 * chained (against the instance's own ground truth, the same truth in all three). Rows per cell
 * and per node depth give each condition's accuracy and three paired differences whose counts
 * add up exactly: (isolated − in-graph) = (isolated − chained) + (chained − in-graph), that is
 * context loss = propagation + interference. Infrastructure errors carry no grade and are left
 * out, as everywhere. Nodes of one instance are not independent (an early error feeds later
 * ones), so the cell rows' intervals are narrower than a case-clustered interval would be; a
 * chain's depth rows hold one node per trial.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import type { ConditionAccuracy, ContextLoss, ContextLossRow } from '../contracts/context-loss.ts'
import { conditionPairs, type NodeTrial } from './condition-pairs.ts'
import { pairedDifference, pairedTable } from './paired-difference.ts'
import { wilson95 } from './wilson.ts'

function accuracy(trials: readonly (boolean | undefined)[]): ConditionAccuracy | undefined {
  const ran = trials.filter((t) => t !== undefined)
  if (ran.length === 0) return undefined
  const correct = ran.filter(Boolean).length
  return { correct, trials: ran.length, ...wilson95(correct, ran.length) }
}

function difference(trials: readonly NodeTrial[], first: keyof NodeTrial, second: keyof NodeTrial) {
  const pairs: [boolean, boolean][] = []
  for (const t of trials) {
    const a = t[first]
    const b = t[second]
    if (typeof a === 'boolean' && typeof b === 'boolean') pairs.push([a, b])
  }
  return pairs.length === 0 ? null : pairedDifference(pairedTable(pairs))
}

function row(topology: string, category: string, depth: number | null, trials: NodeTrial[]): ContextLossRow {
  const evidence = { local: 0, propagated: 0, interference: 0 }
  for (const t of trials) if (t.evidence) evidence[t.evidence]++
  const isolated = accuracy(trials.map((t) => t.isolated))
  const chained = accuracy(trials.map((t) => t.chained))
  return {
    topology,
    category,
    depth,
    nodes: trials.length,
    accuracy: {
      'in-graph': accuracy(trials.map((t) => t.inGraph))!,
      ...(isolated ? { isolated } : {}),
      ...(chained ? { chained } : {}),
    },
    contextLoss: difference(trials, 'isolated', 'inGraph'),
    propagation: difference(trials, 'isolated', 'chained'),
    interference: difference(trials, 'chained', 'inGraph'),
    evidence,
  }
}

/**
 * The context-loss rows of `records`: per cell (depth null), then per depth; null when no record
 * ran a condition besides in-graph.
 * @example contextLoss(results.records)?.rows[0].contextLoss?.estimate // 0.18
 */
export function contextLoss(records: readonly CaseRecord[]): ContextLoss | null {
  const cells = new Map<string, { topology: string; category: string; trials: NodeTrial[] }>()
  for (const record of records) {
    const trials = conditionPairs(record)
    if (trials.length === 0) continue
    const key = `${record.topology}\u0000${record.category}`
    const cell = cells.get(key) ?? { topology: record.topology, category: record.category, trials: [] }
    cell.trials.push(...trials)
    cells.set(key, cell)
  }
  if (cells.size === 0) return null
  const rows: ContextLossRow[] = []
  const ordered = [...cells.values()].sort(
    (a, b) => a.topology.localeCompare(b.topology) || a.category.localeCompare(b.category),
  )
  for (const cell of ordered) {
    rows.push(row(cell.topology, cell.category, null, cell.trials))
    const depths = [...new Set(cell.trials.map((t) => t.depth))].sort((a, b) => a - b)
    for (const depth of depths)
      rows.push(
        row(
          cell.topology,
          cell.category,
          depth,
          cell.trials.filter((t) => t.depth === depth),
        ),
      )
  }
  return { rows }
}
