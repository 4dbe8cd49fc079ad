/**
 * The frozen datasets a run evaluated, from its records: each dataset's content hash, the file
 * it was read from, how many of its instances ran and how many trials. The results file carries
 * this list (`datasets`), and `compare` refuses two runs whose lists differ: trials pair by
 * dataset hash and instance, so runs of different datasets have no trial in common, and a
 * comparison of them would print a paired test over nothing as if it meant something.
 */
import type { CaseRecord } from '../contracts/case-record.ts'
import { ArbigraphError } from '../errors.ts'

/** One dataset of a run. */
export interface RunDataset {
  sha256: string
  /** The file name its first record gives (informative; the hash is the identity). */
  file: string
  /** Distinct instances of it that ran. */
  instances: number
  trials: number
}

/**
 * The datasets among `records`, by hash; empty when no record came from a frozen dataset.
 * @example runDatasets(records) // [{ sha256: '3fa2…', file: 'math_chain.json', instances: 640, trials: 640 }]
 */
export function runDatasets(records: Iterable<Pick<CaseRecord, 'dataset'>>): RunDataset[] {
  const found = new Map<string, { file: string; indexes: Set<number>; trials: number }>()
  for (const { dataset } of records) {
    if (!dataset) continue
    let entry = found.get(dataset.sha256)
    if (!entry) found.set(dataset.sha256, (entry = { file: dataset.file, indexes: new Set(), trials: 0 }))
    entry.indexes.add(dataset.index)
    entry.trials++
  }
  return [...found.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sha256, e]) => ({ sha256, file: e.file, instances: e.indexes.size, trials: e.trials }))
}

const short = (d: RunDataset) => `${d.file} (sha256 ${d.sha256.slice(0, 12)}…)`
const described = (list: RunDataset[]) =>
  list.length === 0 ? 'no frozen dataset (generated suites only)' : list.map(short).join(', ')

/**
 * Refuses to pair two runs that evaluated different frozen datasets (or one a dataset, the other
 * only generated suites): ARBIGRAPH_DATASET_MISMATCH naming both sides. Runs without any dataset
 * pass, as they always did.
 * @example checkSameDatasets(a.records, b.records, 'a.json', 'b.json')
 */
export function checkSameDatasets(
  a: Iterable<Pick<CaseRecord, 'dataset'>>,
  b: Iterable<Pick<CaseRecord, 'dataset'>>,
  labelA = 'A',
  labelB = 'B',
): void {
  const inA = runDatasets(a)
  const inB = runDatasets(b)
  const hashes = (list: RunDataset[]) => list.map((d) => d.sha256).join(',')
  if (hashes(inA) === hashes(inB)) return
  throw new ArbigraphError(
    'ARBIGRAPH_DATASET_MISMATCH',
    `cannot pair ${labelA} and ${labelB}: ${labelA} ran ${described(inA)}, ${labelB} ran ${described(inB)}; trials pair by dataset hash and instance, so compare runs of the same dataset file`,
  )
}
