/**
 * The Vitest command line's script, which the child Vitest runs of the tests start directly:
 * `npx vitest` runs the same file after starting npm (half a second of a core per run).
 */
import { join } from 'node:path'

export const VITEST_BIN = join(import.meta.dirname, '..', '..', 'node_modules', 'vitest', 'vitest.mjs')
