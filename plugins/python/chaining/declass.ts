/**
 * De-classing: the `class Solution:` wrapper is dropped and its body de-indented by its own
 * indentation, so the methods become top-level functions. Blank lines are kept; lines outside the
 * class (helper classes, imports) are kept as they are, which the reference drops (none of its
 * functions has any). Run after renaming, which already removed `self`.
 *
 * Reference: arbigraph-reference-harness.md §7.5 (step 4).
 */
import type { SyntaxNode } from '@lezer/common'
import { enclosingClass, findFunction } from '../analysis/analyze-function.ts'
import { parsePython } from '../analysis/parse-python.ts'

/** Removes up to `width` leading whitespace characters. */
const dedent = (line: string, width: number): string => {
  let cut = 0
  while (cut < width && (line[cut] === ' ' || line[cut] === '\t')) cut++
  return line.slice(cut)
}

/** Source of a class with its header line removed and its body de-indented. */
function unwrapClass(source: string, cls: SyntaxNode): string {
  const body = cls.getChild('Body')!
  // The header ends at the body's ':' and whatever follows it on that line (a comment).
  const headerEnd = source.indexOf('\n', body.from)
  const bodyText = headerEnd < 0 ? '' : source.slice(headerEnd + 1, cls.to)
  const lines = bodyText.split('\n')
  const first = lines.find((line) => line.trim() !== '' && !line.trim().startsWith('#')) ?? ''
  const width = /^[ \t]*/.exec(first)![0].length
  return lines.map((line) => dedent(line, width)).join('\n')
}

/**
 * Unwraps the class around `functionName`, if any; the result ends with one newline.
 * @example declass('class S:\n    def f(x):\n        return x\n', 'f') // 'def f(x):\n    return x\n'
 */
export function declass(source: string, functionName: string, label?: string): string {
  const parsed = parsePython(source, label)
  const fn = findFunction(parsed, functionName, label)
  const cls = enclosingClass(source, fn)
  const text = cls ? source.slice(0, cls.from) + unwrapClass(source, cls) + source.slice(cls.to) : source
  return `${text.replace(/^\s*\n/, '').trimEnd()}\n`
}
