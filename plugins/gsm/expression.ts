/**
 * The expression language of GSM templates: the subset of Python that `#conditions`, `#answer`
 * and domain arguments use (arithmetic, comparisons, `and`/`or`/`not`, `x if c else y`, calls,
 * attributes such as `math.floor`, subscripts, list and tuple literals), parsed into a small AST.
 * Nothing is ever handed to a host `eval`: the AST is interpreted by `evaluate.ts`.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (expressions are Python).
 */

export type Expr =
  | { t: 'num'; text: string }
  | { t: 'str'; value: string }
  | { t: 'name'; id: string }
  | { t: 'attr'; obj: Expr; name: string }
  | { t: 'call'; fn: Expr; args: Expr[] }
  | { t: 'sub'; obj: Expr; index: Expr }
  | { t: 'bin'; op: string; left: Expr; right: Expr }
  | { t: 'unary'; op: '-' | '+'; operand: Expr }
  | { t: 'not'; operand: Expr }
  | { t: 'bool'; op: 'and' | 'or'; left: Expr; right: Expr }
  | { t: 'cmp'; first: Expr; rest: [string, Expr][] }
  | { t: 'if'; test: Expr; then: Expr; else: Expr }
  | { t: 'list'; items: Expr[] }

type Token = { k: 'num' | 'str' | 'name' | 'op' | 'end'; v: string; at: number }

const TOKEN =
  /\s*(?:(\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+(?:[eE][+-]?\d+)?)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|([A-Za-z_]\w*)|(\*\*|\/\/|==|!=|<=|>=|[-+*/%<>()[\],.:]))/y

