/**
 * Gate rules on another benchmark's cells: `<benchmark>:<cell>.<metric><op><number>`, e.g.
 * `transduction:arithmetic/4K.exact>=0.1` or `transduction:*.accuracy>=0.5`. The benchmark
 * declares its cells and metrics through its `gate` block (src/contracts/benchmark.ts): per record
 * the cell key and the metric values; a cell's metric is the mean of its scored records' values
 * (infrastructure errors are left out, as in every accuracy). A cell pattern is `*` (every cell) or
 * the cell key split on "/" with any part `*`. A rule naming a benchmark that is not registered, or
 * a metric it does not declare, is a configuration error, never a rule that silently holds.
 */
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { ArbigraphError } from '../errors.ts'

/** The parsed benchmark part of a rule: whose cells, and which ones. */
export interface BenchmarkGateTarget {
  benchmark: string
  /** The cell pattern split on "/"; `['*']` matches every cell. */
  cell: string[]
}

/** A benchmark with the records of a run (empty when it did not run). */
export interface BenchmarkGateSource {
  bench: AnyBenchmark
  records: readonly unknown[]
}

/** One cell of a benchmark and its metrics. */
export interface BenchmarkGateCell {
  key: string
  values: { [metric: string]: number }
}

/**
 * Parses `<benchmark>:<cell>` (the part before `.metric`); a problem is returned as text.
 * @example parseBenchmarkTarget('transduction:arithmetic/4K') // { ok: true, target: {...} }
 */
export function parseBenchmarkTarget(
  text: string,
): { ok: true; target: BenchmarkGateTarget } | { ok: false; problem: string } {
  const colon = text.indexOf(':')
  const benchmark = text.slice(0, colon).trim()
  const cell = text
    .slice(colon + 1)
    .trim()
    .split('/')
  if (benchmark === '' || cell.some((part) => part === '' || part.includes(':')))
    return {
      ok: false,
      problem: `bad cell "${text}": write <benchmark>:<cell>, e.g. transduction:arithmetic/4K or transduction:*`,
    }
  return { ok: true, target: { benchmark, cell } }
}

/**
 * The gate cells of a benchmark's records, in first-seen order, each metric the mean over its scored records.
 * @example benchmarkGateCells(transduction, records)[0] // { key: 'arithmetic/4K', values: { accuracy: 0.97, exact: 0.5 } }
 */
export function benchmarkGateCells(bench: AnyBenchmark, records: readonly unknown[]): BenchmarkGateCell[] {
  const gate = bench.gate!
  const metrics = Object.keys(gate.metrics)
  const sums = new Map<string, { n: number; sums: number[] }>()
  for (const record of records) {
    const key = gate.cell(record)
    const values = gate.values(record)
    const cell = sums.get(key) ?? { n: 0, sums: metrics.map(() => 0) }
    sums.set(key, cell)
    if (values === null) continue
    cell.n += 1
    metrics.forEach((m, i) => {
      cell.sums[i]! += values[m]!
    })
  }
  return [...sums].map(([key, { n, sums }]) => ({
    key,
    values: Object.fromEntries(metrics.map((m, i) => [m, n === 0 ? Number.NaN : sums[i]! / n])),
  }))
}

const matches = (pattern: readonly string[], key: string): boolean => {
  if (pattern.length === 1 && pattern[0] === '*') return true
  const parts = key.split('/')
  return parts.length === pattern.length && pattern.every((p, i) => p === '*' || p === parts[i])
}

/**
 * The readings of one rule's metric on the matching cells of its benchmark (cells named
 * `<benchmark>:<key>`); throws ARBIGRAPH_BAD_CONFIG for an unknown benchmark or metric.
 * @example benchmarkReadings(target, 'exact', sources) // [{ where: 'transduction:arithmetic/4K', actual: 0.5 }]
 */
export function benchmarkReadings(
  target: BenchmarkGateTarget,
  metric: string,
  sources: readonly BenchmarkGateSource[],
  rule: string,
): { where: string; actual: number }[] {
  checkBenchmarkTarget(target, metric, sources, rule)
  const source = sources.find((s) => s.bench.name === target.benchmark)!
  return benchmarkGateCells(source.bench, source.records)
    .filter((cell) => matches(target.cell, cell.key))
    .map((cell) => ({ where: `${target.benchmark}:${cell.key}`, actual: cell.values[metric]! }))
}

/**
 * Throws ARBIGRAPH_BAD_CONFIG unless `target` names a benchmark among `sources` with gate cells and `metric` among its metrics.
 * @example checkBenchmarkTarget({ benchmark: 'transduction', cell: ['*'] }, 'exact', sources, rule)
 */
export function checkBenchmarkTarget(
  target: BenchmarkGateTarget,
  metric: string,
  sources: readonly Pick<BenchmarkGateSource, 'bench'>[],
  rule: string,
): void {
  const source = sources.find((s) => s.bench.name === target.benchmark)
  if (!source?.bench.gate) {
    const gated = sources.filter((s) => s.bench.gate).map((s) => s.bench.name)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `gate rule "${rule}": no registered benchmark "${target.benchmark}" has gate cells (benchmarks with gate cells: ${gated.join(', ') || 'none'})`,
    )
  }
  const gate = source.bench.gate
  if (!Object.hasOwn(gate.metrics, metric))
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `gate rule "${rule}": ${target.benchmark} has no gate metric "${metric}" (metrics: ${Object.keys(gate.metrics).join(', ')})`,
    )
}

/**
 * Refuses, before any test runs, a `<benchmark>:` rule naming an unregistered benchmark or an
 * undeclared metric. Under the sequential gate such a rule is streamed when its benchmark
 * declares `gate.stream` and checked fixed-n otherwise (src/metrics/sequential/cell-stream.ts).
 * @example checkBenchmarkRules(parseGate('transduction:*.exact>=0.1'), benchmarks)
 */
export function checkBenchmarkRules(
  rules: readonly { text: string; metric: string; benchmark?: BenchmarkGateTarget }[],
  benchmarks: readonly AnyBenchmark[],
): void {
  for (const rule of rules) {
    if (!rule.benchmark) continue
    checkBenchmarkTarget(
      rule.benchmark,
      rule.metric,
      benchmarks.map((bench) => ({ bench })),
      rule.text,
    )
  }
}
