import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { builtins as manifest } from '../plugins/builtins.ts'
import { builtinPlugin } from '../plugins/index.ts'
import { builtinRegistry, builtinsModule } from '../src/builtins.ts'
import type { Category, TaskTemplate } from '../src/contracts/template.ts'
import type { Topology } from '../src/contracts/topology.ts'
import { createRegistry, getCategory, type LazyPlugin, loadPlugin } from '../src/registry.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
const SKIPS_THE_ENTRY = `
const { builtinRegistry } = await import('./src/builtins.ts')
try { await builtinRegistry(process.cwd()) } catch (error) { console.error(error.message); process.exit(1) }
`

const template = (id: string) => ({ id }) as unknown as TaskTemplate

/** A lazy plugin of two categories and two topologies that counts what it imports. */
function counted(): { plugin: LazyPlugin; loads: string[] } {
  const loads: string[] = []
  const category = (name: string) => ({
    name,
    load: async (): Promise<Category> => {
      loads.push(name)
      return { name, templates: [template(`${name}-task`)] }
    },
  })
  const topology = (name: string) => ({
    name,
    load: async () => {
      loads.push(name)
      return { name } as unknown as Topology<unknown>
    },
  })
  return {
    plugin: {
      name: 'lazy',
      categories: [category('a'), category('b')],
      topologies: [topology('line'), topology('tree')],
    },
    loads,
  }
}

describe('loadPlugin', () => {
  it('imports only what the needs name', async () => {
    const { plugin, loads } = counted()
    const loaded = await loadPlugin(plugin, { categories: ['b'], topologies: ['line'] })
    expect(loads.sort()).toEqual(['b', 'line'])
    expect(loaded.categories?.map((c) => c.name)).toEqual(['b'])
  })

  it('imports everything without needs, in the plugin order', async () => {
    const { plugin } = counted()
    const loaded = await loadPlugin(plugin)
    expect(loaded.categories?.map((c) => c.name)).toEqual(['a', 'b'])
    expect(loaded.topologies?.map((t) => t.name)).toEqual(['line', 'tree'])
  })

  it('an unknown name imports everything, so the error lists every known name', async () => {
    const { plugin } = counted()
    const registry = createRegistry([await loadPlugin(plugin, { categories: ['c'], topologies: [] })])
    expect(() => getCategory(registry, 'c')).toThrow('unknown category "c" (known: "a", "b")')
  })

  it('a name another plugin registers too is imported, so the clash is reported', async () => {
    const { plugin, loads } = counted()
    const mine = { name: 'mine', categories: [{ name: 'a', templates: [template('x')] }] }
    const loaded = await loadPlugin(plugin, { categories: ['b'], topologies: [] }, [mine])
    expect(loads.sort()).toEqual(['a', 'b'])
    expect(() => createRegistry([loaded, mine])).toThrow(
      'plugin "mine" registers category "a", already registered by plugin "lazy"',
    )
  })
})

describe('the built-ins', () => {
  it('the lazy manifest names what builtinPlugin holds, in the same order', () => {
    expect(manifest.categories.map((c) => c.name)).toEqual(builtinPlugin.categories?.map((c) => c.name))
    expect(manifest.topologies.map((t) => t.name)).toEqual(builtinPlugin.topologies?.map((t) => t.name))
  })

  it('every manifest entry loads the piece of its name', async () => {
    for (const entry of [...manifest.categories, ...manifest.topologies, ...(manifest.generators ?? [])]) {
      const piece = (await entry.load()) as { name?: string; usage?: string }
      expect(piece.name ?? piece.usage?.split(' ')[3]).toBe(entry.name)
    }
    for (const entry of manifest.commands ?? []) expect((await entry.load()).name).toBe(entry.name)
    for (const entry of manifest.reference ?? []) expect(typeof (await entry.load()).check).toBe('function')
  })

  it('the test setup registered them as the entry points do', async () => {
    expect(builtinsModule()).toMatch(/\/plugins\/builtins\.ts$/)
    const registry = await builtinRegistry(process.cwd(), undefined, {
      categories: ['math'],
      topologies: ['chain'],
    })
    expect([...registry.categories.keys()]).toEqual(['math'])
    expect([...registry.topologies.keys()]).toEqual(['chain'])
  })

  it('without an entry point, a registry says which modules register them', () => {
    // A fresh process that imports src/ alone, as a program that skips the entry points would.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', SKIPS_THE_ENTRY],
      { cwd: repo, encoding: 'utf8', timeout: 120_000 },
    )
    expect(child.stderr).toContain(
      'arbigraph: no built-in plugins registered; import "arbigraph" or "arbigraph/vitest" (or run the arbigraph bin), whose entry registers them',
    )
    expect(child.status).toBe(1)
  })
})
