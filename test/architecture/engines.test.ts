/**
 * Our `engines.node` and every runtime dependency's must agree: a dependency that declares a
 * newer Node than we do makes every install print EBADENGINE (eventsource-parser 4 declared
 * ≥ 22.12 while we declare ≥ 20.19) and may break on the Node we promise. Read from the lock
 * file, whose entries carry each package's `engines`, so it holds for what an install resolves.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'))

type Version = [number, number, number]

/** `20.19` → [20, 19, 0]; an `x` or a missing part is 0 (a lower bound). */
const version = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map((part) => Number.parseInt(part, 10) || 0)
  return [major, minor, patch]
}
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** Whether `v` satisfies one comparator (`>=18`, `^20.0.0`, `*`) of an npm range. */
function satisfiesComparator(v: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|\^|~|=)?\s*v?([\dx*.]+)$/.exec(comparator)
  if (!match) throw new Error(`engines range comparator not understood: "${comparator}"`)
  const [, op = '=', text] = match
  if (text === '*' || text === 'x') return true
  const bound = version(text!)
  const c = compare(v, bound)
  if (op === '>=') return c >= 0
  if (op === '>') return c > 0
  if (op === '<=') return c <= 0
  if (op === '<') return c < 0
  if (op === '^') return c >= 0 && v[0] === bound[0]
  if (op === '~') return c >= 0 && v[0] === bound[0] && v[1] === bound[1]
  return c === 0 || (text!.includes('x') && v[0] === bound[0])
}

/** Whether `v` satisfies an npm range: `||` of space-separated comparators. */
const satisfies = (v: Version, range: string): boolean =>
  range.split('||').some((part) =>
    part
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => comparator === '' || satisfiesComparator(v, comparator)),
  )

it('every runtime dependency accepts our lowest Node and the LTS lines users run', () => {
  const ours = read('package.json').engines.node as string
  const lowest = version(/^>=\s*([\d.]+)$/.exec(ours)![1]!)
  const lock = read('package-lock.json') as {
    packages: Record<string, { dev?: boolean; engines?: { node?: string } }>
  }
  const versions: Version[] = [lowest, [22, 12, 0], [24, 0, 0]]
  const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = entry.engines?.node
    if (path === '' || entry.dev || range === undefined) return []
    const refused = versions.filter((v) => !satisfies(v, range))
    return refused.length === 0
      ? []
      : [`${path}: engines.node "${range}" refuses Node ${refused.map((v) => v.join('.')).join(', ')}`]
  })
  expect(refusing).toEqual([])
})

it('reads npm ranges as npm does, so the check above can fail', () => {
  expect(satisfies([20, 19, 0], '>=22.12')).toBe(false)
  expect(satisfies([20, 19, 0], '^20.0.0 || >=22.0.0')).toBe(true)
  expect(satisfies([21, 0, 0], '^20.0.0 || >=22.0.0')).toBe(false)
  expect(satisfies([20, 19, 0], '>= 18')).toBe(true)
  expect(satisfies([20, 19, 0], '>=0.8.x')).toBe(true)
  expect(satisfies([20, 19, 0], '*')).toBe(true)
  expect(satisfies([20, 19, 0], '>=20.18.1')).toBe(true)
  expect(satisfies([20, 17, 0], '>=20.18.1')).toBe(false)
})
