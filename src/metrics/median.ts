/**
 * Mean and median of a list of numbers. Both are 0 for an empty list (a cell with no trials),
 * matching the convention that accuracy over no trials is 0, so tables never print NaN.
 */

/**
 * The arithmetic mean; 0 when empty.
 * @example mean([1, 2, 6]) // 3
 */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0
  let total = 0
  for (const value of values) total += value
  return total / values.length
}

/**
 * The median (mean of the two middle values for an even count); 0 when empty.
 * @example median([5, 1, 3, 100]) // 4
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
