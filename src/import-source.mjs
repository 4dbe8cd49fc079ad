// Loads a TypeScript module from a plain-JS entry (a worker thread or a child process, which
// inherit no TypeScript loader from their parent): the compiled `.js` next to it in the built
// package, else the `.ts` source through tsx, a dev dependency of a source checkout. So the
// package needs no tsx at run time and a checkout needs no build.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * @param {string} name the module's path without extension, relative to `base`
 * @param {string} base the caller's import.meta.url
 * @example const { generateChunk } = await importSource('./generate-chunk', import.meta.url)
 */
export async function importSource(name, base) {
  const compiled = new URL(`${name}.js`, base)
  if (existsSync(fileURLToPath(compiled))) return import(compiled.href)
  const { register } = await import('tsx/esm/api')
  register()
  return import(new URL(`${name}.ts`, base).href)
}
