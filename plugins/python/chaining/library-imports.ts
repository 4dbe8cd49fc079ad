/**
 * The import lines a task's code needs beyond `typing` and `math`. LeetCode solutions assume a
 * prelude of standard-library star imports (`Counter`, `inf`, `bisect_left`, …); the sandbox
 * gives task code only what the reference gives it (`from typing import *`, `import math`), so
 * the names the code reads but never binds are imported explicitly, in the shown code itself.
 * The code the model reads is then exactly the code that ran.
 *
 * Binding is detected syntactically (parameters, assignment and loop targets, `def`/`class`
 * names, imports): a name both bound and read is taken to be local, which at worst leaves an
 * import out, and the importer's run check then drops the function with the NameError.
 */
import type { SyntaxNode } from '@lezer/common'
import type { ParsedPython } from '../analysis/parse-python.ts'

/** Standard-library names LeetCode solutions use unqualified, by module. */
const MODULE_NAMES: Record<string, readonly string[]> = {
  bisect: ['bisect', 'bisect_left', 'bisect_right', 'insort', 'insort_left', 'insort_right'],
  collections: ['ChainMap', 'Counter', 'OrderedDict', 'defaultdict', 'deque', 'namedtuple'],
  functools: ['cache', 'cmp_to_key', 'lru_cache', 'partial', 'reduce'],
  heapq: ['heapify', 'heappop', 'heappush', 'heappushpop', 'heapreplace', 'nlargest', 'nsmallest'],
  itertools: [
    'accumulate',
    'chain',
    'combinations',
    'combinations_with_replacement',
    'compress',
    'count',
    'cycle',
    'dropwhile',
    'filterfalse',
    'groupby',
    'islice',
    'pairwise',
    'permutations',
    'product',
    'repeat',
    'starmap',
    'takewhile',
    'tee',
    'zip_longest',
  ],
  math: [
    'ceil',
    'comb',
    'e',
    'factorial',
    'floor',
    'gcd',
    'hypot',
    'inf',
    'isqrt',
    'lcm',
    'log',
    'log10',
    'log2',
    'perm',
    'pi',
    'prod',
    'sqrt',
    'trunc',
  ],
  operator: ['add', 'and_', 'itemgetter', 'mul', 'or_', 'sub', 'xor'],
  string: ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits'],
}

const MODULE_OF = new Map(
  Object.entries(MODULE_NAMES).flatMap(([module, names]) => names.map((name) => [name, module] as const)),
)

/** True when this VariableName node binds its name rather than reading it. */
function binds(node: SyntaxNode): boolean {
  let up = node.parent
  // `a, b = …` and `for i, x in …` put the targets in a tuple or directly in the statement.
  while (up && (up.name === 'TupleExpression' || up.name === 'ParenthesizedExpression')) up = up.parent
  if (!up) return false
  switch (up.name) {
    case 'ParamList':
    case 'FunctionDefinition':
    case 'ClassDefinition':
    case 'ImportStatement':
      return true
    case 'AssignStatement':
    case 'UpdateStatement': {
      for (let s = node.nextSibling; s; s = s.nextSibling)
        if (s.name === 'AssignOp' || s.name === 'UpdateOp') return true
      let top: SyntaxNode = node
      while (top.parent && top.parent !== up) top = top.parent
      for (let s = top.nextSibling; s; s = s.nextSibling) if (s.name === 'AssignOp') return true
      return false
    }
    default: {
      // `for x in`, `… as x`: the name sits between `for` and `in`, or right after `as`.
      const prev = node.prevSibling
      if (prev?.name === 'as') return true
      for (let s = node.nextSibling; s; s = s.nextSibling) {
        if (s.name === 'in') return [...siblingsBefore(node)].some((p) => p.name === 'for')
        if (s.name === 'for' || s.name === ':') break
      }
      return false
    }
  }
}

function* siblingsBefore(node: SyntaxNode): Generator<SyntaxNode> {
  for (let s = node.prevSibling; s; s = s.prevSibling) yield s
}

/**
 * The import lines (`from collections import Counter, deque`) for the library names `parsed`
 * reads without binding, sorted by module.
 * @example libraryImports(parsePython('def f(xs):\n    return Counter(xs)\n')) // ['from collections import Counter']
 */
export function libraryImports(parsed: ParsedPython): string[] {
  const read = new Set<string>()
  const bound = new Set<string>()
  parsed.tree.iterate({
    enter(ref) {
      if (ref.name !== 'VariableName') return
      const name = parsed.source.slice(ref.from, ref.to)
      if (!MODULE_OF.has(name)) return
      if (binds(ref.node)) bound.add(name)
      else read.add(name)
    },
  })
  const byModule = new Map<string, string[]>()
  for (const name of [...read].filter((n) => !bound.has(n)).sort()) {
    const module = MODULE_OF.get(name)!
    byModule.set(module, [...(byModule.get(module) ?? []), name])
  }
  return [...byModule.keys()]
    .sort()
    .map((module) => `from ${module} import ${byModule.get(module)!.join(', ')}`)
}
