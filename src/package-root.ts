/**
 * Where arbigraph itself is installed. The same module runs from `src/` in a source checkout and
 * from `dist/src/` in the built package, so paths to the package's own files (package.json, the
 * bundled suites) are found by walking up to arbigraph's package.json, never by a fixed `../`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding arbigraph's package.json, found upward from `from` (a file URL or path).
 * @example packageRoot() // '/home/me/proj/node_modules/arbigraph'
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(from.startsWith('file:') ? fileURLToPath(from) : from)
  for (;;) {
    const file = join(dir, 'package.json')
    if (
      existsSync(file) &&
      (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'arbigraph'
    )
      return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`arbigraph's package.json not found above ${from}`)
    dir = parent
  }
}

/**
 * The path of a sibling module of `moduleUrl` named `name`, with the caller's own extension: `.ts`
 * in a source checkout (Vite or tsx load it), `.js` in the built package.
 * @example siblingModule(import.meta.url, './global-setup') // '/…/dist/src/vitest/global-setup.js'
 */
export function siblingModule(moduleUrl: string, name: string): string {
  const extension = moduleUrl.endsWith('.ts') ? '.ts' : '.js'
  return fileURLToPath(new URL(`${name}${extension}`, moduleUrl))
}
