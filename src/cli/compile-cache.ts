/**
 * Runs the bundled command line (one CommonJS script, dist/bin/cli.cjs) with a V8 code cache, as
 * Node 22's `module.enableCompileCache` does for modules — Node 20 has no cache for ES modules,
 * and parsing and compiling the CLI was a sixth of a `generate` run. The cache is written after
 * the command ran, so it also holds the functions compiled on the way, not only the top level.
 *
 * One file per command and script version, in the user's cache folder (never inside the
 * package): `<command>-<hash>.v8`, the hash over the script's bytes, Node's version and the CPU
 * architecture. V8 checks a cache only against the source's length (and its own version and
 * flags), so the hash is what keeps a cache of another build from being used; a SHA-256 of the
 * payload in front of it keeps a damaged file from reaching V8. A cache that is missing, damaged,
 * stale or refused is ignored and rewritten; one that cannot be read or written (a read-only
 * folder, a full disk) is skipped. Either way the command runs exactly as without a cache.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import vm from 'node:vm'
import { ensureDir } from '../io/ensure-dir.ts'

/** What became of the cache in this run. */
export type CacheState = 'hit' | 'missing' | 'damaged' | 'refused' | 'off'

export interface CachedScript {
  /** What the script assigned to `module.exports`. */
  exports: Record<string, unknown>
  state: CacheState
  /** The cache file of this script and key, or undefined with the cache off. */
  cacheFile: string | undefined
  /** Writes the cache when this run could not use one; never throws. */
  save(): void
}

const CHECKSUM_BYTES = 32

const sha256 = (data: string | Uint8Array): Buffer => createHash('sha256').update(data).digest()

/** What a cache is checked against: the script's bytes, Node's version and the CPU architecture. */
const scriptHash = (bytes: Uint8Array): Buffer =>
  createHash('sha256').update(`${process.version}\0${process.arch}\0`).update(bytes).digest()

/**
 * The folder for compiled-code caches: `ARBIGRAPH_COMPILE_CACHE` if set (`off` turns the cache
 * off, as does Node's `NODE_DISABLE_COMPILE_CACHE`), else the platform's per-user cache folder.
 * @example compileCacheDir({ HOME: '/home/ada' }, 'linux', '/home/ada') // '/home/ada/.cache/arbigraph/compile-cache'
 */
export function compileCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: () => string = homedir,
): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined
  const chosen = env.ARBIGRAPH_COMPILE_CACHE
  if (chosen === 'off') return undefined
  if (chosen) return chosen
  let base: string
  try {
    base =
      platform === 'win32'
        ? (env.LOCALAPPDATA ?? join(home(), 'AppData', 'Local'))
        : platform === 'darwin'
          ? join(home(), 'Library', 'Caches')
          : (env.XDG_CACHE_HOME ?? join(home(), '.cache'))
  } catch {
    return undefined // no home folder: no cache
  }
  return join(base, 'arbigraph', 'compile-cache')
}

/**
 * Where jiti keeps the TypeScript it compiled (the built-ins' benchmarks, arbigraph.config.ts and
 * what it imports), or false for no cache: the compiled-code cache folder's `jiti/`. jiti checks
 * each file against its source's hash and treats a torn file as a miss.
 * @example jitiCache({ ARBIGRAPH_COMPILE_CACHE: '/tmp/c' }) // '/tmp/c/jiti'
 */
export function jitiCache(env: NodeJS.ProcessEnv = process.env): string | false {
  const dir = compileCacheDir(env)
  if (dir === undefined) return false
  const jiti = join(dir, 'jiti')
  // Made here, as jiti would make it with Node's recursive mkdir, which spins forever where a
  // folder cannot be made under procfs; a folder that cannot be made means no cache.
  try {
    ensureDir(jiti, 'ARBIGRAPH_COMPILE_CACHE')
  } catch {
    return false
  }
  return jiti
}

/** The part of a cache file name a command gives: its name when it looks like one. */
const keyOf = (key: string): string => (/^[a-z][a-z0-9-]{0,40}$/.test(key) ? key : 'other')

/** The cache's payload, or why there is none. */
function readCache(file: string): Buffer | 'missing' | 'damaged' {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return 'missing'
  }
  const payload = bytes.subarray(CHECKSUM_BYTES)
  if (bytes.length <= CHECKSUM_BYTES || !sha256(payload).equals(bytes.subarray(0, CHECKSUM_BYTES)))
    return 'damaged'
  return payload
}

/** Writes `data` to `file` through a temporary file, so a reader never sees half a cache; drops the key's older caches. */
function writeCache(file: string, data: Buffer): void {
  const dir = dirname(file)
  // Not Node's recursive mkdir, which spins forever where a folder cannot be made under procfs
  // (ARBIGRAPH_COMPILE_CACHE=/proc/x): the command would never end after its work was done.
  ensureDir(dir, 'ARBIGRAPH_COMPILE_CACHE')
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    writeFileSync(temp, Buffer.concat([sha256(data), data]))
    renameSync(temp, file)
  } finally {
    rmSync(temp, { force: true })
  }
  const own = file.slice(dir.length + 1)
  const key = own.slice(0, own.lastIndexOf('-'))
  for (const name of readdirSync(dir)) {
    const match = /^(.+)-[0-9a-f]{32}\.v8$/.exec(name)
    if (match?.[1] === key && name !== own) rmSync(join(dir, name), { force: true })
  }
}

/**
 * Runs the CommonJS script `file` with the code cache of `key` in `cacheDir` (no cache when
 * undefined). The script gets `exports, require, module, __filename, __dirname` as a CommonJS
 * module does, and `__load` for its dynamic imports (the build renames them: a script's own
 * `import()` needs Node's experimental vm loader, which does not work with a cache).
 * @example const run = loadCachedScript('dist/bin/cli.cjs', 'generate', compileCacheDir()); await run.exports.main(argv); run.save()
 */
export function loadCachedScript(file: string, key: string, cacheDir: string | undefined): CachedScript {
  // Hashed as the file's bytes, not as the decoded text: hashing a string of the bundle's size
  // first encodes it again, three times the hash's own cost.
  const bytes = readFileSync(file)
  const source = bytes.toString('utf8')
  const cacheFile =
    cacheDir === undefined
      ? undefined
      : join(cacheDir, `${keyOf(key)}-${scriptHash(bytes).toString('hex').slice(0, 32)}.v8`)
  const cached = cacheFile ? readCache(cacheFile) : 'missing'
  // The wrapper's line is line 0, so stack traces give the file's own line numbers.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __load) {\n${source}\n})`,
    { filename: file, lineOffset: -1, ...(typeof cached === 'string' ? {} : { cachedData: cached }) },
  )
  const state: CacheState = !cacheFile
    ? 'off'
    : typeof cached === 'string'
      ? cached
      : script.cachedDataRejected
        ? 'refused'
        : 'hit'
  const module = { exports: {} as Record<string, unknown> }
  const load = (specifier: string) => import(specifier)
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), load)
  return {
    exports: module.exports,
    state,
    cacheFile,
    save() {
      if (!cacheFile || state === 'hit') return
      try {
        writeCache(cacheFile, script.createCachedData())
      } catch {
        // A read-only or full cache folder: the next run compiles again, nothing else changes.
      }
    },
  }
}
