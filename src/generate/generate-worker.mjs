// Tinypool worker entry. Worker threads do not inherit the parent's TypeScript loader (neither
// tsx's nor Vitest's), so this plain-JS file registers tsx before importing the TypeScript chunk
// generator. Tinypool calls the named export given as `name` in `pool.run`.
import { register } from 'tsx/esm/api'

register()
const chunk = await import('./generate-chunk.ts')

export const generateChunk = chunk.generateChunk
