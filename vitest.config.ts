import { defineConfig } from 'vitest/config'
import { arbigraph } from './vitest.ts'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          // What the entry points do before anything runs: hand the built-ins to the registry.
          setupFiles: ['test/setup/use-builtins.ts'],
          // Timeouts only catch hangs: no test races the clock. On a loaded 2-core machine the
          // slowest tests on this default (in-process Pyodide generation) took a third of 60 s,
          // so the bound is doubled to keep a busy CI runner from failing a healthy test.
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        // The plugin brings the globalSetup, timeouts, concurrency and tags, as in a user's repository.
        plugins: [arbigraph()],
        test: { name: 'eval', include: ['suites/**/*.eval.ts'] },
      },
    ],
  },
})
