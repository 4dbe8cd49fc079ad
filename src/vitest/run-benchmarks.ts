/**
 * The benchmarks a run reports on, as Vitest's main process sees them: the built-in ones (from
 * the module the entry point registered, src/builtins.ts) and those of the project's
 * arbigraph.config.ts. The main process is plain Node, which cannot import a `.ts` module, so in
 * a checkout (TypeScript sources) the built-ins are imported through jiti, as the config is;
 * compiled builds import the same way. Only the benchmarks load, not categories or topologies.
 */
import { fileURLToPath } from 'node:url'
import { builtinsModule } from '../builtins.ts'
import { jitiCache } from '../cli/compile-cache.ts'
import { loadConfig } from '../config.ts'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { createRegistry, type LazyPlugin, loadPlugin } from '../registry.ts'

/**
 * Every registered benchmark, built-in first.
 * @example const benchmarks = await runBenchmarks(vitest.config.root)
 */
export async function runBenchmarks(root: string): Promise<AnyBenchmark[]> {
  const { createJiti } = await import('jiti')
  // Cached in the compiled-code cache folder (ARBIGRAPH_COMPILE_CACHE; keyed by each file's
  // content, a torn cache file reads as a miss): compiling the built-ins' module graph anew cost
  // every `vitest run` about 5 s of CPU before it started.
  const jiti = createJiti(import.meta.url, { fsCache: jitiCache(), interopDefault: false })
  const { builtins } = await jiti.import<{ builtins: LazyPlugin }>(fileURLToPath(builtinsModule()))
  const user = await loadConfig(root)
  // One at a time first: jiti hands a module that another concurrent import is still evaluating
  // to the second importer half-initialised (two benchmarks sharing a module then read undefined
  // exports). Sequential loads fill its cache with whole modules; loadPlugin then only reads it.
  for (const entry of builtins.benchmarks ?? []) await entry.load()
  const names = (builtins.benchmarks ?? []).map((b) => b.name)
  const builtin = await loadPlugin(
    builtins,
    { categories: [], topologies: [], benchmarks: names },
    user.plugins,
  )
  return [...createRegistry([builtin, ...user.plugins]).benchmarks.values()]
}
