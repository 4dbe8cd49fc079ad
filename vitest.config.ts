import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { ISOLATED } from './test/setup/isolated-tests.ts'
import { SlowFirstSequencer } from './test/setup/slow-first-sequencer.ts'
import { arbigraph } from './vitest.ts'

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
  // One folder per test run for its temporary files and the child runs' module cache (test/setup/run-folder.ts).
  globalSetup: ['test/setup/run-folder.ts', 'test/setup/built-plugin.ts'],
}

export default defineConfig({
  test: {
    // Test files that start processes first: on two workers the run then ends on short files.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // `npm test` runs both: `vitest run --project unit --project unit-shared`.
      // The files that change process-wide state, each in a fresh worker (test/setup/isolated-tests.ts).
      { test: { ...unit, name: 'unit', include: ISOLATED } },
      {
        test: {
          ...unit,
          name: 'unit-shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // Every other file shares its worker's loaded modules with the files before it: a fresh
          // process and module graph per file cost most files more than their tests. What a test
          // stubs with vi.stubEnv or vi.stubGlobal is undone after it, for the next file's sake.
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
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
