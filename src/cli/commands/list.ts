/**
 * `arbigraph list`: what this installation can generate — every category with its templates
 * (id, input → output kinds, summary) and every topology with the flags its options take. User
 * plugins from `arbigraph.config.ts` are included, so this is also how to check a config loads.
 */
import { z } from 'zod'
import { builtinRegistry } from '../../builtins.ts'
import type { Topology } from '../../contracts/topology.ts'
import type { Registry, RegistryNeeds } from '../../registry.ts'
import { parseCommandArgs } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

/**
 * The registry every command uses: the built-ins (those it `needs`, all when unsaid) plus the
 * plugins of `arbigraph.config.ts` in the working directory.
 * @example const registry = await cliRegistry(io, { topologies: ['chain'] })
 */
export const cliRegistry = (io: CliIo, needs?: RegistryNeeds): Promise<Registry> =>
  builtinRegistry(io.cwd, undefined, needs)

/**
 * The flag for a topology option: `fanIn` → `--fan-in`.
 * @example optionFlag('fanIn') // '--fan-in'
 */
export const optionFlag = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

/** The object schema under wrappers such as `.default()`, `.prefault()`, `.optional()` or a pipe. */
function objectSchema(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.ZodType | undefined = schema
  for (let depth = 0; current && depth < 10; depth++) {
    if (current instanceof z.ZodObject) return current
    const def = current._zod.def as { innerType?: z.ZodType; in?: z.ZodType }
    current = def.innerType ?? def.in
  }
  return undefined
}

/**
 * The option fields of a topology, when its schema is an object (it always is for built-ins).
 * @example topologyOptionKeys(chain) // ['length']
 */
export function topologyOptionKeys(topology: Topology<unknown>): string[] | undefined {
  const shape = objectSchema(topology.options)?.shape
  return shape ? Object.keys(shape) : undefined
}

/** One line per option: the flag, whether it is optional, and its description when it has one. */
function optionLines(topology: Topology<unknown>): string[] {
  const object = objectSchema(topology.options)
  if (!object) return ['      (options: any object the topology accepts)']
  const shape = object.shape as Record<string, z.ZodType>
  const keys = Object.keys(shape)
  if (keys.length === 0) return ['      (no options)']
  return keys.map((key) => {
    const field = shape[key]!
    const def = field._zod.def as { type: string; defaultValue?: unknown }
    const presence =
      def.type === 'default'
        ? `default ${JSON.stringify(def.defaultValue)}`
        : field.safeParse(undefined).success
          ? 'optional'
          : 'required'
    const note = [presence, field.description].filter(Boolean).join(', ')
    return `      ${optionFlag(key)}  (${note})`
  })
}

/**
 * The listing as lines.
 * @example listing(defaultRegistry())[0] // 'Categories:'
 */
export function listing(registry: Registry): string[] {
  const lines = ['Categories:']
  for (const category of registry.categories.values()) {
    lines.push(`  ${category.name} (${category.templates.length} templates)`)
    const width = Math.max(...category.templates.map((t) => t.id.length))
    for (const t of category.templates) {
      lines.push(`    ${t.id.padEnd(width)}  ${t.inputKinds.join('|')} -> ${t.outputKind}  ${t.summary}`)
    }
  }
  lines.push('', 'Topologies:')
  for (const topology of registry.topologies.values()) {
    lines.push(`  ${topology.name}: ${topology.summary}`, ...optionLines(topology))
  }
  return lines
}

/**
 * The `list` command.
 * @example await main(['list'])
 */
export const listCommand: Command = {
  name: 'list',
  usage: [
    'Usage: arbigraph list',
    '',
    'Lists every category with its templates (id, input -> output kinds, summary) and every',
    'topology with the flags of its options, including plugins from arbigraph.config.ts.',
  ].join('\n'),
  async run(argv, io) {
    parseCommandArgs('list', argv, {}, { min: 0, max: 0, names: '' })
    for (const line of listing(await cliRegistry(io))) io.out(line)
    return 0
  },
}
