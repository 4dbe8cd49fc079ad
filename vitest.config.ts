import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { arbigraphPlugin } from './src/vitest/plugin.ts'

// Cases are I/O-bound: each worker keeps this many in flight, and the request pool holds the
// global limit (ARBIGRAPH_CONCURRENCY), so per-worker concurrency never needs to be lower.
const concurrency = Number(process.env.ARBIGRAPH_CONCURRENCY?.trim() || 32)

// Declared for --tags-filter; strictTags is off so a user's own topology or category works too.
const tags = [
  'baseline',
  'forgetting',
  'chain',
  'multichain',
  'dag',
  'random',
  'math',
  'gsm',
  'python',
  'transduction',
  'arithmetic',
  'uuid-sort',
  'variable-lookup',
  'table',
]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          // Timeouts only catch hangs: no test races the clock. On a loaded 2-core machine the
          // slowest tests on this default (in-process Pyodide generation) took a third of 60 s,
          // so the bound is doubled to keep a busy CI runner from failing a healthy test.
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        plugins: [arbigraphPlugin()],
        test: {
          name: 'eval',
          include: ['suites/**/*.eval.ts'],
          // Absolute: `arbigraph eval` may run with a user's folder as the root.
          globalSetup: [fileURLToPath(new URL('./src/vitest/global-setup.ts', import.meta.url))],
          // A case may take many long model turns; the request pool bounds each request.
          testTimeout: 24 * 3_600_000,
          hookTimeout: 600_000,
          maxConcurrency: Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 32,
          tags: tags.map((name) => ({ name })),
          strictTags: false,
        },
      },
    ],
  },
})
