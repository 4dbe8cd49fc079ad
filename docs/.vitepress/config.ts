// The documentation site: the Markdown pages of docs/ as they read on GitHub, built by VitePress
// (`npm run docs:build`, into docs/.vitepress/dist). Pages link to each other with relative .md
// links, which work in both places.
import { defineConfig } from 'vitepress'

const pages: [string, string][] = [
  ['Getting started', '/getting-started'],
  ['Install', '/install'],
  ['Running against vLLM', '/running-against-vllm'],
  ['Suites and topologies', '/suites-and-topologies'],
  ['Task categories', '/categories'],
  ['Long-Transduction', '/long-transduction'],
  ['Harnesses and the HTTP agent protocol', '/harnesses'],
  ['Context conditions', '/context-conditions'],
  ['Sweeps', '/sweeps'],
  ['Gating in CI', '/gating-in-ci'],
  ['Dashboard and comparing runs', '/dashboard'],
  ['Comparing models', '/comparing-models'],
  ['The Benchmark contract', '/benchmark-contract'],
  ['Environment variables', '/environment-variables'],
  ['Command-line reference', '/cli'],
  ['Architecture', '/architecture'],
  ['Troubleshooting', '/troubleshooting'],
  ['Speed measurements', '/benchmarks'],
]

export default defineConfig({
  title: 'arbigraph',
  description: 'Benchmarks for context management in LLM agents, as Vitest suites',
  // The examples are shown inside the pages; their folder holds no page of its own.
  srcExclude: ['examples/**'],
  // Links out of docs/ (the JSON Schemas, the example agent) point into the repository.
  ignoreDeadLinks: [/^\.\.\//],
  cleanUrls: false,
  // A site without an icon makes every browser log a 404 for /favicon.ico.
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  themeConfig: {
    sidebar: [{ text: 'Documentation', items: pages.map(([text, link]) => ({ text, link })) }],
    search: { provider: 'local' },
  },
})
