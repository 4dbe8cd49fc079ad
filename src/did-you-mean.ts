/**
 * What an unknown name was probably meant to be: the known name closest to it by edit distance
 * (insertions, deletions, substitutions and swaps of two neighbours, case ignored), when it is
 * close enough to be a typo. Every lookup of a topology, category, benchmark or harness by name
 * words its error through `unknownName`, so they all suggest alike.
 */

/**
 * Edit distance with adjacent swaps (optimal string alignment): 'chian' → 'chain' is 1.
 * @example editDistance('chian', 'chain') // 1
 */
export function editDistance(a: string, b: string): number {
  // Rows i − 2, i − 1 and i of the table of distances between prefixes of `a` and `b`.
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, before[j - 2]! + 1)
      row.push(best)
    }
    before = previous
    previous = row
  }
  return previous[b.length]!
}

/**
 * The known name `name` most likely mistypes: the closest one, at most one edit per three
 * characters away (so a one- or two-letter name suggests nothing); the first of a tie, in the
 * order given.
 * @example closestName('chian', ['chain', 'dag']) // 'chain'
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const typed = name.toLowerCase()
  let best: { name: string; distance: number } | undefined
  for (const candidate of known) {
    const distance = editDistance(typed, candidate.toLowerCase())
    const allowed = Math.floor(Math.max(typed.length, candidate.length) / 3)
    if (distance <= allowed && (best === undefined || distance < best.distance))
      best = { name: candidate, distance }
  }
  return best?.name
}

/**
 * The words of an unknown-name error: the name, the likely meant one, the known ones (then
 * `others`, what else the name may be, inside the same parentheses).
 * @example unknownName('topology', 'chian', ['chain', 'dag']) // 'unknown topology "chian": did you mean "chain"? (known: "chain", "dag")'
 */
export function unknownName(kind: string, name: string, known: Iterable<string>, others?: string): string {
  const names = [...known]
  const meant = closestName(name, names)
  const suggestion = meant === undefined ? '' : `: did you mean "${meant}"?`
  const list = names.map((n) => `"${n}"`).join(', ')
  return `unknown ${kind} "${name}"${suggestion} (known: ${list}${others === undefined ? '' : `; ${others}`})`
}
