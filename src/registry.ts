/**
 * One registry for categories, topologies, harnesses and benchmarks. Built-ins come from `plugins/`; users
 * add their own through `plugins: [...]` in an optional `arbigraph.config.ts`, without touching ours.
 */

import type { AnyBenchmark } from './contracts/benchmark.ts'
import type { Harness } from './contracts/harness.ts'
import type { Category, TaskTemplate } from './contracts/template.ts'
import type { Topology } from './contracts/topology.ts'
import { unknownName } from './did-you-mean.ts'
import { ArbigraphError } from './errors.ts'
import type { ReferenceStageHandler } from './io/reference/stage-handler.ts'

/** A bundle of categories and topologies, as a user's config lists them. */
export interface Plugin {
  name: string
  categories?: readonly Category[]
  topologies?: readonly Topology<unknown>[]
  /** Harnesses a suite or `ARBIGRAPH_HARNESS` selects by name. */
  harnesses?: readonly Harness[]
  /** Benchmarks (src/contracts/benchmark.ts) a suite can name and the reporters group records by. */
  benchmarks?: readonly AnyBenchmark[]
}

export interface Registry {
  categories: ReadonlyMap<string, Category>
  topologies: ReadonlyMap<string, Topology<unknown>>
  harnesses: ReadonlyMap<string, Harness>
  benchmarks: ReadonlyMap<string, AnyBenchmark>
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
  const benchmarks = new Map<string, AnyBenchmark>()
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
    for (const benchmark of plugin.benchmarks ?? []) {
      claim(`benchmark "${benchmark.name}"`, plugin.name)
      benchmarks.set(benchmark.name, benchmark)
    }
  }
  return { categories, topologies, harnesses, benchmarks }
}

export function getCategory(registry: Registry, name: string): Category {
  const category = registry.categories.get(name)
  if (!category) {
    throw new ArbigraphError(
      'ARBIGRAPH_UNKNOWN_FAMILY',
      unknownName('category', name, registry.categories.keys()),
    )
  }
  return category
}

export function getTopology(registry: Registry, name: string): Topology<unknown> {
  const topology = registry.topologies.get(name)
  if (!topology) {
    throw new ArbigraphError(
      'ARBIGRAPH_UNKNOWN_TOPOLOGY',
      unknownName('topology', name, registry.topologies.keys()),
    )
  }
  return topology
}

/**
 * A registered benchmark by name; an unknown one is an error listing the known.
 * @example getBenchmark(registry, 'transduction').name // 'transduction'
 */
export function getBenchmark(registry: Registry, name: string): AnyBenchmark {
  const found = registry.benchmarks.get(name)
  if (!found) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${unknownName('benchmark', name, registry.benchmarks.keys())}; register it in arbigraph.config.ts: plugins: [{ name, benchmarks: [...] }]`,
    )
  }
  return found
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

/** One piece of a lazy plugin: its name, known without importing it, and how to import it. */
export interface LazyEntry<T> {
  name: string
  load(): Promise<T>
}

/**
 * A plugin whose categories and topologies are imported on first need, so a command that
 * generates math chains never loads the Python parser or the GSM templates. The built-ins are
 * one (plugins/builtins.ts); the entry points hand it to src/builtins.ts.
 */
export interface LazyPlugin {
  name: string
  categories: readonly LazyEntry<Category>[]
  topologies: readonly LazyEntry<Topology<unknown>>[]
  /**
   * Pool files a category can read instead of its own tasks: `generate --<flag> <file>` (and
   * `validate`) set `env` to the file, which the category reads, in this thread and in workers.
   * @default []
   */
  pools?: readonly PoolFlag[]
  /** Extra `arbigraph` commands (importers of a category's sources), listed after ours. @default [] */
  commands?: readonly PluginCommand[]
  /**
   * Datasets `arbigraph generate <name>` makes other than task graphs (Long-Transduction
   * documents); the name must not be a topology's. @default []
   */
  generators?: readonly LazyEntry<PluginGenerator>[]
  /** How stages of the reference's datasets in a family (its `name`) are checked and imported. @default [] */
  reference?: readonly LazyEntry<ReferenceStageHandler>[]
  /** Benchmarks (src/contracts/benchmark.ts): imported when a suite or reporter needs them. @default [] */
  benchmarks?: readonly LazyEntry<AnyBenchmark>[]
}

/** A category's pool flag: `--python-pool <file>` sets ARBIGRAPH_PYTHON_POOL. */
export interface PoolFlag {
  category: string
  flag: string
  env: string
}

/** A dataset kind of `arbigraph generate <name> …`: its usage text and how it runs on the rest of argv. */
export interface PluginGenerator {
  usage: string
  run(argv: string[], io: import('./cli/command.ts').CliIo): Promise<number>
}

/** A command a plugin adds to `arbigraph`: what the overview prints, and how to load it. */
export interface PluginCommand {
  name: string
  summary: string
  load(): Promise<import('./cli/command.ts').Command>
}

/** The categories and topologies a caller will look up; a missing list means all of them. */
export interface RegistryNeeds {
  categories?: readonly string[]
  topologies?: readonly string[]
  /** The benchmarks; unsaid means none when categories or topologies are said (generation), else all. */
  benchmarks?: readonly string[]
}

/**
 * Imports the pieces of `lazy` that `needs` names, plus any that `others` register too (so the
 * duplicate error still names both plugins). A name neither side knows loads everything: the
 * "unknown … (known: …)" message then lists every name.
 * @example await loadPlugin(builtins, { categories: ['math'], topologies: ['chain'] }, [])
 */
export async function loadPlugin(
  lazy: LazyPlugin,
  needs: RegistryNeeds = {},
  others: readonly Plugin[] = [],
): Promise<Plugin> {
  const pick = async <T>(
    entries: readonly LazyEntry<T>[],
    wanted: readonly string[] | undefined,
    claimed: Set<string>,
  ): Promise<T[]> => {
    const names = new Set(entries.map((e) => e.name))
    const all = wanted === undefined || wanted.some((name) => !names.has(name) && !claimed.has(name))
    const chosen = entries.filter((e) => all || wanted.includes(e.name) || claimed.has(e.name))
    return Promise.all(chosen.map((e) => e.load()))
  }
  const claimedCategories = new Set(others.flatMap((p) => (p.categories ?? []).map((c) => c.name)))
  const claimedTopologies = new Set(others.flatMap((p) => (p.topologies ?? []).map((t) => t.name)))
  const claimedBenchmarks = new Set(others.flatMap((p) => (p.benchmarks ?? []).map((b) => b.name)))
  const wantedBenchmarks = needs.benchmarks ?? (needs.categories || needs.topologies ? [] : undefined)
  const [categories, topologies, benchmarks] = await Promise.all([
    pick(lazy.categories, needs.categories, claimedCategories),
    pick(lazy.topologies, needs.topologies, claimedTopologies),
    pick(lazy.benchmarks ?? [], wantedBenchmarks, claimedBenchmarks),
  ])
  return { name: lazy.name, categories, topologies, benchmarks }
}
