/**
 * The house's one-way rule: `src/` (the engine) never reaches into `plugins/` (the built-ins);
 * the entry points at the package root hand the built-ins over (use-builtins.ts). Every file
 * under src/ is scanned for each way a module can name another: static `import … from` and
 * `export … from`, `import()`, `require()`, `import.meta.resolve()` and `new URL(…)`, with any
 * string that points into plugins/.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = join(import.meta.dirname, '../..')
const src = join(repo, 'src')

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.(c|m)?[jt]s$/.test(entry.name)) yield path
  }
}

/** A quoted string that names something under plugins/ (`../../plugins/x`, `/plugins/`, `plugins/x`). */
const PLUGIN_PATH = /(['"`])(?:(?:\.\.?\/)+|[^'"`\n]*\/)?plugins(?:\/[^'"`\n]*)?\1/

/** Each construct that names a module, capturing its argument text. */
const MODULE_REFERENCES = [
  /\b(?:import|export)\b[^;'"`]*?\bfrom\s*(['"`][^'"`\n]*['"`])/g,
  /\bimport\s*(['"`][^'"`\n]*['"`])/g,
  /\bimport\s*\(\s*([^)]*)\)/g,
  /\brequire(?:\.resolve)?\s*\(\s*([^)]*)\)/g,
  /\bimport\.meta\.resolve\s*\(\s*([^)]*)\)/g,
  /\bnew\s+URL\s*\(\s*([^)]*)\)/g,
]

/**
 * The module references in `text` that point into plugins/, with their line numbers.
 * @example pluginReferences("import { x } from '../../plugins/math/index.ts'") // ['1: …']
 */
function pluginReferences(text: string): string[] {
  const found: string[] = []
  for (const pattern of MODULE_REFERENCES) {
    for (const match of text.matchAll(pattern)) {
      if (!PLUGIN_PATH.test(match[1]!)) continue
      const line = text.slice(0, match.index).split('\n').length
      found.push(`${line}: ${match[0].replace(/\s+/g, ' ').slice(0, 120)}`)
    }
  }
  return found
}

describe('no module under src/ imports a plugin', () => {
  it('the scan catches every form of reference (and ignores prose)', () => {
    const forms = [
      "import { math } from '../../plugins/math/index.ts'",
      "import type { X } from '../plugins/x.ts'",
      "export { y } from '../../../plugins/y.ts'",
      "import '../plugins/side-effect.ts'",
      "const m = await import('../../plugins/index.ts')",
      // A template literal with a placeholder: `../../plugins/${name}.ts`.
      `const m = await import(\`../../plugins/\${name}.ts\`)`,
      "const r = require('../plugins/x.cjs')",
      "const p = require.resolve('../plugins/x.cjs')",
      "const u = new URL('../../plugins/python/child.mjs', import.meta.url)",
      "const v = import.meta.resolve('../plugins/x.js')",
    ]
    for (const form of forms) expect(pluginReferences(form), form).toHaveLength(1)
    expect(pluginReferences('// the built-in plugins (plugins/index.ts) are registered elsewhere')).toEqual(
      [],
    )
    expect(pluginReferences("import { createRegistry } from './registry.ts'")).toEqual([])
    expect(pluginReferences("import { x } from './user-plugins.ts'")).toEqual([])
  })

  it('src/ has none', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(src)) {
      const name = relative(repo, file)
      offenders.push(...pluginReferences(readFileSync(file, 'utf8')).map((r) => `${name}:${r}`))
    }
    expect(offenders, `src/ must not import plugins/:\n${offenders.join('\n')}`).toEqual([])
  })
})
