/**
 * User configuration: an optional `arbigraph.config.ts` in the working directory whose default
 * export lists extra plugins (categories and topologies). They are merged after the built-ins,
 * so a user adds tasks and shapes without touching ours, and a name clash is an error naming
 * both plugins. The zod schema is the one source of truth for both the shape users write
 * (`UserConfig`) and the resolved one (`ResolvedConfig`).
 */
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { jitiCache } from './cli/compile-cache.ts'
import { configPath } from './config-file.ts'
import { type AnyBenchmark, assertBenchmark } from './contracts/benchmark.ts'
import { harnessSchema } from './contracts/harness.ts'
import type { Category, TaskTemplate } from './contracts/template.ts'
import type { Topology } from './contracts/topology.ts'
import { ArbigraphError, formatPath } from './errors.ts'
import { createRegistry, type Plugin, type Registry } from './registry.ts'

export { CONFIG_FILE } from './config-file.ts'

const isFunction = (x: unknown) => typeof x === 'function'
const has = (x: unknown, key: string) => typeof x === 'object' && x !== null && key in x

const templateSchema = z.custom<TaskTemplate>(
  (t) =>
    has(t, 'id') &&
    has(t, 'family') &&
    Array.isArray((t as TaskTemplate).inputKinds) &&
    ['params', 'solve', 'text'].every((k) => isFunction((t as unknown as Record<string, unknown>)[k])),
  { message: 'expected a task template: { id, family, inputKinds, outputKind, params(), solve(), text() }' },
)

const categorySchema = z.object({
  name: z.string().min(1),
  templates: z.array(templateSchema).min(1),
}) satisfies z.ZodType<Category>

const topologySchema = z.custom<Topology<unknown>>(
  (t) => has(t, 'name') && has(t, 'options') && has(t, 'defaults') && isFunction((t as Topology).build),
  { message: 'expected a topology: { name, summary, options (zod schema), defaults, build() }' },
)

const benchmarkSchema = z.custom<AnyBenchmark>().superRefine((b, ctx) => {
  try {
    assertBenchmark(b, 'benchmark')
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message })
  }
})

const pluginSchema = z.object({
  name: z.string().min(1),
  categories: z.array(categorySchema).optional(),
  topologies: z.array(topologySchema).optional(),
  /** Harnesses selected by name (`defineSuite({ harness: 'my-agent' })`, `ARBIGRAPH_HARNESS=my-agent`). */
  harnesses: z.array(harnessSchema).optional(),
  benchmarks: z.array(benchmarkSchema).optional(),
}) satisfies z.ZodType<Plugin>

export const configSchema = z
  .object({
    /**
     * Extra categories, topologies, harnesses and benchmarks, registered after the built-ins.
     * @default []
     * @example plugins: [{ name: 'toy', categories: [toyCategory] }]
     */
    plugins: z.array(pluginSchema).default([]),
  })
  .strict()

/** What `arbigraph.config.ts` exports. */
export type UserConfig = z.input<typeof configSchema>
/** The config with defaults filled in. */
export type ResolvedConfig = z.output<typeof configSchema>

/**
 * Identity helper that types a config file.
 * @example export default defineConfig({ plugins: [{ name: 'toy', categories: [toy] }] })
 */
export const defineConfig = (config: UserConfig): UserConfig => config

/**
 * Validates a loaded config; `where` names the file in messages.
 * @example resolveConfig({}, 'arbigraph.config.ts') // { plugins: [] }
 */
export function resolveConfig(config: unknown, where: string): ResolvedConfig {
  const parsed = configSchema.safeParse(config)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = formatPath(issue.path)
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${where}: ${path ? `${path}: ` : ''}${issue.message}`)
}

/**
 * Loads `arbigraph.config.ts` from `cwd` (or the file `path`); no file means the empty config.
 * jiti compiles it on the fly, the same way in the CLI, in worker threads and in Vitest workers,
 * whether the user's package.json says `"type": "module"`, CommonJS or nothing: Node alone
 * cannot import TypeScript, and tsx's loader treats a `.ts` file in a CommonJS folder as
 * CommonJS, which then fails to require our ES modules. What it compiled is kept in the
 * compiled-code cache folder (see `jitiCache`): the config is loaded by Vitest's main process
 * and again by every worker, and a config that imports TypeScript plugins compiled them each
 * time (a project whose config imports this package's TypeScript sources: ~5 s of CPU each).
 * @example const { plugins } = await loadConfig(process.cwd())
 */
export async function loadConfig(cwd = process.cwd(), path = configPath(cwd)): Promise<ResolvedConfig> {
  if (!existsSync(path)) return resolveConfig({}, path)
  let module: Record<string, unknown>
  try {
    const { createJiti } = await import('jiti')
    module = await createJiti(import.meta.url, { fsCache: jitiCache(), interopDefault: false }).import(path)
  } catch (error) {
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${path}: failed to load: ${(error as Error).message}`, {
      cause: error,
    })
  }
  if (!('default' in module)) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${path}: no default export; write \`export default defineConfig({ plugins: [...] })\``,
    )
  }
  return resolveConfig(module.default, path)
}

/**
 * The built-in plugin followed by the user's: the registry every command uses.
 * @example const registry = await loadRegistry([builtinPlugin], process.cwd())
 */
export async function loadRegistry(
  builtins: readonly Plugin[],
  cwd = process.cwd(),
  path?: string,
): Promise<Registry> {
  const config = await loadConfig(cwd, path)
  return createRegistry([...builtins, ...config.plugins])
}
