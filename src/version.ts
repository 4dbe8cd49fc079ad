/**
 * Which arbigraph wrote a file: the package version, read once from package.json (next to `src/`
 * in the repository and in an installed package alike). Written into dataset manifests and
 * results files.
 */
import { readFileSync } from 'node:fs'

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** `arbigraph <version>`. @example GENERATOR // 'arbigraph 0.1.0' */
export const GENERATOR = `arbigraph ${packageJson.version}`
