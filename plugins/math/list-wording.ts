/**
 * Sentences shared by the list-input math tasks: reading a list as a matrix or a polynomial, and
 * turning a matrix or polynomial result back into the list that is the task's answer.
 *
 * Reference: reference spec §3.4 and §8.2 (same information, our own words).
 */

/**
 * Defines `matrix` as `list` arranged row-major into rows×cols, padded with zeros or cut.
 * @example reshapeText('list_2', 'M1_2', 3n, 4n)
 */
export function reshapeText(
  list: string,
  matrix: string,
  rows: bigint | number,
  cols: bigint | number,
): string {
  return (
    `Arrange ${list} into a matrix ${matrix} of size ${rows}x${cols} in row-major order: the first ${cols} elements form the top row, the next ${cols} the second row, and so on. ` +
    `If ${list} has fewer than ${BigInt(rows) * BigInt(cols)} elements, append zeros to its end first; if it has more, ignore the extra elements.`
  )
}

/**
 * Defines `out` as the entries of `matrix` read row by row.
 * @example flattenText('K_2', 'task_2_out')
 */
export const flattenText = (matrix: string, out: string): string =>
  `Write ${matrix} as a single list by concatenating its rows, top row first, each row read left to right, and call that list ${out}.`

/**
 * Defines the polynomial `poly` from `list`, highest degree first.
 * @example polyFromListText('list_2', 'P_2')
 */
export const polyFromListText = (list: string, poly: string): string =>
  `Let ${poly}(x) be the polynomial whose coefficients are the elements of ${list}, the first element being the coefficient of the highest power of x and the last the constant term.`

/**
 * Defines `out` as the coefficient list of `poly`.
 * @example coefficientsText('Q_2', 'task_2_out')
 */
export const coefficientsText = (poly: string, out: string): string =>
  `List the coefficients of ${poly}(x) from the highest power of x down to the constant term, including zeros for missing intermediate powers but dropping leading zeros (the zero polynomial is written [0]), and call this list ${out}.`
