/**
 * What `arbigraph board` reads: the results files named, and every results file of a benchmark on
 * the board found under a folder named (walked in name order; `node_modules`, dot-folders and
 * dashboards skipped), each once, in the order given — a column's pooled epochs are numbered in it.
 */
import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { ArbigraphError } from '../errors.ts'
import { schemaOfFile } from '../report/read-results.ts'

/** One results file: its absolute path and the path messages and the page name it by. */
export interface BoardInput {
  path: string
  where: string
}

function* jsonFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.') || name === 'node_modules' || name === 'dashboard') continue
    const path = join(dir, name)
    const stats = statSync(path)
    if (stats.isDirectory()) yield* jsonFiles(path)
    else if (name.endsWith('.json')) yield path
  }
}

/**
 * The results files `args` name, relative to `cwd`.
 * @example await boardInputs('/proj', ['out/a.json', 'runs/'], registry.benchmarks.values())
 */
export async function boardInputs(
  cwd: string,
  args: readonly string[],
  benchmarks: Iterable<AnyBenchmark>,
): Promise<BoardInput[]> {
  const schemas = new Set([...benchmarks].flatMap((b) => (b.board ? [b.board.resultsSchema] : [])))
  const seen = new Set<string>()
  const inputs: BoardInput[] = []
  const add = (path: string, where: string) => {
    if (seen.has(path)) return
    seen.add(path)
    inputs.push({ path, where })
  }
  for (const arg of args) {
    const path = resolve(cwd, arg)
    const stats = (() => {
      try {
        return statSync(path)
      } catch {
        throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${arg}: no such file or folder`)
      }
    })()
    if (!stats.isDirectory()) {
      add(path, arg)
      continue
    }
    let found = 0
    for (const file of jsonFiles(path)) {
      if (!schemas.has((await schemaOfFile(file)) ?? '')) continue
      add(file, relative(cwd, file) || file)
      found++
    }
    if (found === 0)
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_INPUT',
        `${arg}: no results file under this folder (looked for .json files whose "schema" is one of ${[...schemas].map((s) => `"${s}"`).join(', ')})`,
      )
  }
  return inputs
}
