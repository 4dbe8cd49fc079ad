import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemaFiles } from '../../scripts/schema-files.ts'

const dir = join(import.meta.dirname, '..', '..', 'schemas')

describe('schemas/', () => {
  it('matches what the zod contracts generate (run `npm run schemas` after changing a contract)', async () => {
    const files = await schemaFiles()
    expect(files.size).toBeGreaterThan(0)
    for (const [name, text] of files) {
      const onDisk = await readFile(join(dir, name), 'utf8').catch(() => '<missing>')
      expect(onDisk, `schemas/${name} is stale`).toBe(text)
    }
  })
})
