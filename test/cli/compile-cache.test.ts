import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileCacheDir, jitiCache, loadCachedScript } from '../../src/cli/compile-cache.ts'
import { tempDir } from './run-cli.ts'

/** A CommonJS script with a function worth caching, a require, and a dynamic import through `__load`. */
const SCRIPT = `
const { basename } = require('node:path')
function triangle(n) { let s = 0; for (let i = 1; i <= n; i++) s += i; return s }
exports.triangle = triangle
exports.name = () => basename(__filename)
exports.osType = async () => (await __load('node:os')).type()
`

function setup(source = SCRIPT) {
  const dir = tempDir()
  const file = join(dir, 'cli.cjs')
  writeFileSync(file, source)
  return { file, cache: join(dir, 'cache') }
}

/** Loads the script, calls into it as a command would, saves, and returns what happened. */
function run(file: string, cache: string | undefined, key = 'generate') {
  const script = loadCachedScript(file, key, cache)
  const value = (script.exports.triangle as (n: number) => number)(100)
  script.save()
  return { state: script.state, value, cacheFile: script.cacheFile }
}

describe('the compiled-code cache of the bundled CLI', () => {
  it('compiles and saves on the first run, then uses the cache; the script runs alike both times', async () => {
    const { file, cache } = setup()
    const first = run(file, cache)
    expect(first).toMatchObject({ state: 'missing', value: 5050 })
    expect(readdirSync(cache)).toEqual([first.cacheFile!.slice(cache.length + 1)])
    expect(first.cacheFile).toMatch(/generate-[0-9a-f]{32}\.v8$/)
    const second = loadCachedScript(file, 'generate', cache)
    expect(second.state).toBe('hit')
    expect((second.exports.triangle as (n: number) => number)(100)).toBe(5050)
    expect((second.exports.name as () => string)()).toBe('cli.cjs')
    expect(await (second.exports.osType as () => Promise<string>)()).toBeTypeOf('string')
  })

  it('ignores a damaged cache file (its checksum does not match), runs, and writes a good one', () => {
    const { file, cache } = setup()
    const { cacheFile } = run(file, cache)
    const bytes = readFileSync(cacheFile!)
    bytes[bytes.length - 10]! ^= 0xff
    writeFileSync(cacheFile!, bytes)
    expect(run(file, cache)).toMatchObject({ state: 'damaged', value: 5050 })
    expect(run(file, cache).state).toBe('hit')
    writeFileSync(cacheFile!, 'short')
    expect(run(file, cache)).toMatchObject({ state: 'damaged', value: 5050 })
  })

  it('hands V8 a well-formed file that is not its cache only to have it refused, and still runs', () => {
    // A source of its own, so V8's in-memory cache of this process has not seen it.
    const source = `${SCRIPT}\nexports.refused = true\n`
    const { file, cache } = setup(source)
    const cacheFile = loadCachedScript(file, 'generate', cache).cacheFile!
    mkdirSync(cache, { recursive: true })
    const junk = Buffer.alloc(4096, 7)
    writeFileSync(cacheFile, Buffer.concat([createHash('sha256').update(junk).digest(), junk]))
    // The same script under another name: the cache file is the same (it follows the bytes).
    const twin = join(tempDir(), 'cli.cjs')
    writeFileSync(twin, source)
    expect(run(twin, cache)).toMatchObject({ state: 'refused', value: 5050, cacheFile })
    // Rewritten with V8's own cache of the script.
    expect(readFileSync(cacheFile).subarray(32).equals(junk)).toBe(false)
    expect(run(twin, cache).state).toBe('hit')
  })

  it('never uses the cache of another build of the script, and replaces that build’s file of the same command only', () => {
    const { file, cache } = setup()
    const old = run(file, cache).cacheFile!
    const other = run(file, cache, 'list').cacheFile!
    // Same length, different code: V8 alone would take the old cache for it.
    writeFileSync(file, SCRIPT.replace('s += i', 's -= i'))
    const rebuilt = run(file, cache)
    expect(rebuilt).toMatchObject({ state: 'missing', value: -5050 })
    expect(rebuilt.cacheFile).not.toBe(old)
    expect(readdirSync(cache).sort()).toEqual(
      [rebuilt.cacheFile!, other].map((path) => path.slice(cache.length + 1)).sort(),
    )
  })

  it('runs without a cache where none can be written (the folder is under a file) or with the cache off', () => {
    const { file } = setup()
    const blocked = join(tempDir(), 'a-file')
    writeFileSync(blocked, '')
    expect(run(file, join(blocked, 'cache'))).toMatchObject({ state: 'missing', value: 5050 })
    expect(run(file, join(blocked, 'cache'))).toMatchObject({ state: 'missing', value: 5050 })
    expect(run(file, undefined)).toMatchObject({ state: 'off', value: 5050, cacheFile: undefined })
  })

  // In a child process with a time limit: the failure this guards against is a synchronous loop
  // that no test timeout could interrupt.
  it.runIf(existsSync('/proc/self'))(
    'runs without a cache, and ends, where the folder cannot be made under procfs (Node’s recursive mkdir spins there)',
    () => {
      const { file } = setup()
      const probe = join(tempDir(), 'probe.ts')
      writeFileSync(
        probe,
        `import { jitiCache, loadCachedScript } from ${JSON.stringify(join(import.meta.dirname, '../../src/cli/compile-cache.ts'))}
const script = loadCachedScript(${JSON.stringify(file)}, 'generate', '/proc/arbigraph-nope/cache')
script.save()
console.log(JSON.stringify({ state: script.state, value: script.exports.triangle(100), jiti: jitiCache({ ARBIGRAPH_COMPILE_CACHE: '/proc/arbigraph-nope' }) }))
`,
      )
      const child = spawnSync(process.execPath, ['--import', 'tsx', probe], {
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(child.signal, 'the probe did not end within 60 s').toBeNull()
      expect(child.status, child.stderr).toBe(0)
      expect(JSON.parse(child.stdout)).toEqual({ state: 'missing', value: 5050, jiti: false })
    },
  )

  it('keeps jiti’s compiled files in jiti/ of the cache folder, made beforehand; none when the cache is off', () => {
    const { cache } = setup()
    expect(jitiCache({ ARBIGRAPH_COMPILE_CACHE: cache })).toBe(join(cache, 'jiti'))
    expect(statSync(join(cache, 'jiti')).isDirectory()).toBe(true)
    expect(jitiCache({ ARBIGRAPH_COMPILE_CACHE: 'off' })).toBe(false)
    const blocked = join(tempDir(), 'a-file')
    writeFileSync(blocked, '')
    expect(jitiCache({ ARBIGRAPH_COMPILE_CACHE: blocked })).toBe(false)
  })

  it('gives a command name that is not one a single shared file name', () => {
    const { file, cache } = setup()
    expect(run(file, cache, '../../etc/x').cacheFile).toMatch(/[/\\]other-[0-9a-f]{32}\.v8$/)
  })

  it('lives in the per-user cache folder of the platform, or where ARBIGRAPH_COMPILE_CACHE says; "off" or Node’s switch turns it off', () => {
    const home = () => '/home/ada'
    expect(compileCacheDir({}, 'linux', home)).toBe('/home/ada/.cache/arbigraph/compile-cache')
    expect(compileCacheDir({ XDG_CACHE_HOME: '/xdg' }, 'linux', home)).toBe('/xdg/arbigraph/compile-cache')
    expect(compileCacheDir({}, 'darwin', home)).toBe('/home/ada/Library/Caches/arbigraph/compile-cache')
    expect(compileCacheDir({ LOCALAPPDATA: 'C:/Users/ada/AppData/Local' }, 'win32', home)).toBe(
      join('C:/Users/ada/AppData/Local', 'arbigraph', 'compile-cache'),
    )
    expect(compileCacheDir({ ARBIGRAPH_COMPILE_CACHE: '/tmp/cc' }, 'linux', home)).toBe('/tmp/cc')
    expect(compileCacheDir({ ARBIGRAPH_COMPILE_CACHE: 'off' }, 'linux', home)).toBeUndefined()
    expect(compileCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1' }, 'linux', home)).toBeUndefined()
    const homeless = () => {
      throw new Error('no home')
    }
    expect(compileCacheDir({}, 'linux', homeless)).toBeUndefined()
  })
})
