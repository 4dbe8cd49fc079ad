/**
 * "No significant regression against the baseline" rules for the sequential gate:
 * `chain/math.accuracy>=baseline` (or `exact>=baseline`) over a baseline run's results file
 * (ARBIGRAPH_GATE_BASELINE). Trials are paired with the baseline's by case and epoch, as
 * `arbigraph compare` pairs them; only discordant pairs carry evidence (McNemar's insight), and
 * among them a regression means losses (baseline right, now wrong) outnumber wins. The test is a
 * betting test of "P(loss | discordant) ≤ 1/2" (K⁺ at m = 1/2, betting-test.ts, i.i.d. form like
 * McNemar's): when it rejects, the regression is significant and the rule fails at once; when the
 * opposite bet (K⁻) rejects "P(loss | discordant) ≥ 1/2", the new run is significantly better and
 * the rule passes at once; otherwise the rule passes when the cell's cases are all in, since no
 * significant regression was found — the same meaning as compare's "not significant", with an
 * anytime-valid test in place of McNemar's fixed-n one.
 * Reference: Waudby-Smith & Ramdas, arXiv:2010.09686 (betting tests of a bounded mean);
 * McNemar (1947) for the discordant-pair reduction.
 */
import { ArbigraphError } from '../../errors.ts'
import { type BettingTest, observe, startBettingTest, type TestVerdict, verdictOf } from './betting-test.ts'

/** A parsed baseline rule. */
export interface PairedRule {
  text: string
  cell: string[]
  metric: 'accuracy' | 'exact'
}

const PAIRED = /^(.+)\.(accuracy|exact)\s*>=\s*baseline$/

/**
 * Splits gate text into baseline rules and the rest (left as text for parseGate).
 * @example splitPairedRules('chain/math.accuracy>=baseline,*.accuracy>=0.5') // { paired: [{…}], rest: '*.accuracy>=0.5' }
 */
export function splitPairedRules(
  text: string,
  source = 'ARBIGRAPH_GATE',
): { paired: PairedRule[]; rest: string } {
  const paired: PairedRule[] = []
  const rest: string[] = []
  for (const rule of text.split(',').map((r) => r.trim())) {
    if (!/baseline\s*$/.test(rule)) {
      rest.push(rule)
      continue
    }
    const match = PAIRED.exec(rule)
    const cell = (match?.[1] ?? '').trim().split('/')
    if (!match || cell.some((p) => p === '') || cell.length > 3 || (cell.length === 1 && cell[0] !== '*'))
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_CONFIG',
        `${source} rule "${rule}": a baseline rule reads <cell>.accuracy>=baseline or <cell>.exact>=baseline, for example "chain/math.accuracy>=baseline"`,
      )
    paired.push({
      text: rule,
      cell: cell.length === 1 ? ['*', '*'] : cell,
      metric: match[2] as PairedRule['metric'],
    })
  }
  return { paired, rest: rest.join(',') }
}

/** One baseline rule's test on one stream. */
export interface PairedTest {
  rule: PairedRule
  test: BettingTest
  verdict: TestVerdict
  decidedAfter: number | null
  /** Discordant pairs seen: losses (baseline right, now wrong) and wins. */
  losses: number
  wins: number
}

/**
 * A fresh paired test at error level `alpha`.
 * @example startPairedTest(rule, 0.05)
 */
export function startPairedTest(rule: PairedRule, alpha: number): PairedTest {
  return {
    rule,
    test: startBettingTest({ threshold: 0.5, op: '<=', population: Number.POSITIVE_INFINITY, alpha }),
    verdict: { decided: false },
    decidedAfter: null,
    losses: 0,
    wins: 0,
  }
}

/**
 * Feeds one pair (the trial now, the baseline's same trial; undefined when the baseline has
 * none) to the test; `seen` is the stream's trial count for `decidedAfter`.
 * @example observePair(test, false, true, 12) // a loss
 */
export function observePair(t: PairedTest, now: boolean, baseline: boolean | undefined, seen: number): void {
  if (t.verdict.decided || baseline === undefined || now === baseline) return
  if (baseline) t.losses += 1
  else t.wins += 1
  observe(t.test, baseline ? 1 : 0)
  t.verdict = verdictOf(t.test)
  if (t.verdict.decided) t.decidedAfter = seen
}
