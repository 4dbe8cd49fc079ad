/**
 * Accuracy by position in the required output: expected record i of n falls in bin
 * floor(20·i/n) of 20 equal normalized bins; correctness is averaged within each document and
 * bin first, then documents are averaged per bin (a document with no record in a bin does not
 * count there), so settings with many short records do not dominate the early bins.
 * Reference: Long-Transduction paper, Appendix B (position plots).
 */

/** Bins of the position plots. */
export const POSITION_BINS = 20

/**
 * Per-bin mean of a document's per-record flags; null for a bin with no record.
 * @example documentBins([true, false], 2) // [1, 0]
 */
export function documentBins(flags: readonly boolean[], bins: number = POSITION_BINS): (number | null)[] {
  const hits = new Array<number>(bins).fill(0)
  const counts = new Array<number>(bins).fill(0)
  const n = flags.length
  for (let i = 0; i < n; i++) {
    const bin = Math.floor((i * bins) / n)
    counts[bin]!++
    if (flags[i]) hits[bin]!++
  }
  return counts.map((count, bin) => (count === 0 ? null : hits[bin]! / count))
}

/**
 * The macro average over documents of their bins; null where no document has a record.
 * @example averageBins([[1, null], [0, 0.5]]) // [0.5, 0.5]
 */
export function averageBins(perDocument: readonly (readonly (number | null)[])[]): (number | null)[] {
  const width = perDocument[0]?.length ?? POSITION_BINS
  return Array.from({ length: width }, (_, bin) => {
    let sum = 0
    let count = 0
    for (const bins of perDocument) {
      const value = bins[bin]
      if (value !== null && value !== undefined) {
        sum += value
        count++
      }
    }
    return count === 0 ? null : sum / count
  })
}

/**
 * Position curve of some documents' per-record flags.
 * @example positionCurve([[true, false, true, true]], 2) // [0.5, 1]
 */
export const positionCurve = (documents: readonly (readonly boolean[])[], bins: number = POSITION_BINS) =>
  averageBins(documents.map((flags) => documentBins(flags, bins)))
