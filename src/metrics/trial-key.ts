/**
 * A trial's identity across runs: what `compare` (and anything else pairing two runs) matches
 * on. A trial of a frozen dataset is the dataset's content hash, the instance's position in it
 * and the epoch, so two runs of one file pair instance for instance whatever the suite was
 * called; any other trial is its case id and epoch (a generated suite's ids name the spec).
 */
import type { CaseRecord } from '../contracts/case-record.ts'

/**
 * The key two runs' trials pair on.
 * @example trialKey({ caseId: 'c', epoch: 0, dataset: { sha256: 'ab…', index: 3, file: 'd.jsonl' } }) // 'ab…#3@0'
 */
export const trialKey = (r: Pick<CaseRecord, 'caseId' | 'epoch' | 'dataset'>): string =>
  r.dataset ? `${r.dataset.sha256}#${r.dataset.index}@${r.epoch}` : `${r.caseId}@${r.epoch}`
