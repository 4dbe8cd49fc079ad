/**
 * Where the user's configuration is looked up, apart from what it may hold (src/config.ts), so
 * that a run in a folder without one needs neither the config's schemas nor the benchmark and
 * harness contracts they import.
 */
import { resolve } from 'node:path'

/** The file looked up in the working directory. */
export const CONFIG_FILE = 'arbigraph.config.ts'

/**
 * The config file a run reads: `path` when given, else `arbigraph.config.ts` in `cwd`.
 * @example configPath('/work/repo') // '/work/repo/arbigraph.config.ts'
 */
export const configPath = (cwd: string, path?: string): string => path ?? resolve(cwd, CONFIG_FILE)
