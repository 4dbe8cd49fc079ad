/**
 * The built-in plugin: the math, gsm and python categories, every built-in topology, and the two
 * benchmarks, ArbiGraph (the engine's own, src/arbigraph-benchmark.ts) and Long-Transduction
 * (everything of it under plugins/transduction/). Users add their own
 * plugins after it through `arbigraph.config.ts` (see src/config.ts).
 */
import { arbigraphBenchmark } from '../src/arbigraph-benchmark.ts'
import { createRegistry, type Plugin, type Registry } from '../src/registry.ts'
import { gsm } from './gsm/index.ts'
import { math } from './math/index.ts'
import { python } from './python/index.ts'
import { topologies } from './topologies/index.ts'
import { transduction } from './transduction/benchmark.ts'

/**
 * Everything arbigraph ships with.
 * @example createRegistry([builtinPlugin, userPlugin])
 */
export const builtinPlugin: Plugin = {
  name: 'arbigraph',
  categories: [math, gsm, python],
  topologies: Object.values(topologies),
  benchmarks: [arbigraphBenchmark, transduction],
}

/**
 * A registry of the built-ins alone (no user config).
 * @example getTopology(defaultRegistry(), 'chain')
 */
export const defaultRegistry = (): Registry => createRegistry([builtinPlugin])
