/**
 * The installed package's layout for benches that run the command line as a user's `npx arbigraph`
 * does: bin/ and dist/ with no sources beside them, so the bin runs the bundled dist/bin/ (not the
 * TypeScript sources on tsx, as a checkout's bin does). dist/ is rebuilt first when any of the files
 * it is built from is newer, so a bench never times a stale build.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, readdirSync, statSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const SOURCES = ['src', 'plugins', 'reporters', 'suites', 'scripts/build.mjs', 'cli.ts', 'use-builtins.ts']

/** The newest modification time of the files under `dir` that dist/ is built from. */
function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** Runs `npm run build` when dist/bin/cli.cjs is missing or older than a source. */
function ensureBuilt(): void {
  const bundle = join(repo, 'dist/bin/cli.cjs')
  const newest = Math.max(
    ...SOURCES.map((s) => join(repo, s)).map((p) =>
      statSync(p).isDirectory() ? newestSource(p) : statSync(p).mtimeMs,
    ),
  )
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newest) return
  console.log('dist/ is missing or older than the sources: npm run build')
  const built = spawnSync(process.execPath, [join(repo, 'scripts/build.mjs')], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed')
}

/**
 * Lays out `<scratch>/node_modules/arbigraph` (bin and package.json copied, dist/ and the
 * dependencies linked) and returns both bins: `installed` runs dist/, `checkout` is this
 * repository's own bin on tsx.
 * @example const { installed } = installedLayout(scratch)
 */
export function installedLayout(scratch: string): { installed: string; checkout: string } {
  ensureBuilt()
  const installed = join(scratch, 'node_modules/arbigraph')
  // The whole bin/ folder: its package.json makes the bin CommonJS.
  cpSync(join(repo, 'bin'), join(installed, 'bin'), { recursive: true })
  copyFileSync(join(repo, 'package.json'), join(installed, 'package.json'))
  symlinkSync(join(repo, 'dist'), join(installed, 'dist'))
  symlinkSync(join(repo, 'node_modules'), join(installed, 'node_modules'))
  return { installed: join(installed, 'bin/arbigraph.js'), checkout: join(repo, 'bin/arbigraph.js') }
}
