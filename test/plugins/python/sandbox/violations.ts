/**
 * Every escape attempt from the sandbox is stopped with a clear error and leaves the host as it
 * was: files, environment, processes; loops and allocations hit their limits. Run by
 * ../sandbox.test.ts on its shared pool of size 1.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PythonPool } from '../../../../plugins/python/sandbox/index.ts'

// Interpreter start-up takes 2–4 s on an idle machine and much longer on a loaded one.
const START_MS = 90_000
const SECRET = 'arbigraph-host-secret-7f3a'

let watched: string
let sentinel: string
let sentinelBefore: { text: string; mtimeMs: number }

/**
 * Puts a secret into the host's environment, which no interpreter may see; call it before the
 * interpreters start, so they could have inherited it. Returns the undo.
 * Shares its worker: the caller undoes it after its tests (sandbox.test.ts's afterAll).
 */
export function plantHostSecret(): () => void {
  process.env.ARBIGRAPH_SANDBOX_SECRET = SECRET
  return () => {
    delete process.env.ARBIGRAPH_SANDBOX_SECRET
  }
}

const body = (lines: string) => `import sys\ndef f():\n${lines.replace(/^/gm, '    ')}\n`

/** The host is as before and the pool still answers (after a respawn where the child was killed). */
async function expectHostUntouchedAndPoolServing(pool: PythonPool) {
  expect(readdirSync(watched)).toEqual(['sentinel.txt'])
  expect(readFileSync(sentinel, 'utf8')).toBe(sentinelBefore.text)
  expect(statSync(sentinel).mtimeMs).toBe(sentinelBefore.mtimeMs)
  expect(process.env.ARBIGRAPH_SANDBOX_SECRET).toBe(SECRET)
  const next = await pool.run({ source: 'def f(a):\n    return a * 6', call: { function: 'f', args: ['7'] } })
  expect(next).toMatchObject({ ok: true, repr: '42' })
}

