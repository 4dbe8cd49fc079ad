/**
 * An interrupted run (Ctrl-C, SIGTERM, `--bail`) still writes the records of the cases that
 * finished: they are real, and a rerun replays them from the response cache. Its results file
 * says so (`run.reason: 'interrupted'`), every table and summary says so in a line no one can
 * miss, and a gate refuses to pass on it: the cases that did not run could be the failing ones.
 */

/**
 * The line above an interrupted run's table.
 * @example interruptedBanner(20) // '⚠ INTERRUPTED RUN: only the 20 cases that finished …'
 */
export const interruptedBanner = (finished: number): string =>
  `⚠ INTERRUPTED RUN: only the ${finished} case${finished === 1 ? '' : 's'} that finished before the run was stopped are counted; rerun to complete it (the response cache replays what was answered).`

/**
 * Why a gate refuses to judge the run, or undefined when it may.
 * @example interruptedGateRefusal({ reason: 'interrupted' }) // 'gate: refused — the run was interrupted …'
 */
export function interruptedGateRefusal(run: { reason: string }): string | undefined {
  if (run.reason !== 'interrupted') return undefined
  return 'gate: refused — the run was interrupted before every case finished, so no rule was checked; rerun it to completion — exit code 1'
}
