/**
 * The script the child Vitest runs of the tests start directly: Vitest's command line with the
 * test run's module cache (child-vitest.mjs). `npx vitest` runs the same command line after
 * starting npm (half a second of a core per run).
 */
import { join } from 'node:path'

export const VITEST_BIN = join(import.meta.dirname, 'child-vitest.mjs')
