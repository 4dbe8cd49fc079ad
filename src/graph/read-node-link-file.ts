/**
 * Loads a task-graph file for the `dag` topology: reads it, parses the JSON and validates it as a
 * skeleton, with every message naming the file. Returns the parsed JSON (what the topology's
 * `graph` option takes, so a run's options stay plain data) together with the skeleton.
 */
import { readFileSync } from 'node:fs'
import type { Skeleton } from '../contracts/skeleton.ts'
import { ArbigraphError } from '../errors.ts'
import { type ImportNodeLinkOptions, importNodeLink } from './import-node-link.ts'

/** Line and column of a character offset, for JSON syntax errors. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n')
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`
}

/**
 * @example const { json } = readNodeLinkFile('examples/graphs/pick-pack.json'); dag.build({ graph: json }, rng)
 */
export function readNodeLinkFile(
  path: string,
  options: Omit<ImportNodeLinkOptions, 'source'> = {},
): { json: unknown; skeleton: Skeleton } {
  const source = `graph file "${path}"`
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `graph/readNodeLinkFile: cannot read ${source}: ${reason}`,
      { cause: error },
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const where = position ? ` at ${lineColumn(text, Number(position[1]))}` : ''
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_GRAPH',
      `graph/readNodeLinkFile: ${source} is not valid JSON${where}: ${message}`,
      { cause: error },
    )
  }
  return { json, skeleton: importNodeLink(json, { ...options, source }) }
}
