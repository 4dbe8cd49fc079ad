// Tinypool worker entry for Long-Transduction generation. Worker threads do not inherit the
// parent's TypeScript loader (neither tsx's nor Vitest's), so this plain-JS file loads the
// document generator through importSource: compiled in the package, TypeScript in a checkout.
import { importSource } from '../../src/import-source.mjs'

const { generateDocument } = await importSource('./generate-document', import.meta.url)

/** The documents of `points`, in their order. */
export const generateDocuments = ({ points, seed }) => points.map((point) => generateDocument(point, seed))
