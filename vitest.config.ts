import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { SlowFirstSequencer } from './test/setup/slow-first-sequencer.ts'
import { arbigraph } from './vitest.ts'

/**
 * Folders of unit tests that only call functions: no process, server, timer, environment
 * variable or module state of their own that outlives a file. They share their workers' loaded
 * modules (`isolate: false`): a fresh process and module graph per file cost them more than their
 * tests. A test that changes anything global belongs in another folder.
 */
const SHARED = [
  'test/agent/calculator',
  'test/contracts',
  'test/endpoint',
  'test/generate',
  'test/graph',
  'test/metrics',
  'test/plugins/math',
  'test/plugins/transduction',
  'test/render',
  'test/sweep',
].map((folder) => `${folder}/**/*.test.ts`)

/**
 * Python tests that run their calls in the process's sandbox pool (`sharedPythonPool()`), and the
 * Python analysis tests: in a shared worker the pool's interpreters (about 3 CPU-s to start each)
 * serve every file after the first, and the CLI and plugin modules load once. These files leave
 * the pool running (idle, it never holds a worker open) and put back what they change.
 */
SHARED.push(
  'test/plugins/python/{analysis,functions,generate,import-leetcode,python-task,rename}.test.ts',
  'test/io/reference/python-stage.test.ts',
)

/** What both unit projects share. */
const unit = {
  // What the entry points do before anything runs: hand the built-ins to the registry.
  setupFiles: ['test/setup/use-builtins.ts'],
  // Inherited by the child Vitest runs the tests start: Vite then loads a config without also
  // checking every module it imports for `configLoader: 'native'` (a warning only, and a third
  // of a child's config load here, where configs import all the sources).
  env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  // Timeouts only catch hangs: no test races the clock. On a loaded 2-core machine the slowest
  // tests on this default (in-process Pyodide generation) took a third of 60 s, so the bound is
  // doubled to keep a busy CI runner from failing a healthy test.
  testTimeout: 120_000,
  hookTimeout: 240_000,
  // Vitest leaves a core to its main process (one worker on two cores), but the slow files mostly
  // wait on the child Vitest runs, CLIs and browsers they start: a worker per core keeps both
  // cores busy on a 2-core CI runner. More cores: Vitest's own default.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A project with its own maxWorkers needs its own group (here after the eval suites, when one
  // `vitest run` selects both); the two unit projects share theirs, so they run side by side.
  sequence: { groupOrder: 1 },
}

export default defineConfig({
  test: {
    // Test files that start processes first: on two workers the run then ends on short files.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // `npm test` runs both: `vitest run --project unit --project unit-shared`.
      { test: { ...unit, name: 'unit', include: ['test/**/*.test.ts'], exclude: SHARED } },
      { test: { ...unit, name: 'unit-shared', include: SHARED, isolate: false } },
      {
        // The plugin brings the globalSetup, timeouts, concurrency and tags, as in a user's repository.
        plugins: [arbigraph()],
        test: { name: 'eval', include: ['suites/**/*.eval.ts'] },
      },
    ],
  },
})
