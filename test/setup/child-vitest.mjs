/**
 * `vitest` as the tests' child runs start it: Vitest's own command line (node_modules/vitest/
 * vitest.mjs, imported in this process, so exit codes, signals and output are its own), with
 * Vitest's module cache on, in the folder the test run made for it (CHILD_VITEST_MODULE_CACHE,
 * see run-folder.ts), for runs of this repository's own config (suites/, at the repository root,
 * no `--root`) and of the fixture projects (`--root test/fixtures/…`, whose configs load the
 * test run's built plugin: built-plugin.ts). Such a child then reads the worker modules an
 * earlier child already transformed instead of transforming them again: a second of a core per
 * run. The cache is keyed on each file's content and the project's config, and its files are
 * written whole (write, then rename), so children running at once share it safely.
 * Not for another project with a config file of its own (a temporary project): Vitest's key for
 * each module then hashes the text of every file that config's bundle holds (all of src/ through
 * vitest.ts, megabytes per module), which costs what the cache saves. Without the variable (a
 * child started outside the test run) it is plain `vitest` too.
 */
import { resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

const repo = resolve(import.meta.dirname, '..', '..')
const fixtures = resolve(repo, 'test', 'fixtures') + sep
const cache = process.env.CHILD_VITEST_MODULE_CACHE
const args = process.argv.slice(2)
/** The `--root` (or `-r`) given, if any. */
const at = args.findIndex((arg) => /^(--root|-r)(=|$)/.test(arg))
const root =
  at < 0 ? undefined : args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1]
/** A run of the repository's own config: at its root, no `--root`. */
const repositoryRun = root === undefined && resolve(process.cwd()) === repo
const fixtureRun = root !== undefined && resolve(process.cwd(), root).startsWith(fixtures)
if (cache && (repositoryRun || fixtureRun)) {
  process.argv.push('--experimental.fsModuleCache', `--experimental.fsModuleCachePath=${cache}`)
}
// The repository's own config as the test run built it (built-plugin.ts), loaded by Node:
// not bundled by Vite, with all of src/, again for every child run.
const config = process.env.TEST_RUN_CONFIG
if (config && repositoryRun && !args.some((arg) => /^(--config|-c)(=|$)/.test(arg))) {
  process.argv.push('--config', config, '--configLoader', 'native')
}
await import(pathToFileURL(resolve(repo, 'node_modules', 'vitest', 'vitest.mjs')).href)
