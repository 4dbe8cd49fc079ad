// The Python function pool is data: one `.py` file per function plus `index.json` describing
// each. These tests keep the two in step with a regex-level reading of each file (the real
// lezer analysis lives with the category) and check the pool is balanced enough for every
// topology: each of the four input→output kinds needs its own supply of functions.
// Reference: LeetCode facts (title, difficulty) are checked against LeetCodeDataset when present.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

interface PoolEntry {
  file: string
  function: string
  summary: string
  kind: string
  topics: string[]
  leetcode: { id: number; title: string; difficulty: string } | null
}

const poolDir = join(import.meta.dirname, '../../../plugins/python/functions')
const entries: PoolEntry[] = JSON.parse(readFileSync(join(poolDir, 'index.json'), 'utf8'))
const pyFiles = readdirSync(poolDir).filter((name) => name.endsWith('.py'))
const kinds = ['list->list', 'list->scalar', 'scalar->scalar', 'scalar->list'] as const

// Only these stdlib modules are loaded by pyodide without extra packages and keep runs pure.
const allowedModules = new Set(['bisect', 'collections', 'functools', 'heapq', 'itertools', 'math', 'typing'])

/** What a plain reading of the file says: imports, the one `def`, and its signature. */
interface PySignature {
  name: string
  params: { name: string; type: string }[]
  returns: string
  docstring: string | undefined
  imports: string[]
  topLevel: string[]
}

/**
 * Reads the single top-level function of a pool file with regexes.
 * @example readSignature('def f(x: int) -> int:\n    """Twice x."""\n    return 2 * x\n').name // 'f'
 */
function readSignature(source: string): PySignature | undefined {
  const lines = source.split('\n')
  const topLevel = lines.filter((line) => /^\S/.test(line))
  const imports = topLevel.filter((line) => /^(from|import) /.test(line))
  const defIndex = lines.findIndex((line) => line.startsWith('def '))
  const match = /^def (\w+)\((.*)\) -> (.+):$/.exec(lines[defIndex] ?? '')
  if (!match) return undefined
  const [, name, rawParams, returns] = match as unknown as [string, string, string, string]
  const params = rawParams.split(', ').map((param) => {
    const [paramName, type] = param.split(': ')
    return { name: paramName ?? '', type: type ?? '' }
  })
  const docstring = /^ {4}"""(.+)"""$/.exec(lines[defIndex + 1] ?? '')?.[1]
  return { name, params, returns, docstring, imports, topLevel }
}

const kindOf = (sig: PySignature) =>
  `${sig.params.some((p) => p.type === 'List[int]') ? 'list' : 'scalar'}->${
    sig.returns === 'List[int]' ? 'list' : 'scalar'
  }`

const snakeCase = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase()

describe('python function pool index', () => {
  it('lists every .py file exactly once and nothing else', () => {
    const listed = entries.map((e) => e.file).sort()
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed).toEqual([...pyFiles].sort())
  })

  it('has at least 90 functions and at least 20 of each kind', () => {
    expect(entries.length).toBeGreaterThanOrEqual(90)
    for (const kind of kinds) {
      expect(entries.filter((e) => e.kind === kind).length, kind).toBeGreaterThanOrEqual(20)
    }
    expect(entries.every((e) => (kinds as readonly string[]).includes(e.kind))).toBe(true)
  })

  it('uses unique function names, each in its snake_case file', () => {
    const names = entries.map((e) => e.function)
    expect(new Set(names).size).toBe(names.length)
    for (const e of entries) expect(e.file, e.function).toBe(`${snakeCase(e.function)}.py`)
  })

  it('records well-formed LeetCode facts with distinct ids', () => {
    const facts = entries.flatMap((e) => (e.leetcode ? [e.leetcode] : []))
    for (const fact of facts) {
      expect(Number.isInteger(fact.id) && fact.id > 0, fact.title).toBe(true)
      expect(['Easy', 'Medium', 'Hard']).toContain(fact.difficulty)
      expect(fact.title.trim()).toBe(fact.title)
    }
    expect(new Set(facts.map((f) => f.id)).size).toBe(facts.length)
  })
})

describe('python function pool files', () => {
  it.each(entries.map((e) => [e.file, e] as const))('%s matches its index entry', (_file, entry) => {
    const source = readFileSync(join(poolDir, entry.file), 'utf8')
    const sig = readSignature(source)
    expect(sig, 'no `def name(...) -> T:` line').toBeDefined()
    if (!sig) return
    expect(sig.name).toBe(entry.function)
    expect(kindOf(sig)).toBe(entry.kind)
    for (const type of [...sig.params.map((p) => p.type), sig.returns]) {
      expect(['int', 'List[int]']).toContain(type)
    }
    // Only imports and the one def at top level: the category execs the file as is.
    expect(sig.topLevel.filter((line) => !/^(from|import) /.test(line))).toEqual([sig.topLevel.at(-1)])
    expect(sig.topLevel.filter((line) => line.startsWith('def '))).toHaveLength(1)
    for (const line of sig.imports) {
      expect(allowedModules.has(/^(?:from|import) (\w+)/.exec(line)?.[1] ?? ''), line).toBe(true)
    }
    expect(sig.docstring, 'one-line docstring').toBe(entry.summary)
    expect(source).not.toMatch(
      /\b(random|hash|open|print|input|eval|exec|globals)\s*\(|\bimport (os|sys|random)\b/,
    )
  })

  it('reads a signature the way the index expects (reader self-check)', () => {
    const sig = readSignature(
      'from typing import List\n\n\ndef f(a: List[int], k: int) -> int:\n    """Sum."""\n',
    )
    expect(sig && kindOf(sig)).toBe('list->scalar')
    expect(readSignature('def g(x):\n    return x\n')).toBeUndefined()
  })
})

const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? join(import.meta.dirname, '../../../../shared/reference')
const datasetFiles = ['train', 'test'].map((split) =>
  join(referenceDir, 'leetcode', `LeetCodeDataset-v0.2.0-${split}.jsonl.gz`),
)
const datasetPresent = datasetFiles.every((file) => existsSync(file))
if (!datasetPresent) {
  console.warn(
    `[skip] LeetCode fact check: ${datasetFiles.join(', ')} not found (set ARBIGRAPH_REFERENCE_DIR)`,
  )
}

describe.skipIf(!datasetPresent)('LeetCode facts against LeetCodeDataset', () => {
  it('every title names a dataset problem (by slug) with the same difficulty', () => {
    const difficultyBySlug = new Map<string, string>()
    for (const file of datasetFiles) {
      for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
        if (!line) continue
        const row = JSON.parse(line) as { task_id: string; meta: { difficulty: string } }
        difficultyBySlug.set(row.task_id, row.meta.difficulty)
      }
    }
    // LeetCode slugs drop punctuation and hyphenate words: "Pascal's Triangle II" → pascals-triangle-ii.
    const slug = (title: string) =>
      title
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
    const facts = entries.flatMap((e) => (e.leetcode ? [e.leetcode] : []))
    expect(facts.length).toBeGreaterThan(0)
    for (const fact of facts) {
      expect(difficultyBySlug.get(slug(fact.title)), fact.title).toBe(fact.difficulty)
    }
  })
})
