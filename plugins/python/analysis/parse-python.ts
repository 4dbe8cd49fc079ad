/**
 * Parsing Python with @lezer/python, made strict. The lezer tree is error-tolerant: it never
 * throws and marks what it could not read with error nodes. A task's code must be valid Python,
 * so any error node rejects the source, with the line and column where the first one starts.
 *
 * Reference: runtime-options.md §2 (syntax errors never throw; check `node.type.isError`).
 */
import { createRequire } from 'node:module'
import type { SyntaxNode, Tree } from '@lezer/common'
import { ArbigraphError } from '../../../src/errors.ts'

type PythonParser = typeof import('@lezer/python')['parser']

let loaded: PythonParser | undefined

/**
 * The Python grammar, loaded on the first parse: the built-ins' registration imports this module
 * in every Vitest process of a run (the config's and each worker's), and most runs parse no
 * Python. `require` (the package's CommonJS build, the same grammar) because a parse is
 * synchronous; nothing else loads lezer at run time, so there is no second copy to mix with.
 */
function parser(): PythonParser {
  loaded ??= (createRequire(import.meta.url)('@lezer/python') as typeof import('@lezer/python')).parser
  return loaded
}

/** A parsed source: its text and its concrete syntax tree. */
export interface ParsedPython {
  source: string
  tree: Tree
}

/**
 * 1-based line and column of a character offset.
 * @example lineColumn('a\nbc', 3) // { line: 2, column: 2 }
 */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - (before.lastIndexOf('\n') + 1) + 1
  return { line, column }
}

/**
 * Parses `source`; throws ARBIGRAPH_BAD_INPUT naming `label` and the first error's line:col.
 * @example parsePython('def f(x):\n    return x\n', 'f.py').tree.topNode.name // 'Script'
 */
export function parsePython(source: string, label = 'python source'): ParsedPython {
  const tree = parser().parse(source)
  let error: number | undefined
  tree.iterate({
    enter(node) {
      if (error !== undefined) return false
      if (node.type.isError) {
        error = node.from
        return false
      }
      return undefined
    },
  })
  if (error !== undefined) {
    const { line, column } = lineColumn(source, error)
    const text = source.split('\n')[line - 1] ?? ''
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_INPUT',
      `${label}:${line}:${column}: Python syntax error near "${text.trim().slice(0, 60)}"; fix the source so it parses`,
    )
  }
  return { source, tree }
}

/** The source text a node covers. */
export const nodeText = (source: string, node: SyntaxNode): string => source.slice(node.from, node.to)

/** The direct children of a node, in order. */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = []
  for (let child = node.firstChild; child; child = child.nextSibling) out.push(child)
  return out
}
