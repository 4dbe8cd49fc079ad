/**
 * Which arbigraph wrote a file: the package version, read once from arbigraph's package.json (at
 * the repository root, or the installed package's root). Written into dataset manifests and
 * results files.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from './package-root.ts'

const packageJson = JSON.parse(readFileSync(join(packageRoot(import.meta.url), 'package.json'), 'utf8')) as {
  version: string
}

/** `arbigraph <version>`. @example GENERATOR // 'arbigraph 0.1.0' */
export const GENERATOR = `arbigraph ${packageJson.version}`
