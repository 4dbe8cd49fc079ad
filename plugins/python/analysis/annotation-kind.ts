/**
 * Classifies a type annotation as a list or a scalar, the way the reference's analysis does:
 * `list[...]`/`List[...]` is a list; `tuple[...]`/`Tuple[...]` is a list when any element is;
 * everything else (a bare name, `Optional[...]`, a string annotation, no annotation) is a scalar.
 *
 * Reference: arbigraph-reference-harness.md §7.2.
 */
import type { SyntaxNode } from '@lezer/common'
import type { Kind } from '../../../src/values.ts'
import { childrenOf, nodeText } from './parse-python.ts'

const LIST_NAMES = new Set(['list', 'List'])
const TUPLE_NAMES = new Set(['tuple', 'Tuple'])

/**
 * The kind of an annotation expression node (the child of a `TypeDef`), or `scalar` when absent.
 * @example annotationKind(src, typeDefNode.lastChild) // 'list' for `List[int]`
 */
export function annotationKind(source: string, node: SyntaxNode | null | undefined): Kind {
  if (node?.name !== 'MemberExpression') return 'scalar'
  const parts = childrenOf(node)
  const head = parts[0]
  if (head?.name !== 'VariableName' || parts[1]?.name !== '[') return 'scalar'
  const name = nodeText(source, head)
  if (LIST_NAMES.has(name)) return 'list'
  if (TUPLE_NAMES.has(name)) {
    return parts.slice(2).some((part) => annotationKind(source, part) === 'list') ? 'list' : 'scalar'
  }
  return 'scalar'
}
