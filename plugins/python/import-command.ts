/**
 * `arbigraph import-leetcode <LeetCodeDataset.jsonl[.gz]> [--ids …] --out pool.json`: turns
 * LeetCodeDataset rows into a python function pool. It keeps the `Solution` methods whose
 * parameters and return are int or List[int] and that parse, rename, run in the sandbox with the
 * same results as the original and give a usable output; every dropped row is listed with its
 * reason in the pool file and counted by reason on stdout. `arbigraph generate --python-pool`
 * then draws python tasks from the pool.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { z } from 'zod'
import { existingFile, intFlag, parseCommandArgs, usageError } from '../../src/cli/args.ts'
import type { CliIo, Command } from '../../src/cli/command.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { writeFileAtomic } from '../../src/io/atomic-write.ts'
import { checkFunction, type DropCategory } from './chaining/check-function.ts'
import type { PythonRunner } from './chaining/python-runner.ts'
import { sandboxRunner } from './chaining/sandbox-runner.ts'
import { type PoolFile, type PoolFunction, PYTHON_POOL_SCHEMA } from './pool.ts'

const FLAGS = {
  ids: { type: 'string' },
  out: { type: 'string' },
  concurrency: { type: 'string' },
} as const

const rowSchema = z
  .object({
    task_id: z.string(),
    completion: z.string(),
    entry_point: z.string(),
    meta: z.object({ question_id: z.number().int(), difficulty: z.string().optional() }).passthrough(),
  })
  .passthrough()

type Row = z.output<typeof rowSchema>

/** Rows of a .jsonl or .jsonl.gz file; a bad line names its line number. */
export function readLeetcodeRows(path: string): Row[] {
  const bytes = readFileSync(path)
  const text = path.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8')
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      let json: unknown
      try {
        json = JSON.parse(line)
      } catch (error) {
        throw new ArbigraphError(
          'ARBIGRAPH_BAD_INPUT',
          `${path}:${i + 1}: malformed JSON (${(error as Error).message})`,
        )
      }
      const row = rowSchema.safeParse(json)
      if (!row.success) {
        const issue = row.error.issues[0]!
        throw new ArbigraphError(
          'ARBIGRAPH_BAD_INPUT',
          `${path}:${i + 1}: ${issue.path.join('.')}: ${issue.message}`,
        )
      }
      return row.data
    })
}

/** `two-sum` → `Two Sum`: the slug is the public title. */
const titleOf = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())

/** A candidate pool function from a row, or why the row is not a `Solution().method`. */
function candidate(row: Row): PoolFunction | string {
  const method = /^Solution\(\)\.([A-Za-z_]\w*)$/.exec(row.entry_point)?.[1]
  if (!method) return `entry point "${row.entry_point}" is not a Solution method`
  return {
    id: row.task_id,
    function: method,
    summary: `LeetCode ${row.meta.question_id}: ${titleOf(row.task_id)}`,
    source: row.completion,
    leetcode: {
      questionId: row.meta.question_id,
      slug: row.task_id,
      difficulty: row.meta.difficulty ?? null,
    },
  }
}

export interface ImportResult {
  pool: PoolFile
  /** Dropped rows per reason category. */
  counts: Record<string, number>
}

/**
 * Checks every selected row (at most `concurrency` at a time) and builds the pool.
 * @example await importLeetcode(rows, { runner, source: { file: 'train.jsonl.gz', sha256 } })
 */
export async function importLeetcode(
  rows: readonly Row[],
  o: { runner: PythonRunner; source: { file: string; sha256: string }; concurrency?: number },
): Promise<ImportResult> {
  const results: (
    | { ok: true; fn: PoolFunction }
    | { ok: false; id: string; category: DropCategory | 'entry-point'; reason: string }
  )[] = []
  let next = 0
  const worker = async () => {
    while (next < rows.length) {
      const i = next++
      const row = rows[i]!
      const fn = candidate(row)
      if (typeof fn === 'string') {
        results[i] = { ok: false, id: row.task_id, category: 'entry-point', reason: fn }
        continue
      }
      const check = await checkFunction(fn, { runner: o.runner })
      results[i] = check.ok
        ? { ok: true, fn: check.function }
        : { ok: false, id: fn.id, category: check.category, reason: check.reason }
    }
  }
  await Promise.all(Array.from({ length: o.concurrency ?? 4 }, worker))
  const counts: Record<string, number> = {}
  const functions: PoolFunction[] = []
  const dropped: { id: string; reason: string }[] = []
  for (const r of results) {
    if (r.ok) functions.push(r.fn)
    else {
      counts[r.category] = (counts[r.category] ?? 0) + 1
      dropped.push({ id: r.id, reason: `${r.category}: ${r.reason}` })
    }
  }
  return { pool: { schema: PYTHON_POOL_SCHEMA, source: o.source, functions, dropped }, counts }
}

/** Keeps the rows whose question id or slug is listed. */
function selectRows(rows: Row[], ids: string | undefined): Row[] {
  if (ids === undefined) return rows
  const wanted = new Set(
    ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  const picked = rows.filter((r) => wanted.has(String(r.meta.question_id)) || wanted.has(r.task_id))
  if (picked.length === 0) throw usageError('import-leetcode', `--ids "${ids}" matches no row`)
  return picked
}

/**
 * The `import-leetcode` command.
 * @example await main(['import-leetcode', 'LeetCodeDataset-v0.2.0-train.jsonl.gz', '--out', 'pool.json'])
 */
export const importLeetcodeCommand: Command = {
  name: 'import-leetcode',
  usage: [
    'Usage: arbigraph import-leetcode <LeetCodeDataset.jsonl[.gz]> [--ids 1,two-sum] --out <pool.json>',
    '',
    '  --ids <a,b>          question ids or slugs to import (default: every row)',
    '  --concurrency <n>    functions checked at a time (default: 4)',
    '  --out <pool.json>    the pool file, written atomically (required)',
    '',
    'Use the pool with: arbigraph generate <topology> --category python --python-pool <pool.json>',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values, positionals } = parseCommandArgs('import-leetcode', argv, FLAGS, {
      min: 1,
      max: 1,
      names: 'a LeetCodeDataset .jsonl or .jsonl.gz file',
    })
    if (typeof values.out !== 'string') throw usageError('import-leetcode', 'missing --out <pool.json>')
    const file = existingFile(io.cwd, positionals[0]!)
    const rows = selectRows(readLeetcodeRows(file), values.ids as string | undefined)
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex')
    const concurrency = intFlag('import-leetcode', 'concurrency', values.concurrency as string | undefined, {
      min: 1,
    })
    const { pool, counts } = await importLeetcode(rows, {
      runner: sandboxRunner(),
      source: { file: positionals[0]!.split(/[\\/]/).pop()!, sha256 },
      ...(concurrency ? { concurrency } : {}),
    })
    const out = resolve(io.cwd, values.out)
    await writeFileAtomic(out, `${JSON.stringify(pool, null, 2)}\n`)
    io.out(`kept ${pool.functions.length} of ${rows.length} functions; wrote ${relative(io.cwd, out) || out}`)
    for (const [category, count] of Object.entries(counts).sort((a, b) => b[1] - a[1])) {
      io.out(`  dropped ${count}: ${category}`)
    }
    return 0
  },
}
