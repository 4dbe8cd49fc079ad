/**
 * Which suite a cell is, when two suites share its topology and category (chain/math with
 * `length: 2` and with `length: 3`): the settings that differ among those suites, as
 * `length 2`. A topology and category run by one suite only keeps its plain name, so cells,
 * gate messages and comparisons read as before; the settings every sibling shares are left out.
 * The variants come from the records (`suite`, src/vitest/suite-variant.ts).
 */
import { type SuiteVariant, variantText } from '../vitest/suite-variant.ts'

/** What places a record's trial in a cell besides its topology and category. */
export interface SuiteOf {
  topology: string
  category: string
  suite?: SuiteVariant | undefined
}

/**
 * A record's suite as stable text: its whole variant ('' for a suite at every default). Cells
 * are grouped by it; the label shown is shorter (`suiteLabeller`).
 * @example suiteKey({ topology: 'chain', category: 'math', suite: { length: '2' } }) // 'length=2'
 */
export const suiteKey = (r: SuiteOf): string => variantText(r.suite ?? {})

/**
 * The label of each suite among `records`: for suites sharing a topology and category, the
 * settings that differ among them ('' for one that sets none of those); '' when a topology and
 * category has one suite.
 * @example suiteLabeller(records)({ topology: 'chain', category: 'math', suite: { length: '2' } }) // 'length 2'
 */
export function suiteLabeller(records: Iterable<SuiteOf>): (r: SuiteOf) => string {
  const siblings = new Map<string, Map<string, SuiteVariant>>()
  for (const r of records) {
    const cell = JSON.stringify([r.topology, r.category])
    let variants = siblings.get(cell)
    if (!variants) siblings.set(cell, (variants = new Map()))
    variants.set(suiteKey(r), r.suite ?? {})
  }
  const differing = new Map<string, string[]>()
  for (const [cell, variants] of siblings) {
    const all = [...variants.values()]
    const keys = [...new Set(all.flatMap((v) => Object.keys(v)))].sort()
    differing.set(
      cell,
      keys.filter((key) => new Set(all.map((v) => v[key])).size > 1),
    )
  }
  return (r) => {
    const keys = differing.get(JSON.stringify([r.topology, r.category])) ?? []
    const suite = r.suite ?? {}
    return keys
      .filter((key) => suite[key] !== undefined)
      .map((key) => `${key} ${suite[key]}`)
      .join(', ')
  }
}
