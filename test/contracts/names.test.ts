/**
 * The names `defineSuite` takes are types (src/contracts/names.ts): fixtures compiled by tsc (its
 * compiler API, with `arbigraph` and `arbigraph/vitest` mapped to this checkout's entry points, as
 * a user's project resolves them to the installed package) fail on a misspelt name and pass with
 * every built-in name and with a name the project declares.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { builtins } from '../../plugins/builtins.ts'

const repo = join(import.meta.dirname, '../..')

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  types: ['node'],
  typeRoots: [join(repo, 'node_modules/@types')],
  paths: { arbigraph: [join(repo, 'index.ts')], 'arbigraph/vitest': [join(repo, 'vitest.ts')] },
}

/**
 * The parsed files every fixture's program reads (the checkout's sources, Node's and the language's
 * declarations), parsed once: a parsed file holds no program's view of another (augmentations are
 * merged by each program's own checker), as a language service shares them between its programs.
 */
const parsed = new Map<string, ts.SourceFile | undefined>()

/** tsc's messages for one fixture file, compiled alone (a declaration in one must not reach another). */
function typeErrors(source: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-names-'))
  const file = join(dir, 'suite.ts')
  writeFileSync(file, source)
  const host = ts.createCompilerHost(options)
  const parse = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, onError, fresh) => {
    if (name === file) return parse(name, language, onError, fresh)
    if (!parsed.has(name)) parsed.set(name, parse(name, language, onError, fresh))
    return parsed.get(name)
  }
  // A program of its own each time: one reused from another fixture kept that one's view of the
  // augmented module (its declarations went missing).
  const program = ts.createProgram([file], options, host)
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('names in defineSuite are types', () => {
  it('every built-in topology and category type-checks', () => {
    const calls = builtins.topologies.flatMap((topology) =>
      builtins.categories.map(
        (category) => `defineSuite({ topology: '${topology.name}', categories: ['${category.name}'] })`,
      ),
    )
    expect(calls.length).toBeGreaterThan(10)
    const source = `import { defineSuite } from 'arbigraph/vitest'\n${calls.join('\n')}\n`
    expect(typeErrors(source)).toEqual([])
  }, 300_000)

  it('a misspelt topology, category or harness fails tsc, naming the name', () => {
    const errors = typeErrors(`import { defineSuite } from 'arbigraph/vitest'
defineSuite({ topology: 'chian', category: 'math' })
defineSuite({ topology: 'chain', categories: ['maht'] })
defineSuite({ topology: 'chain', category: 'math', harness: 'tool-agnet' })
`)
    expect(errors).toHaveLength(3)
    expect(errors[0]).toContain(`Type '"chian"' is not assignable to type 'TopologyName'`)
    expect(errors[1]).toContain(`Type '"maht"' is not assignable to type 'CategoryName'`)
    expect(errors[2]).toContain(`Type '"tool-agnet"' is not assignable to type`)
  }, 300_000)

  it("a project's own names type-check once declared, and an agent's URL always", () => {
    // As in the arbigraph.config.ts that init writes, which imports from 'arbigraph' (a module
    // augmentation names a module the program resolves).
    const source = `import type { TaskTemplate } from 'arbigraph'
import { defineSuite } from 'arbigraph/vitest'
declare module 'arbigraph' {
  interface RegisteredCategories { tripling: true }
  interface RegisteredTopologies { ring: true }
  interface RegisteredHarnesses { 'my-agent': true }
}
defineSuite({ topology: 'ring', categories: ['tripling', 'math'], harness: 'my-agent' })
defineSuite({ topology: 'chain', category: 'tripling', harness: 'http://127.0.0.1:8700/case' })
`
    expect(typeErrors(source)).toEqual([])
    // Undeclared, the same names fail.
    expect(typeErrors(source.replace(/declare module[\s\S]*?\n}\n/, ''))).toHaveLength(4)
  }, 300_000)
})
