/**
 * The built-in plugin: the math and python categories and every built-in topology. Users add their own
 * plugins after it through `arbigraph.config.ts` (see src/config.ts).
 */
import { createRegistry, type Plugin, type Registry } from '../src/registry.ts'
import { gsm } from './gsm/index.ts'
import { math } from './math/index.ts'
import { python } from './python/index.ts'
import { topologies } from './topologies/index.ts'

/**
 * Everything arbigraph ships with.
 * @example createRegistry([builtinPlugin, userPlugin])
 */
export const builtinPlugin: Plugin = {
  name: 'arbigraph',
  categories: [math, gsm, python],
  topologies: Object.values(topologies),
}

/**
 * A registry of the built-ins alone (no user config).
 * @example getTopology(defaultRegistry(), 'chain')
 */
export const defaultRegistry = (): Registry => createRegistry([builtinPlugin])
