/** `npm run schemas`: regenerates `schemas/` (JSON Schemas + .d.ts) from the zod contracts. */
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../src/io/atomic-write.ts'
import { schemaFiles } from './schema-files.ts'

const dir = join(import.meta.dirname, '..', 'schemas')
const files = await schemaFiles()
for (const stale of await readdir(dir).catch(() => [] as string[])) {
  if (!files.has(stale)) await rm(join(dir, stale))
}
for (const [name, text] of files) await writeFileAtomic(join(dir, name), text)
console.log(`schemas: wrote ${files.size} files to ${dir}`)
