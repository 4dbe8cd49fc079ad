// arbigraph.config.ts: your categories and topologies, registered after the built-ins
import type { TaskTemplate } from 'arbigraph'
import { defineConfig } from 'arbigraph/config'

const triple: TaskTemplate = {
  id: 'Triple',
  family: 'tripling',
  summary: 'triples its input',
  inputKinds: ['scalar'],
  outputKind: 'scalar',
  params: () => ({}),
  solve: (input) => (typeof input === 'bigint' ? input : BigInt(Math.round(input as number))) * 3n,
  text: ({ source, out }) => `Multiply ${source} by 3; call the result ${out}.`,
}

// Declares the category's name to defineSuite's types, so `categories: ['tripling']` type-checks
// (a name no plugin declares, a typo, fails tsc).
declare module 'arbigraph' {
  interface RegisteredCategories {
    tripling: true
  }
}

export default defineConfig({
  plugins: [{ name: 'my-tasks', categories: [{ name: 'tripling', templates: [triple] }] }],
})
