// arbigraph.config.ts
import { defineConfig } from 'arbigraph/config'
import { myAgent } from './my-agent.ts'

export default defineConfig({ plugins: [{ name: 'my-harnesses', harnesses: [myAgent] }] })
