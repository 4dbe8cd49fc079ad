/**
 * `vitest` as the tests' child runs start it: Vitest's own command line (node_modules/vitest/
 * vitest.mjs, imported in this process, so exit codes, signals and output are its own) with
 * Vitest's module cache on, in the folder the test run made for it (CHILD_VITEST_MODULE_CACHE,
 * see child-module-cache.ts). A child then reads the modules an earlier child of the same run
 * already transformed instead of transforming them again: a second of a core per run of ~60.
 * The cache is keyed on each file's content and the project's config (files and plugins), and
 * its files are written whole (write, then rename), so children running at once share it safely.
 * Without the variable (a child started outside the test run) it is plain `vitest`.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const cache = process.env.CHILD_VITEST_MODULE_CACHE
if (cache) process.argv.push('--experimental.fsModuleCache', `--experimental.fsModuleCachePath=${cache}`)
await import(
  pathToFileURL(join(import.meta.dirname, '..', '..', 'node_modules', 'vitest', 'vitest.mjs')).href
)
