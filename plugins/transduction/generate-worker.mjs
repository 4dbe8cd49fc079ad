// Tinypool worker entry for Long-Transduction generation. Worker threads do not inherit the
// parent's TypeScript loader (neither tsx's nor Vitest's), so this plain-JS file registers tsx
// before importing the TypeScript document generator. Tinypool calls the named export.
import { register } from 'tsx/esm/api'

register()
const { generateDocument } = await import('./generate-document.ts')

/** The documents of `points`, in their order. */
export const generateDocuments = ({ points, seed }) => points.map((point) => generateDocument(point, seed))
