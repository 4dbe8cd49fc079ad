// arbigraph.config.ts
import { defineConfig } from 'arbigraph/config'
import { echo } from './echo-benchmark.ts'

export default defineConfig({ plugins: [{ name: 'my-benchmarks', benchmarks: [echo] }] })
