/**
 * `arbigraph/vitest`: `defineSuite`, `defineTransductionSuite` and the Vite plugin `arbigraph()`.
 * Importing it registers the built-in plugins, in the config's process and in every Vitest worker
 * (a suite file imports it), so suites find the built-in categories and topologies.
 */
import './use-builtins.ts'

export * from './src/vitest/index.ts'
