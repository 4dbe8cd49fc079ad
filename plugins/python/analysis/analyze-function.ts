/**
 * Signature analysis of a task function: its name, enclosing class, positional parameters (minus
 * a leading `self`) with their annotations and kinds, and its return kind. Keyword-only, `*args`
 * and `**kwargs` parameters are not inputs, as in the reference. A function's input kind is list
 * when any parameter is a list, else scalar.
 *
 * Reference: arbigraph-reference-harness.md §7.2 (`extract_function_info`).
 */
import type { SyntaxNode } from '@lezer/common'
import { ArbigraphError } from '../../../src/errors.ts'
import type { Kind } from '../../../src/values.ts'
import { annotationKind } from './annotation-kind.ts'
import { type ParsedPython, parsePython } from './parse-python.ts'

/** One positional parameter. */
export interface PythonParam {
  name: string
  /** Annotation source text, or null when unannotated. */
  annotation: string | null
  kind: Kind
  /** Default value source text, or null. */
  default: string | null
}

/** What the generator needs to know about a function. */
export interface FunctionInfo {
  name: string
  /** The enclosing class (`Solution`), or null for a top-level function. */
  className: string | null
  params: PythonParam[]
  returnAnnotation: string | null
  outputKind: Kind
  /** `list` if any parameter is a list, else `scalar` (§7.2). */
  inputKind: Kind
  hasListIn: boolean
  hasScalarIn: boolean
}

const FUNCTION_NODES = new Set(['FunctionDefinition', 'LambdaExpression'])

/** True when `node` sits inside another function (a nested def is never the task). */
function isNested(node: SyntaxNode): boolean {
  for (let up = node.parent; up; up = up.parent) if (FUNCTION_NODES.has(up.name)) return true
  return false
}

/**
 * The task's `FunctionDefinition`: the first top-level or method def named `name`, or the first
 * def in document order when no name is given. Throws ARBIGRAPH_BAD_INPUT when there is none.
 * @example findFunction(parsePython(src), 'maxProfit').name // 'FunctionDefinition'
 */
export function findFunction(parsed: ParsedPython, name?: string, label = 'python source'): SyntaxNode {
  let found: SyntaxNode | undefined
  parsed.tree.iterate({
    enter(ref) {
      if (found) return false
      if (ref.name !== 'FunctionDefinition') return undefined
      const defName = ref.node.getChild('VariableName')
      const text = defName ? parsed.source.slice(defName.from, defName.to) : ''
      if ((name === undefined || text === name) && !isNested(ref.node)) found = ref.node
      return undefined
    },
  })
  if (!found) {
    const what = name === undefined ? 'no function definition' : `no function or method named "${name}"`
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${label}: ${what}; a task needs one typed function`)
  }
  return found
}

/** The enclosing class name of a def, or null. */
export function enclosingClass(_source: string, fn: SyntaxNode): SyntaxNode | null {
  for (let up = fn.parent; up; up = up.parent) {
    if (up.name === 'ClassDefinition') return up
    if (FUNCTION_NODES.has(up.name)) return null
  }
  return null
}

/** Positional parameters of a `ParamList`, with their name nodes, stopping at `*`, `**` or `/`-less end. */
export function positionalParams(source: string, fn: SyntaxNode): { param: PythonParam; node: SyntaxNode }[] {
  const list = fn.getChild('ParamList')
  const out: { param: PythonParam; node: SyntaxNode }[] = []
  if (!list) return out
  let current: { param: PythonParam; node: SyntaxNode } | undefined
  let wantDefault = false
  for (let c = list.firstChild; c; c = c.nextSibling) {
    if (wantDefault) {
      if (current) current.param.default = source.slice(c.from, c.to)
      wantDefault = false
      continue
    }
    if (c.name === '*' || c.name === '**') break
    if (c.name === 'VariableName') {
      current = {
        param: { name: source.slice(c.from, c.to), annotation: null, kind: 'scalar', default: null },
        node: c,
      }
      out.push(current)
    } else if (c.name === 'TypeDef' && current) {
      const expr = c.lastChild
      current.param.annotation = expr ? source.slice(expr.from, expr.to) : null
      current.param.kind = annotationKind(source, expr)
    } else if (c.name === 'AssignOp') wantDefault = true
  }
  return out
}

/** The return annotation's expression node: a `TypeDef` child of the def with no `:` token. */
export function returnAnnotationNode(fn: SyntaxNode): SyntaxNode | null {
  const typeDef = fn.getChild('TypeDef')
  return typeDef ? typeDef.lastChild : null
}

/**
 * Analyzes the task function of `source` (parsed strictly: error nodes are rejected).
 * @example analyzeFunction('def f(xs: List[int], k: int) -> int:\n    return k\n').inputKind // 'list'
 */
export function analyzeFunction(
  source: string,
  options: { name?: string; label?: string } = {},
): FunctionInfo {
  const label = options.label ?? 'python source'
  const parsed = parsePython(source, label)
  const fn = findFunction(parsed, options.name, label)
  return describeFunction(source, fn)
}

/** The FunctionInfo of an already located def. */
export function describeFunction(source: string, fn: SyntaxNode): FunctionInfo {
  const nameNode = fn.getChild('VariableName')!
  const cls = enclosingClass(source, fn)
  const clsName = cls?.getChild('VariableName')
  let params = positionalParams(source, fn).map((p) => p.param)
  if (params[0]?.name === 'self') params = params.slice(1)
  const ret = returnAnnotationNode(fn)
  const hasListIn = params.some((p) => p.kind === 'list')
  return {
    name: source.slice(nameNode.from, nameNode.to),
    className: clsName ? source.slice(clsName.from, clsName.to) : null,
    params,
    returnAnnotation: ret ? source.slice(ret.from, ret.to) : null,
    outputKind: annotationKind(source, ret),
    inputKind: hasListIn ? 'list' : 'scalar',
    hasListIn,
    hasScalarIn: params.some((p) => p.kind === 'scalar'),
  }
}
