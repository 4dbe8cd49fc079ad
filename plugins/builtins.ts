/**
 * The built-in plugin as the entry points hand it to src/builtins.ts: every category, topology,
 * pool flag, command, benchmark and reference-stage handler by name, each module imported only when a
 * command or worker needs it — generating math chains never loads the Python parser, the GSM
 * templates or Pyodide. Same names, same order as `builtinPlugin` (plugins/index.ts), which
 * imports everything at once for library users.
 */
import type { LazyPlugin } from '../src/registry.ts'
import { GSM_POOL_ENV } from './gsm/pool-env.ts'
import { PYTHON_POOL_ENV } from './python/pool-env.ts'

export const builtins: LazyPlugin = {
  name: 'arbigraph',
  categories: [
    { name: 'math', load: async () => (await import('./math/index.ts')).math },
    { name: 'gsm', load: async () => (await import('./gsm/index.ts')).gsm },
    { name: 'python', load: async () => (await import('./python/category.ts')).python },
  ],
  topologies: [
    { name: 'baseline', load: async () => (await import('./topologies/baseline.ts')).baseline },
    { name: 'forgetting', load: async () => (await import('./topologies/forgetting.ts')).forgetting },
    { name: 'chain', load: async () => (await import('./topologies/chain.ts')).chain },
    { name: 'multichain', load: async () => (await import('./topologies/multichain.ts')).multichain },
    { name: 'dag', load: async () => (await import('./topologies/dag.ts')).dag },
    { name: 'random', load: async () => (await import('./topologies/random.ts')).random },
  ],
  pools: [
    { category: 'python', flag: 'python-pool', env: PYTHON_POOL_ENV },
    { category: 'gsm', flag: 'gsm-pool', env: GSM_POOL_ENV },
  ],
  commands: [
    {
      name: 'import-gsm-symbolic',
      summary: 'Turn a local copy of the GSM-Symbolic templates into a GSM template pool.',
      load: async () => (await import('./gsm/import-command.ts')).importGsmSymbolicCommand,
    },
    {
      name: 'import-leetcode',
      summary:
        'Build a python function pool from LeetCodeDataset rows (int / List[int] functions that run and chain).',
      load: async () => (await import('./python/import-command.ts')).importLeetcodeCommand,
    },
  ],
  generators: [
    {
      name: 'transduction',
      load: async () => (await import('./transduction/generate-command.ts')).transductionGenerator,
    },
  ],
  benchmarks: [
    {
      name: 'arbigraph',
      load: async () => (await import('../src/arbigraph-benchmark.ts')).arbigraphBenchmark,
    },
    { name: 'transduction', load: async () => (await import('./transduction/benchmark.ts')).transduction },
  ],
  reference: [
    { name: 'math', load: async () => (await import('./math/reference-stage.ts')).mathReferenceStage },
    { name: 'gsm', load: async () => (await import('./gsm/reference-stage.ts')).gsmReferenceStage },
    { name: 'python', load: async () => (await import('./python/reference-stage.ts')).pythonReferenceStage },
  ],
}
