/**
 * The Vitest config of `arbigraph eval`: the arbigraph() plugin and the `suites/**\/*.eval.*` files
 * of the folder eval passes as `--dir` (the user's working directory or arbigraph's own). The root is the
 * user's working directory (`--root`), so every output lands there. Nothing is excluded: the
 * bundled suites sit inside node_modules, which Vitest's default exclude would skip.
 */
import { defineConfig } from 'vitest/config'
// Through the package's vitest entry, which registers the built-ins (their benchmarks feed the
// reporters in this main process); the suites import it too.
import { arbigraph } from '../../vitest.ts'

export default defineConfig({
  plugins: [arbigraph()],
  test: { include: ['suites/**/*.eval.?(c|m)[jt]s'], exclude: [] },
})