/** Registers the tests; `pool` is a warm pool of size 1 with a 200 000-line step budget and a 256 MB heap. */
export function violationsTests(pool: PythonPool): void {
  describe('sandbox: every escape attempt is stopped with a clear error', () => {
    beforeAll(() => {
      watched = mkdtempSync(join(tmpdir(), 'arbigraph-sandbox-'))
      sentinel = join(watched, 'sentinel.txt')
      writeFileSync(sentinel, 'untouched\n')
      sentinelBefore = { text: readFileSync(sentinel, 'utf8'), mtimeMs: statSync(sentinel).mtimeMs }
    })
    afterAll(() => rmSync(watched, { recursive: true, force: true }))

    const cases = [
      [
        'reads a host file with open()',
        () => body(`return open(${JSON.stringify(sentinel)}).read()`),
        'sandbox-violation',
        'file access is disabled',
      ],
      [
        'reads /etc/passwd with open()',
        () => body('return open("/etc/passwd").read()'),
        'sandbox-violation',
        'file access is disabled',
      ],
      [
        'reaches io.open through sys.modules (in-memory FS only)',
        () => body(`return sys.modules["io"].open(${JSON.stringify(sentinel)}).read()`),
        'python-exception',
        'FileNotFoundError',
      ],
      [
        'writes a file through sys.modules["io"]',
        () => body(`sys.modules["io"].open(${JSON.stringify(join(watched, 'x'))}, "w").write("x")\nreturn 2`),
        'python-exception',
        'Read-only file system',
      ],
      [
        'imports os to list the environment',
        () => body('import os\nreturn dict(os.environ)'),
        'sandbox-violation',
        'import of "os" is blocked',
      ],
      [
        'opens a socket',
        () => body('import socket\nreturn socket.socket()'),
        'sandbox-violation',
        'import of "socket" is blocked',
      ],
      [
        'imports subprocess',
        () => body('import subprocess\nreturn subprocess.run(["id"])'),
        'sandbox-violation',
        'import of "subprocess" is blocked',
      ],
      [
        'spawns a shell through os.system',
        () => body(`return sys.modules["os"].system("touch ${join(watched, 'pwned')}")`),
        'sandbox-violation',
        'process creation is disabled',
      ],
      [
        'spawns a shell through os.popen',
        () => body(`return sys.modules["os"].popen("id").read()`),
        'sandbox-violation',
        'process creation is disabled',
      ],
      [
        'imports js',
        () => body('import js\nreturn js.process.pid'),
        'sandbox-violation',
        'import of "js" is blocked',
      ],
      [
        'imports pyodide_js',
        () => body('import pyodide_js\nreturn 2'),
        'sandbox-violation',
        'import of "pyodide_js" is blocked',
      ],
      [
        'imports run_js from pyodide.code',
        () => body('from pyodide.code import run_js\nreturn run_js("1")'),
        'sandbox-violation',
        'import of "pyodide.code" is blocked',
      ],
      [
        'reaches pyodide.code through sys.modules',
        () => body('return sys.modules["pyodide"].code.run_js("1")'),
        'sandbox-violation',
        'is blocked in the sandbox',
      ],
      [
        'hides a violation with a bare except',
        () => body('try:\n    import js\nexcept BaseException:\n    pass\nreturn 2'),
        'sandbox-violation',
        'import of "js" is blocked',
      ],
      [
        'loops forever',
        () => body('n = 0\nwhile True:\n    n += 1'),
        'step-budget',
        'step budget of 200000 lines exceeded',
      ],
      [
        'loops forever and catches the budget error',
        () => body('try:\n    while True:\n        pass\nexcept BaseException:\n    return 2'),
        'step-budget',
        'step budget of 200000 lines',
      ],
      [
        'allocates 10 GB at once (bytearray)',
        () => body('return len(bytearray(10**10))'),
        'memory',
        'allocation',
      ],
      ['allocates 10 GB at once (list)', () => body('return len([0] * 10**10)'), 'memory', 'allocation'],
      [
        'allocates 10 GB step by step',
        () => body('chunks = [bytearray(10**8) for _ in range(100)]\nreturn 2'),
        'memory',
        'may not exceed 256 MB',
      ],
      [
        'allocates 300 MB and catches the MemoryError',
        () => body('try:\n    x = bytearray(3 * 10**8)\nexcept MemoryError:\n    return 2'),
        'memory',
        'may not exceed 256 MB',
      ],
    ] as const

    it.each(cases)('a function that %s', async (_name, source, kind, fragment) => {
      const out = await pool.run({ source: source(), call: { function: 'f' } })
      expect(out.ok).toBe(false)
      if (out.ok) return
      expect(out.error.kind).toBe(kind)
      expect(out.error.message).toContain(fragment)
      await expectHostUntouchedAndPoolServing(pool)
    })

    it('sees no host environment variable through sys.modules["os"]', async () => {
      const out = await pool.run({
        source: body('return sorted(sys.modules["os"].environ)'),
        call: { function: 'f' },
      })
      expect(out.ok).toBe(true)
      if (!out.ok) return
      expect(out.repr).not.toContain('ARBIGRAPH_SANDBOX_SECRET')
      expect(out.repr).not.toContain(SECRET)
      expect(out.repr).toContain("'PYTHONHASHSEED'")
      await expectHostUntouchedAndPoolServing(pool)
    })

    it('code that escapes the Python guards (frame introspection to the JS Function constructor) is stopped at its first JS operation', async () => {
      // The Python-level guards are best effort; the wasm import gate is what stops this route.
      const viaFunctionConstructor = (js: string) => `import sys
def f():
    try:
        raise ValueError()
    except ValueError as e:
        frame = e.__traceback__.tb_frame
    while frame.f_back is not None and '_real_import' not in frame.f_globals:
        frame = frame.f_back
    del sys.modules['js']
    js = frame.f_globals['_real_import']('js')
    return str(js.setTimeout.constructor(${JSON.stringify(js)})())
`
      const attempts = [
        `import('node:child_process').then((m) => m.execSync('touch ${join(watched, 'cp')}'))`,
        `import('node:fs').then((m) => m.writeFileSync('${join(watched, 'fs')}', 'x'))`,
        'process.kill(process.ppid, 0)',
        "process.getBuiltinModule('net')",
      ]
      for (const js of attempts) {
        const out = await pool.run({ source: viaFunctionConstructor(js), call: { function: 'f' } })
        expect(out).toMatchObject({
          ok: false,
          error: {
            kind: 'sandbox-violation',
            message: expect.stringContaining('does not let Python reach JavaScript or the host'),
          },
        })
      }
      await expectHostUntouchedAndPoolServing(pool)
    })

    it(
      'a one-line `while True: pass` (no line events) and a loop inside C code are killed by the wall clock, then the pool respawns',
      async () => {
        for (const source of [body('while True: pass'), body('return sum(range(10**13))')]) {
          // Short: the loop burns CPU until the kill, and any limit shows the same kill.
          const out = await pool.run({ source, call: { function: 'f' }, wallMs: 300 })
          expect(out).toEqual({
            ok: false,
            error: { kind: 'timeout', message: 'wall-clock limit of 300 ms exceeded; interpreter killed' },
          })
          await expectHostUntouchedAndPoolServing(pool)
        }
      },
      START_MS * 2,
    )
  })
}
