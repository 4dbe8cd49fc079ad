// vitest.config.ts: the plugin adds the reporters (table, results, dashboard, gate), the
// globalSetup (request pool, simulator), timeouts, concurrency and the tags for --tags-filter,
// and makes **/*.eval.ts the test files unless you set test.include yourself.
import { arbigraph } from 'arbigraph/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({ plugins: [arbigraph()] })
