/**
 * Output files and folders: a folder that cannot be created is a bounded error naming it (Node's
 * recursive mkdir spins forever under /proc), a file in the way is named, stale temporary files
 * of killed writes are removed while a live writer's are kept, and the dashboard is swapped in
 * whole.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildDashboard } from '../../src/dashboard/build-dashboard.ts'
import { openAtomicLines, writeFileAtomic } from '../../src/io/atomic-write.ts'
import { ensureDir } from '../../src/io/ensure-dir.ts'
import { buildResults } from '../../src/report/build-results.ts'

const temp = () => mkdtempSync(join(tmpdir(), 'arbigraph-io-'))
// Above Linux's pid_max (2^22): no process ever has this id.
const DEAD_PID = 4194305

describe('ensureDir', () => {
  it('creates every missing level', () => {
    const root = temp()
    const dir = join(root, 'a', 'b', 'c')
    expect(ensureDir(dir, 'ARBIGRAPH_CASES')).toEqual([join(root, 'a'), join(root, 'a', 'b'), dir])
    expect(existsSync(dir)).toBe(true)
    expect(ensureDir(dir, 'ARBIGRAPH_CASES')).toEqual([]) // and is idempotent, creating nothing
  })

  it('names the file that stands where a folder must be', () => {
    const root = temp()
    writeFileSync(join(root, 'f'), '')
    expect(() => ensureDir(join(root, 'f', 'x'), 'ARBIGRAPH_CACHE_DIR "f/x"')).toThrow(
      `ARBIGRAPH_CACHE_DIR "f/x": "${join(root, 'f')}" is a file, not a folder`,
    )
  })

  it.runIf(existsSync('/proc/self'))(
    'fails at once under /proc instead of spinning, naming the folder',
    async () => {
      expect(() => ensureDir('/proc/nope/deeper', '--out "/proc/nope/deeper/x.jsonl"')).toThrow(
        '--out "/proc/nope/deeper/x.jsonl": cannot create the folder "/proc/nope" (ENOENT)',
      )
      await expect(openAtomicLines('/proc/nope/x.jsonl')).rejects.toThrow(
        'cannot create the folder "/proc/nope"',
      )
      await expect(writeFileAtomic('/proc/nope/x.json', '{}')).rejects.toThrow(
        'cannot create the folder "/proc/nope"',
      )
    },
  )
})

describe('atomic writes', () => {
  it("remove the temporary files of killed writes of the same target, keep a live writer's and others'", async () => {
    const dir = temp()
    const target = join(dir, 'results.json')
    const dead = `${target}.${DEAD_PID}.0badf00d.tmp`
    const live = `${target}.${process.pid}.cafebabe.tmp`
    const other = join(dir, 'summary.md.4194305.0badf00d.tmp')
    for (const path of [dead, live, other]) writeFileSync(path, 'half')
    await writeFileAtomic(target, '{}\n')
    expect(readFileSync(target, 'utf8')).toBe('{}\n')
    expect(existsSync(dead)).toBe(false)
    expect(existsSync(live)).toBe(true)
    expect(existsSync(other)).toBe(true)
  })
})

describe('a file of lines', () => {
  it('holds every block in order once committed, also past the bytes it lets wait for the disk', async () => {
    const target = join(temp(), 'blocks.jsonl')
    const out = await openAtomicLines(target)
    // 40 blocks of 1 MiB, more than the 32 MiB it hands over before waiting; each its own byte.
    const blocks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1 << 20, 0x41 + (i % 26)))
    await out.write('{"first":true}')
    for (const block of blocks) await out.writeBytes(block)
    expect(existsSync(target)).toBe(false) // nothing at the path before commit
    await out.commit()
    const bytes = readFileSync(target)
    const head = Buffer.from('{"first":true}\n')
    expect(bytes.length).toBe(head.length + 40 * (1 << 20))
    expect(bytes.subarray(0, head.length).equals(head)).toBe(true)
    blocks.forEach((block, i) => {
      const at = head.length + i * (1 << 20)
      expect(bytes.subarray(at, at + block.length).equals(block), `block ${i}`).toBe(true)
    })
    expect(readdirSync(join(target, '..'))).toEqual(['blocks.jsonl'])
  })

  it('keeps text lines and byte blocks in the order given, across the blocks text is joined into', async () => {
    const target = join(temp(), 'mixed.jsonl')
    const out = await openAtomicLines(target)
    const expected: string[] = []
    // 6000 lines of about 400 characters: several joined blocks, with byte blocks in between.
    for (let i = 0; i < 6000; i++) {
      const line = `{"line":${i},"text":"${'é'.repeat(i % 7)}${'x'.repeat(390)}"}`
      await out.write(line)
      expected.push(`${line}\n`)
      if (i % 1500 === 0) {
        const block = `{"block":${i}}\n`
        await out.writeBytes(Buffer.from(block))
        expected.push(block)
      }
    }
    await out.commit()
    expect(readFileSync(target, 'utf8')).toBe(expected.join(''))
  })

  it('is removed on abort, leaving the earlier file as it was', async () => {
    const target = join(temp(), 'd.jsonl')
    writeFileSync(target, 'good\n')
    const out = await openAtomicLines(target)
    await out.writeBytes(Buffer.alloc(3 << 20, 0x7b))
    await out.abort()
    expect(readFileSync(target, 'utf8')).toBe('good\n')
    expect(readdirSync(join(target, '..'))).toEqual(['d.jsonl'])
  })

  it.runIf(process.platform === 'linux')(
    'that the file system stops part-way (a file size limit) fails the command with its reason, and keeps the earlier file',
    () => {
      const dir = temp()
      const target = join(dir, 'd.jsonl')
      writeFileSync(target, 'good\n')
      // 512 KiB allowed, 3.3 MB to write: one write is cut short, the next is refused (EFBIG).
      const child = spawnSync(
        'sh',
        [
          '-c',
          'ulimit -f 512 && exec "$0" "$@"',
          process.execPath,
          'bin/arbigraph.js',
          'generate',
          'chain',
          '--length',
          '4',
          '--out',
          target,
        ],
        { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8', timeout: 120_000 },
      )
      expect(child.stderr).toContain(`arbigraph generate: cannot write "${target}": EFBIG`)
      expect(child.stderr).not.toContain('internal error')
      expect(child.status).toBe(1)
      expect(readFileSync(target, 'utf8')).toBe('good\n')
      expect(readdirSync(dir)).toEqual(['d.jsonl'])
    },
  )
})

describe('the dashboard folder', () => {
  const results = buildResults(
    [],
    { started: '', finished: '', reason: 'passed', shard: null, merged: false, env: {} },
    'test',
  )

  it('is built under a temporary name and swapped in whole; a killed build is cleaned up', async () => {
    const root = temp()
    const dir = join(root, 'dashboard')
    mkdirSync(join(dir, 'data'), { recursive: true })
    writeFileSync(join(dir, 'data', 'cases-00099.js'), 'a chunk of an older run')
    const killed = `${dir}.${DEAD_PID}.0badf00d.tmp`
    mkdirSync(killed)
    writeFileSync(join(killed, 'index.html'), 'half a build')
    await buildDashboard(results, { dir, resultsDir: root })
    expect(existsSync(join(dir, 'index.html'))).toBe(true)
    expect(existsSync(join(dir, 'data', 'summary.js'))).toBe(true)
    expect(existsSync(join(dir, 'data', 'cases-00099.js'))).toBe(false) // nothing of the old run
    expect(readdirSync(root)).toEqual(['dashboard'])
  })

  it('refuses a file where the folder should be, naming it', async () => {
    const root = temp()
    writeFileSync(join(root, 'dashboard'), 'mine')
    await expect(buildDashboard(results, { dir: join(root, 'dashboard') })).rejects.toThrow(
      `dashboard "${join(root, 'dashboard')}": is a file, not a folder`,
    )
    expect(readFileSync(join(root, 'dashboard'), 'utf8')).toBe('mine')
    expect(readdirSync(root)).toEqual(['dashboard'])
  })
})
