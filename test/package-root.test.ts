import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { packageRoot, siblingModule } from '../src/package-root.ts'

describe('packageRoot', () => {
  it("finds arbigraph's package.json above a module, skipping other packages' ones", () => {
    const root = mkdtempSync(join(tmpdir(), 'arbigraph-root-'))
    writeFileSync(join(root, 'package.json'), '{ "name": "arbigraph" }')
    mkdirSync(join(root, 'dist/src/cli'), { recursive: true })
    writeFileSync(join(root, 'dist/package.json'), '{ "name": "other" }')
    expect(packageRoot(pathToFileURL(join(root, 'dist/src/cli/main.js')).href)).toBe(root)
    expect(packageRoot(join(root, 'dist/src/cli/main.js'))).toBe(root)
  })

  it('says where it looked when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbigraph-noroot-'))
    expect(() => packageRoot(join(dir, 'x.js'))).toThrow(`arbigraph's package.json not found above ${dir}`)
  })

  it("names a sibling module with the caller's extension", () => {
    expect(siblingModule('file:///p/src/vitest/plugin.ts', './global-setup')).toBe(
      '/p/src/vitest/global-setup.ts',
    )
    expect(siblingModule('file:///p/dist/src/vitest/plugin.js', './global-setup')).toBe(
      '/p/dist/src/vitest/global-setup.js',
    )
  })
})
