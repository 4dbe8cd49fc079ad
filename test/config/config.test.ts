import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { math } from '../../plugins/math/index.ts'
import { defineConfig, loadConfig, loadRegistry, resolveConfig } from '../../src/config.ts'
import { getCategory, getTopology } from '../../src/registry.ts'
import { rejection } from '../rejection.ts'

const fixture = fileURLToPath(new URL('../fixtures/user-plugin', import.meta.url))
const builtins = [{ name: 'builtin', categories: [math] }]

function tempConfig(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'arbigraph-config-'))
  writeFileSync(join(dir, 'arbigraph.config.ts'), content)
  return dir
}

describe('user config', () => {
  test('no config file means no extra plugins', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-empty-'))
    expect(await loadConfig(dir)).toEqual({ plugins: [] })
  })

  test('the fixture config adds a toy category and topology after the built-ins', async () => {
    const registry = await loadRegistry(builtins, fixture)
    expect(getCategory(registry, 'math').templates.length).toBe(40)
    expect(getCategory(registry, 'toy').templates.map((t) => t.id)).toEqual(['Shift', 'Countdown', 'Total'])
    expect(getTopology(registry, 'toy-pair').name).toBe('toy-pair')
  })

  test.each([
    ['CommonJS', '{ "type": "commonjs" }'],
    ['absent', undefined],
  ])('a TypeScript config loads in a folder whose package.json is %s', async (_kind, manifest) => {
    const dir = tempConfig(
      `import { defineConfig } from ${JSON.stringify(fileURLToPath(new URL('../../src/config.ts', import.meta.url)))}\n` +
        "import { toyCategory } from './toy.ts'\n" +
        'export default defineConfig({ plugins: [{ name: "mine", categories: [toyCategory] }] })\n',
    )
    if (manifest) writeFileSync(join(dir, 'package.json'), manifest)
    writeFileSync(
      join(dir, 'toy.ts'),
      "const id: string = 'Echo'\nexport const toyCategory = { name: 'echo', templates: [{ id, family: 'echo', inputKinds: ['scalar'], outputKind: 'scalar', params: () => ({}), solve: (x: bigint) => x, text: () => '' }] }\n",
    )
    const config = await loadConfig(dir)
    expect(config.plugins[0]?.categories?.[0]?.templates.map((t) => t.id)).toEqual(['Echo'])
  })

  test.each([
    ['kept in ARBIGRAPH_COMPILE_CACHE', true],
    ['not kept when ARBIGRAPH_COMPILE_CACHE=off', false],
  ])('what jiti compiled of a config and its imports is %s', async (_how, kept) => {
    const dir = tempConfig(
      `import { defineConfig } from ${JSON.stringify(fileURLToPath(new URL('../../src/config.ts', import.meta.url)))}\n` +
        "import { names } from './names.ts'\n" +
        'export default defineConfig({ plugins: names.map((name) => ({ name })) })\n',
    )
    writeFileSync(join(dir, 'names.ts'), "export const names: string[] = ['kept-or-not']\n")
    const cache = join(dir, 'compile-cache')
    const before = process.env.ARBIGRAPH_COMPILE_CACHE
    // Shares its worker: the variable is put back in `finally`.
    process.env.ARBIGRAPH_COMPILE_CACHE = kept ? cache : 'off'
    try {
      expect((await loadConfig(dir)).plugins.map((p) => p.name)).toEqual(['kept-or-not'])
    } finally {
      if (before === undefined) delete process.env.ARBIGRAPH_COMPILE_CACHE
      else process.env.ARBIGRAPH_COMPILE_CACHE = before
    }
    const files = existsSync(join(cache, 'jiti')) ? readdirSync(join(cache, 'jiti')) : []
    // One compiled file per TypeScript module: the config and what it imports.
    if (kept) {
      expect(files.some((f) => f.includes('-arbigraph.config.'))).toBe(true)
      expect(files.some((f) => f.includes('-names.'))).toBe(true)
    } else expect(files).toEqual([])
  })

  test('defineConfig is the identity', () => {
    const config = { plugins: [] }
    expect(defineConfig(config)).toBe(config)
  })

  test('a wrong shape names the file and the path', () => {
    let error: { code?: string; message?: string } = {}
    try {
      resolveConfig(
        { plugins: [{ name: 'x', categories: [{ name: 'c', templates: [{ id: 'T' }] }] }] },
        'cfg.ts',
      )
    } catch (e) {
      error = e as typeof error
    }
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toContain('cfg.ts: plugins[0].categories[0].templates[0]: expected a task template')
  })

  test('an unknown key is rejected', async () => {
    const dir = tempConfig('export default { plugin: [] }\n')
    const error = await rejection(loadConfig(dir))
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toContain('arbigraph.config.ts')
    expect(error.message).toContain('plugin')
  })

  test('a config that fails to load says so', async () => {
    const dir = tempConfig("throw new Error('boom in config')\nexport default {}\n")
    const error = await rejection(loadConfig(dir))
    expect(error.code).toBe('ARBIGRAPH_BAD_CONFIG')
    expect(error.message).toMatch(/arbigraph\.config\.ts: failed to load: .*boom in config/)
  })

  test('a config without a default export says how to write one', async () => {
    const dir = tempConfig('export const config = { plugins: [] }\n')
    const error = await rejection(loadConfig(dir))
    expect(error.message).toContain('no default export; write `export default defineConfig(')
  })

  test('a plugin name clash with the built-ins is an error naming both plugins', async () => {
    const dir = tempConfig(
      "export default { plugins: [{ name: 'mine', categories: [{ name: 'math', templates: [{ id: 'T', family: 'math', inputKinds: ['scalar'], outputKind: 'scalar', params() { return {} }, solve() { return 2n }, text() { return '' } }] }] }] }\n",
    )
    const error = await rejection(loadRegistry(builtins, dir))
    expect(error.code).toBe('ARBIGRAPH_DUPLICATE')
    expect(error.message).toContain(
      'plugin "mine" registers category "math", already registered by plugin "builtin"',
    )
  })
})
