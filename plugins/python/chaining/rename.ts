/**
 * Renaming a task function for the prompt: the function becomes `task_N`, its chained parameter
 * `list_N`/`val_N`, and every `return <expr>` directly in it becomes `task_N_out = <expr>` then
 * `return task_N_out`, so the answer's name is visible in the code. Inside a class, `self` is
 * dropped from every method and `self.x` becomes `x` (`self.<method>` becomes `task_N`, which
 * keeps recursion working; a top-level function's calls to itself are renamed too). Edits are source ranges from the lezer tree, so the rest of the text
 * is untouched.
 *
 * Unlike the reference, the chained parameter is renamed inside nested defs and lambdas too:
 * renaming every occurrence in the function consistently keeps closures working (the reference
 * skips nested defs and would break a closure that reads the parameter). Keyword names at call
 * sites (`f(nums=…)`) are left alone because they name the callee's parameters.
 *
 * Reference: arbigraph-reference-harness.md §7.5 (steps 2 and 3).
 */
import type { SyntaxNode } from '@lezer/common'
import { enclosingClass, findFunction } from '../analysis/analyze-function.ts'
import { type ParsedPython, parsePython } from '../analysis/parse-python.ts'
import { lineIndent, type SourceEdit } from './source-edits.ts'
import { taskFunctionName, taskOutName } from './task-names.ts'

export interface RenameOptions {
  /** The task function (a method or top-level def). */
  functionName: string
  /** Task number N. */
  n: number
  /** The parameter that receives the chained value. */
  chainedParam: string
  /** Its new name, `list_N` or `val_N`. */
  localName: string
  label?: string
}

const SCOPES = new Set(['FunctionDefinition', 'LambdaExpression'])

/** Every descendant of `root` (pre-order), optionally not descending into some nodes. */
function descendants(root: SyntaxNode, skip?: (node: SyntaxNode) => boolean): SyntaxNode[] {
  const out: SyntaxNode[] = []
  const visit = (node: SyntaxNode) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      out.push(c)
      if (!skip?.(c)) visit(c)
    }
  }
  visit(root)
  return out
}

/** A keyword name at a call site: `VariableName AssignOp …` directly inside an `ArgList`. */
const isKeywordName = (node: SyntaxNode): boolean =>
  node.parent?.name === 'ArgList' && node.nextSibling?.name === 'AssignOp'

/** `self` removal and `self.x` rewrites for every method of the class. */
function classEdits(src: string, cls: SyntaxNode, o: RenameOptions): SourceEdit[] {
  const edits: SourceEdit[] = []
  for (const node of descendants(cls)) {
    if (node.name === 'ParamList' && node.parent?.name === 'FunctionDefinition') {
      const first = node.firstChild?.nextSibling
      if (first?.name === 'VariableName' && src.slice(first.from, first.to) === 'self') {
        const comma = first.nextSibling
        let end = first.to
        if (comma?.name === ',') {
          end = comma.to
          while (src[end] === ' ' || src[end] === '\t') end++
        }
        edits.push({ from: first.from, to: end, text: '' })
      }
    }
    if (node.name === 'MemberExpression') {
      const head = node.firstChild
      const dot = head?.nextSibling
      const prop = dot?.nextSibling
      if (
        head?.name === 'VariableName' &&
        src.slice(head.from, head.to) === 'self' &&
        dot?.name === '.' &&
        prop?.name === 'PropertyName'
      ) {
        const attr = src.slice(prop.from, prop.to)
        edits.push({
          from: head.from,
          to: prop.to,
          text: attr === o.functionName ? taskFunctionName(o.n) : attr,
        })
      }
    }
  }
  return edits
}

/** `return e` → `task_N_out = e` + `return task_N_out` (on a new line, or after `;` when inline). */
function returnEdits(src: string, fn: SyntaxNode, n: number): SourceEdit[] {
  const out = taskOutName(n)
  const edits: SourceEdit[] = []
  const body = fn.getChild('Body')
  if (!body) return edits
  for (const node of descendants(body, (c) => SCOPES.has(c.name))) {
    if (node.name !== 'ReturnStatement') continue
    const keyword = node.firstChild!
    const expr = keyword.nextSibling
    if (!expr) continue
    const indent = lineIndent(src, node.from)
    const startsLine =
      src.slice(node.from - indent.length, node.from) === indent &&
      (node.from - indent.length === 0 || src[node.from - indent.length - 1] === '\n')
    edits.push({ from: keyword.from, to: expr.from, text: `${out} = ` })
    edits.push({
      from: node.to,
      to: node.to,
      text: startsLine ? `\n${indent}return ${out}` : `; return ${out}`,
    })
  }
  return edits
}

/** A top-level function calls itself by name: those calls follow the rename to `task_N`. */
function recursionEdits(parsed: ParsedPython, nameNode: SyntaxNode, o: RenameOptions): SourceEdit[] {
  const edits: SourceEdit[] = []
  parsed.tree.iterate({
    enter(ref) {
      if (ref.name !== 'VariableName' || ref.from === nameNode.from) return
      if (parsed.source.slice(ref.from, ref.to) !== o.functionName || isKeywordName(ref.node)) return
      edits.push({ from: ref.from, to: ref.to, text: taskFunctionName(o.n) })
    },
  })
  return edits
}

/** The rename edits for the task function (and, in a class, for every method). */
export function renameEdits(parsed: ParsedPython, o: RenameOptions): SourceEdit[] {
  const src = parsed.source
  const fn = findFunction(parsed, o.functionName, o.label)
  const nameNode = fn.getChild('VariableName')!
  const edits: SourceEdit[] = [{ from: nameNode.from, to: nameNode.to, text: taskFunctionName(o.n) }]
  const cls = enclosingClass(src, fn)
  if (cls) edits.push(...classEdits(src, cls, o))
  else edits.push(...recursionEdits(parsed, nameNode, o))
  for (const node of descendants(fn)) {
    if (
      node.name === 'VariableName' &&
      src.slice(node.from, node.to) === o.chainedParam &&
      !isKeywordName(node)
    ) {
      edits.push({ from: node.from, to: node.to, text: o.localName })
    }
  }
  edits.push(...returnEdits(src, fn, o.n))
  return edits
}

/** Parses and returns the edits; a convenience for callers holding only text. */
export function renameEditsOf(source: string, o: RenameOptions): SourceEdit[] {
  return renameEdits(parsePython(source, o.label), o)
}
