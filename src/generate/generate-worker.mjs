// Tinypool worker entry. Worker threads do not inherit the parent's TypeScript loader (neither
// tsx's nor Vitest's), so this plain-JS file loads the chunk generator through importSource:
// compiled in the package, TypeScript in a source checkout. Tinypool calls the export named `name`.
import { importSource } from '../import-source.mjs'

const chunk = await importSource('./generate-chunk', import.meta.url)

export const generateChunk = chunk.generateChunk