function tokenize(src: string): Token[] {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  let at = 0
  while (at < src.length) {
    if (/^\s*$/.test(src.slice(at))) break
    TOKEN.lastIndex = at
    const m = TOKEN.exec(src)
    if (!m) throw new SyntaxError(`unexpected character "${src.slice(at).trim()[0]}" at ${at} in "${src}"`)
    const start = m.index + m[0].length - (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').length
    if (m[1] !== undefined) tokens.push({ k: 'num', v: m[1], at: start })
    else if (m[2] !== undefined)
      tokens.push({ k: 'str', v: m[2].slice(1, -1).replace(/\\(.)/g, '$1'), at: start })
    else if (m[3] !== undefined) tokens.push({ k: 'name', v: m[3], at: start })
    else tokens.push({ k: 'op', v: m[4]!, at: start })
    at = TOKEN.lastIndex
  }
  tokens.push({ k: 'end', v: '', at: src.length })
  return tokens
}

const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!='])

/** A recursive-descent parser following Python's precedence table. */
class Parser {
  private i = 0
  constructor(
    private readonly tokens: Token[],
    private readonly src: string,
  ) {}
  private peek = (): Token => this.tokens[this.i]!
  private next = (): Token => this.tokens[this.i++]!
  private isOp = (v: string) => this.peek().k === 'op' && this.peek().v === v
  private isWord = (v: string) => this.peek().k === 'name' && this.peek().v === v
  private expect(v: string): void {
    const tok = this.next()
    if (tok.v !== v) throw new SyntaxError(`expected "${v}" at ${tok.at} in "${this.src}", got "${tok.v}"`)
  }
  done(): void {
    if (this.peek().k !== 'end')
      throw new SyntaxError(`unexpected "${this.peek().v}" at ${this.peek().at} in "${this.src}"`)
  }
  ternary(): Expr {
    const then = this.or()
    if (!this.isWord('if')) return then
    this.next()
    const test = this.or()
    if (!this.isWord('else')) throw new SyntaxError(`expected "else" in "${this.src}"`)
    this.next()
    return { t: 'if', test, then, else: this.ternary() }
  }
  private or(): Expr {
    let left = this.and()
    while (this.isWord('or')) {
      this.next()
      left = { t: 'bool', op: 'or', left, right: this.and() }
    }
    return left
  }
  private and(): Expr {
    let left = this.not()
    while (this.isWord('and')) {
      this.next()
      left = { t: 'bool', op: 'and', left, right: this.not() }
    }
    return left
  }
  private not(): Expr {
    if (!this.isWord('not')) return this.comparison()
    this.next()
    return { t: 'not', operand: this.not() }
  }
  private comparison(): Expr {
    const first = this.sum()
    const rest: [string, Expr][] = []
    for (;;) {
      const tok = this.peek()
      if (tok.k === 'op' && COMPARISONS.has(tok.v)) rest.push([this.next().v, this.sum()])
      else if (this.isWord('in')) {
        this.next()
        rest.push(['in', this.sum()])
      } else if (this.isWord('not') && this.tokens[this.i + 1]?.v === 'in') {
        this.i += 2
        rest.push(['not in', this.sum()])
      } else break
    }
    return rest.length === 0 ? first : { t: 'cmp', first, rest }
  }
  private sum(): Expr {
    let left = this.term()
    while (this.isOp('+') || this.isOp('-')) left = { t: 'bin', op: this.next().v, left, right: this.term() }
    return left
  }
  private term(): Expr {
    let left = this.unary()
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%'))
      left = { t: 'bin', op: this.next().v, left, right: this.unary() }
    return left
  }
  private unary(): Expr {
    if (this.isOp('-') || this.isOp('+')) {
      const op = this.next().v as '-' | '+'
      return { t: 'unary', op, operand: this.unary() }
    }
    return this.power()
  }
  private power(): Expr {
    const base = this.postfix()
    if (!this.isOp('**')) return base
    this.next()
    return { t: 'bin', op: '**', left: base, right: this.unary() }
  }
  private postfix(): Expr {
    let e = this.atom()
    for (;;) {
      if (this.isOp('(')) {
        this.next()
        e = { t: 'call', fn: e, args: this.items(')') }
      } else if (this.isOp('[')) {
        this.next()
        if (this.hasSliceAhead()) throw new SyntaxError(`slices are not supported in "${this.src}"`)
        const index = this.ternary()
        this.expect(']')
        e = { t: 'sub', obj: e, index }
      } else if (this.isOp('.')) {
        this.next()
        const name = this.next()
        if (name.k !== 'name') throw new SyntaxError(`expected an attribute name in "${this.src}"`)
        e = { t: 'attr', obj: e, name: name.v }
      } else return e
    }
  }
  /** True when a `:` comes before the `]` that closes the current subscript. */
  private hasSliceAhead(): boolean {
    let depth = 0
    for (let j = this.i; j < this.tokens.length; j++) {
      const v = this.tokens[j]!.v
      if (v === '[' || v === '(') depth++
      else if (v === ']' || v === ')') {
        if (depth === 0) return false
        depth--
      } else if (v === ':' && depth === 0) return true
    }
    return false
  }
  private items(close: string): Expr[] {
    const items: Expr[] = []
    while (!this.isOp(close)) {
      items.push(this.ternary())
      if (!this.isOp(close)) this.expect(',')
    }
    this.next()
    return items
  }
  private atom(): Expr {
    const tok = this.next()
    if (tok.k === 'num') return { t: 'num', text: tok.v }
    if (tok.k === 'str') return { t: 'str', value: tok.v }
    if (tok.k === 'name') return { t: 'name', id: tok.v }
    if (tok.v === '(') {
      const items = this.items(')')
      return items.length === 1 ? items[0]! : { t: 'list', items }
    }
    if (tok.v === '[') return { t: 'list', items: this.items(']') }
    throw new SyntaxError(`unexpected "${tok.v || 'end of input'}" at ${tok.at} in "${this.src}"`)
  }
}

/**
 * Parses one Python expression.
 * @example parseExpression('d * (n * (100 - p) / 100)').t // 'bin'
 */
export function parseExpression(src: string): Expr {
  const parser = new Parser(tokenize(src), src)
  const expr = parser.ternary()
  parser.done()
  return expr
}

/**
 * Arithmetic operations in an expression: binary operators plus two-argument `Fraction(a, b)`
 * calls (the reference's selection criterion counts exactly these).
 * @example countOperations(parseExpression('d * (n * (100 - p) / 100)')) // 4
 */
export function countOperations(e: Expr): number {
  switch (e.t) {
    case 'bin':
      return 1 + countOperations(e.left) + countOperations(e.right)
    case 'call': {
      const fraction = e.fn.t === 'name' && e.fn.id === 'Fraction' && e.args.length === 2 ? 1 : 0
      return fraction + e.args.reduce((s, a) => s + countOperations(a), 0)
    }
    case 'unary':
    case 'not':
      return countOperations(e.operand)
    case 'bool':
      return countOperations(e.left) + countOperations(e.right)
    case 'cmp':
      return countOperations(e.first) + e.rest.reduce((s, [, x]) => s + countOperations(x), 0)
    case 'if':
      return countOperations(e.test) + countOperations(e.then) + countOperations(e.else)
    case 'list':
      return e.items.reduce((s, x) => s + countOperations(x), 0)
    case 'sub':
      return countOperations(e.obj) + countOperations(e.index)
    case 'attr':
      return countOperations(e.obj)
    default:
      return 0
  }
}
