/**
 * The difference of two proportions measured on the same items (paired), with its 95% interval
 * and the exact McNemar p-value. From the 2×2 table of pairs — `both` right in both, `firstOnly`
 * right only in the first, `secondOnly` right only in the second, `neither` — the difference is
 * (firstOnly − secondOnly) / n. The interval is Newcombe's hybrid score interval for paired data
 * (his method 10, "square and add"): the Wilson intervals of the two marginal proportions,
 * combined with the correlation of the table, phi, whose cross term `both·neither −
 * firstOnly·secondOnly` is shrunk towards 0 by n/2 when positive (Newcombe's correction; 0 when a
 * margin is empty). It stays inside [−1, 1] and behaves at 0 and n, where Wald collapses.
 * Reference: Newcombe (1998), "Improved confidence intervals for the difference between binomial
 * proportions based on paired data", Stat. Med. 17:2635–2650, method 10; Fagerland, Lydersen &
 * Laake (2014), "Recommended tests and confidence intervals for paired binomial proportions";
 * the test vector is the Cavo et al. (2012) table of Fagerland, Lydersen & Laake's textbook, ch. 8.
 */
import { ArbigraphError } from '../errors.ts'
import { mcnemarExact } from './mcnemar.ts'
import { wilson95 } from './wilson.ts'

/** The 2×2 table of paired outcomes (counts of pairs). */
export interface PairedTable {
  both: number
  firstOnly: number
  secondOnly: number
  neither: number
}

/** first − second, as counts and as a proportion with its interval. */
export interface PairedDifference {
  /** Pairs. */
  n: number
  /** firstOnly − secondOnly: the difference in right answers, an exact integer. */
  count: number
  /** count / n (0 when n = 0). */
  estimate: number
  lower: number
  upper: number
  /** Two-sided exact McNemar p-value on the discordant pairs. */
  p: number
}

/**
 * The paired difference first − second of a table.
 * @example pairedDifference({ both: 30, firstOnly: 8, secondOnly: 2, neither: 10 }).estimate // 0.12
 */
export function pairedDifference(table: PairedTable): PairedDifference {
  const { both, firstOnly, secondOnly, neither } = table
  for (const [name, value] of Object.entries(table))
    if (!Number.isInteger(value) || value < 0)
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `pairedDifference: ${name} must be an integer >= 0, got ${value}`,
      )
  const n = both + firstOnly + secondOnly + neither
  const count = firstOnly - secondOnly
  const { p } = mcnemarExact(firstOnly, secondOnly)
  if (n === 0) return { n, count, estimate: 0, lower: -1, upper: 1, p }
  const first = wilson95(both + firstOnly, n)
  const second = wilson95(both + secondOnly, n)
  const margins = (both + firstOnly) * (secondOnly + neither) * (both + secondOnly) * (firstOnly + neither)
  const cross = both * neither - firstOnly * secondOnly
  const shrunk = cross > n / 2 ? cross - n / 2 : Math.min(cross, 0)
  const phi = margins === 0 ? 0 : shrunk / Math.sqrt(margins)
  const estimate = count / n
  const dl = first.estimate - first.lower
  const du = first.upper - first.estimate
  const el = second.estimate - second.lower
  const eu = second.upper - second.estimate
  const below = Math.sqrt(Math.max(0, dl * dl - 2 * phi * dl * eu + eu * eu))
  const above = Math.sqrt(Math.max(0, du * du - 2 * phi * du * el + el * el))
  return {
    n,
    count,
    estimate,
    lower: Math.max(-1, estimate - below),
    upper: Math.min(1, estimate + above),
    p,
  }
}

/**
 * The table of paired booleans.
 * @example pairedTable([[true, false], [true, true]]) // { both: 1, firstOnly: 1, secondOnly: 0, neither: 0 }
 */
export function pairedTable(pairs: Iterable<readonly [boolean, boolean]>): PairedTable {
  const table = { both: 0, firstOnly: 0, secondOnly: 0, neither: 0 }
  for (const [first, second] of pairs) {
    if (first && second) table.both++
    else if (first) table.firstOnly++
    else if (second) table.secondOnly++
    else table.neither++
  }
  return table
}
