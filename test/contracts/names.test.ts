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

/**
 * tsc's messages for each of `sources`, compiled together as files of one program. Only fixtures
 * that declare nothing share a program: a module augmentation in one would reach the others. Each
 * program type-checks the checkout's sources anew (the files' checker is the program's), so the
 * fixtures that can share one do.
 */
function typeErrorsOfEach(sources: string[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-names-'))
  const files = sources.map((source, i) => {
    const file = join(dir, `suite-${i}.ts`)
    writeFileSync(file, source)
    return file
  })
  const host = ts.createCompilerHost(options)
  const parse = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, onError, fresh) => {
    if (files.includes(name)) return parse(name, language, onError, fresh)
    if (!parsed.has(name)) parsed.set(name, parse(name, language, onError, fresh))
    return parsed.get(name)
  }
  // A program of its own each time: one reused from another fixture kept that one's view of the
  // augmented module (its declarations went missing).
  const program = ts.createProgram(files, options, host)
  return files.map((file) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  )
}

/** tsc's messages for one fixture file, compiled alone (a declaration in one must not reach another). */
const typeErrors = (source: string): string[] => typeErrorsOfEach([source])[0]!

/** Every built-in topology with every built-in category. */
const builtinCalls = builtins.topologies.flatMap((topology) =>
  builtins.categories.map(
    (category) => `defineSuite({ topology: '${topology.name}', categories: ['${category.name}'] })`,
  ),
)

const BUILTIN_NAMES = `import { defineSuite } from 'arbigraph/vitest'\n${builtinCalls.join('\n')}\n`

const MISSPELT = `import { defineSuite } from 'arbigraph/vitest'
defineSuite({ topology: 'chian', category: 'math' })
defineSuite({ topology: 'chain', categories: ['maht'] })
defineSuite({ topology: 'chain', category: 'math', harness: 'tool-agnet' })
`

// As in the arbigraph.config.ts that init writes, which imports from 'arbigraph' (a module
// augmentation names a module the program resolves).
const DECLARED = `import type { TaskTemplate } from 'arbigraph'
import { defineSuite } from 'arbigraph/vitest'
declare module 'arbigraph' {
  interface RegisteredCategories { tripling: true }
  interface RegisteredTopologies { ring: true }
  interface RegisteredHarnesses { 'my-agent': true }
}
defineSuite({ topology: 'ring', categories: ['tripling', 'math'], harness: 'my-agent' })
defineSuite({ topology: 'chain', category: 'tripling', harness: 'http://127.0.0.1:8700/case' })
`

/** The same names, undeclared. */
const UNDECLARED = DECLARED.replace(/declare module[\s\S]*?\n}\n/, '')

/** The fixtures that declare nothing, compiled once together (by the first test that asks). */
let undeclaredErrors: Map<string, string[]> | undefined
const errorsOf = (source: string): string[] => {
  const sources = [BUILTIN_NAMES, MISSPELT, UNDECLARED]
  undeclaredErrors ??= new Map(typeErrorsOfEach(sources).map((errors, i) => [sources[i]!, errors]))
  return undeclaredErrors.get(source)!
}

describe('names in defineSuite are types', () => {
  it('every built-in topology and category type-checks', () => {
    expect(builtinCalls.length).toBeGreaterThan(10)
    expect(errorsOf(BUILTIN_NAMES)).toEqual([])
  }, 300_000)

  it('a misspelt topology, category or harness fails tsc, naming the name', () => {
    const errors = errorsOf(MISSPELT)
    expect(errors).toHaveLength(3)
    expect(errors[0]).toContain(`Type '"chian"' is not assignable to type 'TopologyName'`)
    expect(errors[1]).toContain(`Type '"maht"' is not assignable to type 'CategoryName'`)
    expect(errors[2]).toContain(`Type '"tool-agnet"' is not assignable to type`)
  }, 300_000)

  it("a project's own names type-check once declared, and an agent's URL always", () => {
    expect(UNDECLARED).not.toBe(DECLARED)
    expect(typeErrors(DECLARED)).toEqual([])
    // Undeclared, the same names fail.
    expect(errorsOf(UNDECLARED)).toHaveLength(4)
  }, 300_000)
})
