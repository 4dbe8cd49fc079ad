/**
 * The sentences that define a task input made by a junction (spec §8.4, our own words).
 *
 * A pick takes one element of an earlier list: `Define task_3_input = task_2_out[0].` A pack
 * spells out its whole 10-element list as expressions over the scalars it combines: slot b of
 * round m (1-based) is `v_b * m + (m - 1)`, printed as the bare name when m = 1. Several picks
 * from one list (a multichain expansion) share one introducing sentence.
 * Reference: arbigraph-reference-math-generators.md §7.4 (recombination), §7.5 (pick and pack).
 */

/** Length of every pack list, as in the reference's recombination. */
export const PACK_LENGTH = 10

/** Lines that make a junction's definition recognizable when splitting a prompt. */
export const JUNCTION_LINE = /^Define task_\d+_input\b/
export const PICK_GROUP_LEAD = 'The following inputs are elements of '

/**
 * One pick definition line.
 * @example pickLine('task_3_input', 'task_2_out', 0) // 'Define task_3_input = task_2_out[0].'
 */
export const pickLine = (name: string, source: string, index: number): string =>
  `Define ${name} = ${source}[${index}].`

/**
 * Several picks from the same list, introduced by one sentence (one pick: just its line).
 * @example pickGroupText('task_2_out', [{ name: 'task_3_input', index: 0 }, { name: 'task_5_input', index: 1 }])
 */
export function pickGroupText(source: string, picks: readonly { name: string; index: number }[]): string {
  const lines = picks.map((pick) => pickLine(pick.name, source, pick.index))
  if (picks.length < 2) return lines.join('\n')
  return [`${PICK_GROUP_LEAD}${source} (positions count from 0).`, ...lines].join('\n')
}

/**
 * The expressions of a pack list: round m, slot b gives `name_b * m + (m - 1)`.
 * @example packExpressions(['a', 'b'], 4) // ['a', 'b', 'a * 2 + 1', 'b * 2 + 1']
 */
export function packExpressions(sources: readonly string[], length = PACK_LENGTH): string[] {
  const out: string[] = []
  for (let k = 0; k < length && sources.length > 0; k++) {
    const m = Math.floor(k / sources.length) + 1
    const name = sources[k % sources.length]!
    out.push(m === 1 ? name : `${name} * ${m} + ${m - 1}`)
  }
  return out
}

/**
 * The text of a pack junction: an introducing line, then the list written out in full.
 * @example packText('task_4_input', ['task_2_out', 'task_3_out'])
 */
export function packText(name: string, sources: readonly string[], length = PACK_LENGTH): string {
  // Joined, not concatenated: a 10⁴-task prompt has ~5000 packs, and a join makes one flat
  // string where a template literal makes a string per piece for the writer to flatten.
  return [
    `Define ${name} as follows, a list of ${length} elements:\n${name} = [`,
    packExpressions(sources, length).join(', '),
    '].',
  ].join('')
}
