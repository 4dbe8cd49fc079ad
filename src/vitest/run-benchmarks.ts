/**
 * The benchmarks a run reports on, as Vitest's main process sees them: the built-in ones (from
 * the module the entry point registered, src/builtins.ts) and those of the project's
 * arbigraph.config.ts. The built-ins come the way the entry point that registered them imports
 * them: the plugin's config, bundled by Vite (in a checkout, the TypeScript sources), carries its
 * own copy, compiled and in memory already; an installed package imports its JavaScript. Only the
 * benchmarks load, not categories or topologies.
 */
import { builtins as builtinPlugin } from '../builtins.ts'
import { loadConfig } from '../config.ts'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { createRegistry, type LazyPlugin, loadPlugin } from '../registry.ts'

/**
 * Every registered benchmark, built-in first.
 * @example const benchmarks = await runBenchmarks(vitest.config.root)
 */
export async function runBenchmarks(root: string): Promise<AnyBenchmark[]> {
  // Not through jiti as before: it compiled (or read from its disk cache) and evaluated a second
  // copy of the benchmarks' module graph, half a second of CPU in every run's main process.
  const builtins: LazyPlugin = await builtinPlugin()
  const user = await loadConfig(root)
  const names = (builtins.benchmarks ?? []).map((b) => b.name)
  const builtin = await loadPlugin(
    builtins,
    { categories: [], topologies: [], benchmarks: names },
    user.plugins,
  )
  return [...createRegistry([builtin, ...user.plugins]).benchmarks.values()]
}
