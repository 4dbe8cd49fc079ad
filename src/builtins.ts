/**
 * Where the built-in plugins come from. `src/` never imports `plugins/`: an entry point (the
 * `arbigraph` bin, `arbigraph`, `arbigraph/vitest`, all at the package root) names the module
 * that exports them with `useBuiltins`, and every registry is built from that module, imported
 * only when a registry is first needed. Worker threads receive the same module's URL with their
 * work (`builtinsModule()`), so they load the very same built-ins.
 */
import { existsSync } from 'node:fs'
import type { ReferenceStageHandler, StageHandlers } from './io/reference/stage-handler.ts'
import type { LazyPlugin, Registry, RegistryNeeds } from './registry.ts'

/** What a module of built-ins exports. */
export interface BuiltinsModule {
  builtins: LazyPlugin
}

let moduleUrl: string | undefined
let importHere: (() => Promise<BuiltinsModule>) | undefined
let loaded: Promise<LazyPlugin> | undefined

/**
 * Names the module (a file URL) whose `builtins` export is the built-in `LazyPlugin`. An entry
 * point also passes its own `import()` of it: in the bundled CLI that is the bundle's copy,
 * sharing this thread's modules, while worker threads import the module at `url`. The URL alone,
 * as a worker is handed it, keeps a loader this thread already has for it: the bundle's helper
 * threads run the bundle too, and its copy is the module at that URL.
 * @example useBuiltins(builtinsUrl, importBuiltins) // from an entry point at the package root
 */
export function useBuiltins(url: string, load?: () => Promise<BuiltinsModule>): void {
  if (url === moduleUrl && (load === undefined || load === importHere)) return
  moduleUrl = url
  importHere = load
  loaded = undefined
}

/**
 * The URL given to `useBuiltins`, to hand to a worker thread.
 * @example builtinsModule() // 'file:///…/node_modules/arbigraph/dist/plugins/builtins.js'
 */
export function builtinsModule(): string {
  if (moduleUrl === undefined) {
    throw new Error(
      'arbigraph: no built-in plugins registered; import "arbigraph" or "arbigraph/vitest" (or run the arbigraph bin), whose entry registers them',
    )
  }
  return moduleUrl
}

/**
 * The built-in plugin, its pieces not yet imported.
 * @example (await builtins()).categories.map((c) => c.name) // ['math', 'gsm', 'python']
 */
export function builtins(): Promise<LazyPlugin> {
  const url = builtinsModule()
  loaded ??= (importHere?.() ?? (import(url) as Promise<BuiltinsModule>)).then((module) => module.builtins)
  return loaded
}

/**
 * The registry every command, worker thread and suite uses: the built-ins it `needs` (all when
 * unsaid) followed by the plugins of `arbigraph.config.ts` in `cwd` (or the file `config`).
 * @example const registry = await builtinRegistry(cwd, undefined, { categories: ['math'], topologies: ['chain'] })
 */
export async function builtinRegistry(
  cwd: string,
  config?: string,
  needs?: RegistryNeeds,
): Promise<Registry> {
  // Imported here: `arbigraph --help` reads the built-ins' command list and needs neither (nor
  // zod); the config's module (its schemas and the contracts they check) only when there is a
  // config file to read.
  const [{ createRegistry, loadPlugin }, { configPath }] = await Promise.all([
    import('./registry.ts'),
    import('./config-file.ts'),
  ])
  const path = configPath(cwd, config)
  const plugins = existsSync(path) ? (await (await import('./config.ts')).loadConfig(cwd, path)).plugins : []
  const builtin = await loadPlugin(await builtins(), needs, plugins)
  return createRegistry([builtin, ...plugins])
}

/**
 * The reference-stage handlers of the built-in categories, each imported when a stage of its
 * family first comes up and configured with `settings` (command-line values, paths resolved).
 * @example await checkGraph(graph, 0, report, await referenceStageHandlers({ 'gsm-pool': file }))
 */
export async function referenceStageHandlers(
  settings: Readonly<Record<string, string | undefined>> = {},
): Promise<StageHandlers> {
  const entries = (await builtins()).reference ?? []
  const loaded = new Map<string, Promise<ReferenceStageHandler | undefined>>()
  return (family) => {
    let handler = loaded.get(family)
    if (!handler) {
      const entry = entries.find((e) => e.name === family)
      handler = entry
        ? entry.load().then((h) => {
            h.configure?.(settings)
            return h
          })
        : Promise.resolve(undefined)
      loaded.set(family, handler)
    }
    return handler
  }
}
