/**
 * One registry for categories, topologies and harnesses. Built-ins come from `plugins/`; users
 * add their own through `plugins: [...]` in an optional `arbigraph.config.ts`, without touching ours.
 */
import type { Harness } from './contracts/harness.ts'
import type { Category, TaskTemplate } from './contracts/template.ts'
import type { Topology } from './contracts/topology.ts'
import { ArbigraphError } from './errors.ts'

/** A bundle of categories and topologies, as a user's config lists them. */
export interface Plugin {
  name: string
  categories?: readonly Category[]
  topologies?: readonly Topology<unknown>[]
  /** Harnesses a suite or `ARBIGRAPH_HARNESS` selects by name. */
  harnesses?: readonly Harness[]
}

export interface Registry {
  categories: ReadonlyMap<string, Category>
  topologies: ReadonlyMap<string, Topology<unknown>>
  harnesses: ReadonlyMap<string, Harness>
}

const checked = new WeakSet<readonly TaskTemplate[]>()

/** The category's templates, after checking (once per template list) that no id repeats. */
function checkedTemplates(category: Category): readonly TaskTemplate[] {
  const templates = category.templates
  if (checked.has(templates)) return templates
  const ids = new Set<string>()
  for (const template of templates) {
    if (ids.has(template.id)) {
      throw new ArbigraphError(
        'ARBIGRAPH_DUPLICATE',
        `category "${category.name}" has two templates with id "${template.id}"`,
      )
    }
    ids.add(template.id)
  }
  checked.add(templates)
  return templates
}

/** A category whose `templates` is a getter reads them on first use (e.g. a pool file). */
const loadsLazily = (category: Category): boolean =>
  typeof Object.getOwnPropertyDescriptor(category, 'templates')?.get === 'function'

/**
 * A lazy category stays lazy in the registry, its ids checked when its templates are first read:
 * analysing the built-in python pool costs ~150 ms, which a math-only command must not pay.
 */
const checkedOnRead = (category: Category): Category => ({
  name: category.name,
  get templates() {
    return checkedTemplates(category)
  },
})

/** Merges plugins in order; a name registered twice is an error naming both plugins. */
export function createRegistry(plugins: readonly Plugin[]): Registry {
  const categories = new Map<string, Category>()
  const topologies = new Map<string, Topology<unknown>>()
  const harnesses = new Map<string, Harness>()
  const owner = new Map<string, string>()
  const claim = (key: string, plugin: string) => {
    const first = owner.get(key)
    if (first !== undefined) {
      throw new ArbigraphError(
        'ARBIGRAPH_DUPLICATE',
        `plugin "${plugin}" registers ${key}, already registered by plugin "${first}"`,
      )
    }
    owner.set(key, plugin)
  }
  for (const plugin of plugins) {
    for (const category of plugin.categories ?? []) {
      claim(`category "${category.name}"`, plugin.name)
      if (loadsLazily(category)) categories.set(category.name, checkedOnRead(category))
      else {
        checkedTemplates(category)
        categories.set(category.name, category)
      }
    }
    for (const topology of plugin.topologies ?? []) {
      claim(`topology "${topology.name}"`, plugin.name)
      topologies.set(topology.name, topology)
    }
    for (const harness of plugin.harnesses ?? []) {
      claim(`harness "${harness.name}"`, plugin.name)
      harnesses.set(harness.name, harness)
    }
  }
  return { categories, topologies, harnesses }
}

const known = (names: Iterable<string>) => [...names].map((n) => `"${n}"`).join(', ')

export function getCategory(registry: Registry, name: string): Category {
  const category = registry.categories.get(name)
  if (!category) {
    throw new ArbigraphError(
      'ARBIGRAPH_UNKNOWN_FAMILY',
      `unknown category "${name}" (known: ${known(registry.categories.keys())})`,
    )
  }
  return category
}

export function getTopology(registry: Registry, name: string): Topology<unknown> {
  const topology = registry.topologies.get(name)
  if (!topology) {
    throw new ArbigraphError(
      'ARBIGRAPH_UNKNOWN_TOPOLOGY',
      `unknown topology "${name}" (known: ${known(registry.topologies.keys())})`,
    )
  }
  return topology
}

export function getTemplate(registry: Registry, family: string, id: string): TaskTemplate {
  const category = getCategory(registry, family)
  // `#21` is a canonical index (the reference's numeric task_id in node-link files).
  const index = /^#(\d+)$/.exec(id)
  const template = index
    ? category.templates[Number(index[1])]
    : category.templates.find((t) => t.id === id || t.referenceName === id)
  if (!template) {
    throw new ArbigraphError('ARBIGRAPH_UNKNOWN_TEMPLATE', `unknown template "${id}" in category "${family}"`)
  }
  return template
}
