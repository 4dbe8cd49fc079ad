// arbigraph.config.ts
import { defineConfig } from 'arbigraph/config'
import { myAgent } from './my-agent.ts'

declare module 'arbigraph' {
  interface RegisteredHarnesses {
    'my-agent': true
  }
}

export default defineConfig({ plugins: [{ name: 'my-harnesses', harnesses: [myAgent] }] })
