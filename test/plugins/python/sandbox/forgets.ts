/**
 * Every call forgets the previous one: a call that crashes or kills its interpreter never fails a
 * later call, a poisoned interpreter is clean again for the next call, and no route from Python
 * reaches JavaScript. Run by ../sandbox.test.ts on its shared pools.
 */
import { describe, expect, it } from 'vitest'
import type { PythonOutcome, PythonPool } from '../../../../plugins/python/sandbox/index.ts'

// Interpreter start-up takes 2–4 s on an idle machine and much longer on a loaded one; a crash
// costs one more start-up before the next call.
const START_MS = 120_000

const body = (lines: string) => `import sys\ndef f():\n${lines.replace(/^/gm, '    ')}\n`
/** The module as task code can reach it even though `import` of it is blocked. */
const real = (name: string) => `sys.modules["builtins"].__import__("${name}")`
const INNOCENT = {
  source: 'def task_1(a: int, b: List[int]) -> int:\n    return a * len(b)',
  kwargs: { a: '6', b: '[1, 1, 1, 1, 1, 1, 1]' },
}

async function innocent(pool: PythonPool): Promise<PythonOutcome> {
  return pool.run({ source: INNOCENT.source, call: { function: 'task_1', kwargs: INNOCENT.kwargs } })
}

/** Walks from the task's frame up into the prelude and returns its globals. */
const PRELUDE_GLOBALS = `frame = sys._getframe()
while frame.f_back is not None and '_task_builtins' not in frame.f_globals:
    frame = frame.f_back
g = frame.f_globals`

/** Registers the tests; `pools` holds the warm pools of size 1 and 2. */
export function forgetsTests(pools: ReadonlyMap<number, PythonPool>): void {
  describe('python sandbox: a call that crashes or kills its interpreter never fails a later call', () => {
    const attacks = [
      ['os._exit', body('sys.modules["os"]._exit(3)'), 'sandbox-violation'],
      ['posix.system', body(`return ${real('posix')}.system("true")`), 'sandbox-violation'],
      ['os.abort', body('sys.modules["os"].abort()'), 'sandbox-violation'],
      // Deep C recursion (json's scanner under a huge recursion limit) overflows the JS stack.
      [
        'a JS stack overflow',
        body('sys.setrecursionlimit(10**8)\nimport json\nreturn json.loads("[" * 10**6 + "]" * 10**6)'),
        'crashed',
      ],
      ['the wall-clock kill', body('while True: pass'), 'timeout'],
    ] as const
    // The bound each attack gets: only the wall-clock kill reaches it, and its loop burns CPU until
    // then; the others end long before it.
    const wallMs = (kind: string) => (kind === 'timeout' ? 300 : 2_000)

    for (const size of [1, 2]) {
      it.each(attacks)(
        `pool size ${size}: after %s the next innocent calls are served`,
        async (_name, source, kind) => {
          const pool = pools.get(size)!
          // The innocent calls are queued behind the attack, so they wait for whatever it leaves.
          const [attack, ...after] = await Promise.all([
            pool.run({ source, call: { function: 'f' }, wallMs: wallMs(kind) }),
            ...Array.from({ length: size + 1 }, () => innocent(pool)),
          ])
          expect(attack).toMatchObject({ ok: false, error: { kind } })
          for (const out of [...after, await innocent(pool)])
            expect(out).toMatchObject({ ok: true, repr: '42' })
        },
        START_MS,
      )
    }
  })

  describe('python sandbox: every call starts from a clean interpreter', () => {
    // [what, poisoning call (its result shows the poison took effect), probe, probe's true value]
    const poisonings = [
      [
        'math.pi = 3',
        body('import math\nmath.pi = 3\nreturn math.pi'),
        '3',
        body('return math.pi'),
        '3.141592653589793',
      ],
      [
        'json.dumps (the result encoder) replaced',
        body('import json\njson.dumps = lambda *a, **k: \'{"ok": true, "repr": "7", "steps": 1}\'\nreturn 1'),
        '7',
        body('return 6 * 7'),
        '42',
      ],
      [
        "the prelude's builtins table edited through frames",
        body(`${PRELUDE_GLOBALS}\ng['_task_builtins']['len'] = lambda x: 1\nreturn 1`),
        '1',
        body('return len([0] * 42)'),
        '42',
      ],
      [
        "the prelude's call helper replaced through frames",
        body(`${PRELUDE_GLOBALS}\ng['_call'] = lambda *a: 7\nreturn 1`),
        '1',
        body('return 42'),
        '42',
      ],
      [
        'the entry point found with gc.get_objects given other code',
        body(
          'import gc\nrun = [o for o in gc.get_objects() if getattr(o, "__name__", "") == "_arbigraph_run"][0]\nrun.__code__ = (lambda r: \'{"ok": true, "repr": "7", "steps": 1}\').__code__\nreturn 1',
        ),
        '1',
        body('return 42'),
        '42',
      ],
      [
        'the builtins module edited',
        body(`${real('builtins')}.sorted = lambda x: [7]\nreturn ${real('builtins')}.sorted([2, 1])`),
        '[7]',
        body(`return ${real('builtins')}.sorted([42, 1])`),
        '[1, 42]',
      ],
      [
        'sys.modules["math"] replaced',
        body(
          'import types\nsys.modules["math"] = types.SimpleNamespace(gcd=lambda a, b: 7)\nimport math\nreturn math.gcd(84, 42)',
        ),
        '7',
        body('import math\nreturn math.gcd(84, 42)'),
        '42',
      ],
      [
        'an import hook added to sys.meta_path',
        `import sys, types\nclass Evil:\n    def find_spec(self, name, *a):\n        raise ImportError("evil")\ndef f():\n    sys.meta_path.insert(0, Evil())\n    return len(sys.meta_path) > 0`,
        'True',
        body('import fractions\nreturn str(fractions.Fraction(84, 2))'),
        "'42'",
      ],
      [
        'int printing limited (sys.set_int_max_str_digits)',
        body('sys.set_int_max_str_digits(640)\nreturn sys.get_int_max_str_digits()'),
        '640',
        body('return len(str(10**1000))'),
        '1001',
      ],
      [
        'the decimal context changed',
        body('import decimal\ndecimal.getcontext().prec = 2\nreturn str(decimal.Decimal(1) / 7)'),
        "'0.14'",
        body('import decimal\nreturn str(decimal.Decimal(1) / 7)'),
        "'0.1428571428571428571428571429'",
      ],
      [
        'the recursion limit lowered',
        body('sys.setrecursionlimit(60)\nreturn sys.getrecursionlimit()'),
        '60',
        'def g(n):\n    return 0 if n == 0 else 1 + g(n - 1)\ndef f():\n    return g(400)',
        '400',
      ],
      [
        'a profile hook left behind',
        body('sys.setprofile(lambda *a: 1)\nreturn sys.getprofile() is not None'),
        'True',
        body('return sys.getprofile() is None'),
        'True',
      ],
      [
        'the small int 42 overwritten in memory with ctypes',
        body(`ctypes = ${real('ctypes')}\nctypes.c_uint32.from_address(id(42) + 12).value = 7\nreturn 42`),
        '7',
        body('return 6 * 7'),
        '42',
      ],
    ] as const

    it.each(poisonings)(
      '%s: the next call sees none of it',
      async (_name, poison, poisoned, probe, truth) => {
        const pool = pools.get(1)!
        const before = await pool.run({ source: probe, call: { function: 'f' } })
        expect(before).toMatchObject({ ok: true, repr: truth })
        // Answered by the one interpreter of this pool, so the same one serves the probe.
        const attack = await pool.run({ source: poison, call: { function: 'f' } })
        if (poisoned === '7' && attack.ok === false)
          // A poisoned encoder can also break the answer outright; either way it is this call's own.
          expect(attack.error.kind).toBe('sandbox-violation')
        else expect(attack).toMatchObject({ ok: true, repr: poisoned })
        const after = await pool.run({ source: probe, call: { function: 'f' } })
        expect(after).toEqual(before)
      },
    )

    it('a call leaves no file behind and cannot write one: the file system is read-only', async () => {
      const pool = pools.get(1)!
      const write = await pool.run({
        source: body('sys.modules["io"].open("/tmp/left-behind", "w").write("x")\nreturn 1'),
        call: { function: 'f' },
      })
      expect(write).toMatchObject({
        ok: false,
        error: {
          kind: 'python-exception',
          message: "OSError: [Errno 69] Read-only file system: '/tmp/left-behind'",
        },
      })
      const look = await pool.run({
        source: body('return sys.modules["os"].path.exists("/tmp/left-behind")'),
        call: { function: 'f' },
      })
      expect(look).toMatchObject({ ok: true, repr: 'False' })
    })

    it(
      'files a call leaves open are closed, and a call that closes stdout retires its interpreter',
      async () => {
        const pool = pools.get(1)!
        const leak = await pool.run({
          source: body(
            'global held\nheld = [sys.modules["io"].open("/lib/python311.zip", "rb") for _ in range(50)]\nreturn held[-1].fileno()',
          ),
          call: { function: 'f' },
        })
        const again = await pool.run({
          source: body('h = sys.modules["io"].open("/lib/python311.zip", "rb")\nreturn h.fileno()'),
          call: { function: 'f' },
        })
        expect(leak.ok && again.ok).toBe(true)
        // The 50 streams of the first call were closed: the next file gets the lowest descriptor again.
        if (leak.ok && again.ok) expect(Number(again.repr)).toBeLessThan(Number(leak.repr))
        const closed = await pool.run({
          source: body('sys.modules["os"].close(1)\nreturn 1'),
          call: { function: 'f' },
        })
        expect(closed).toMatchObject({ ok: true, repr: '1' })
        expect(await innocent(pool)).toMatchObject({ ok: true, repr: '42' })
        expect(
          await pool.run({ source: body('print("still here")\nreturn 2'), call: { function: 'f' } }),
        ).toMatchObject({
          ok: true,
          repr: '2',
        })
      },
      START_MS,
    )
  })

  describe('python sandbox: no route from Python reaches JavaScript', () => {
    const GATE = /does not let Python reach JavaScript or the host|is blocked in the sandbox/
    const routes = [
      [
        'the Function constructor via pyodide.ffi.create_proxy',
        body(
          'p = sys.modules["pyodide"].ffi.create_proxy(f)\nreturn str(p.constructor.constructor("return process.pid")())',
        ),
      ],
      [
        'the Function constructor via _pyodide_core.create_proxy',
        body(
          'p = sys.modules["_pyodide_core"].create_proxy(f)\nreturn str(p.constructor.constructor("return process.pid")())',
        ),
      ],
      [
        'a JS array from to_js',
        body(
          'a = sys.modules["_pyodide_core"].to_js([1])\nreturn str(a.constructor.constructor("return process")())',
        ),
      ],
      [
        'js re-imported with importlib',
        body(
          'del sys.modules["js"]\njs = sys.modules["importlib"].import_module("js")\nreturn str(js.setTimeout.constructor("return process")())',
        ),
      ],
      [
        'js through builtins.__import__',
        body(`del sys.modules["js"]\njs = ${real('js')}\nreturn str(js.setTimeout)`),
      ],
      [
        'pyodide_js through builtins.__import__',
        body(`del sys.modules["pyodide_js"]\np = ${real('pyodide_js')}\nreturn str(p._module)`),
      ],
      [
        'the JS module objects the import hook keeps',
        body(
          'h = sys.modules["_pyodide._importhook"]\nreturn [str(v.constructor) for v in vars(h.jsfinder).get("jsproxies", {}).values()] or str(h.jsfinder.jsproxies)',
        ),
      ],
      [
        'a JsProxy found with gc.get_objects',
        body(
          // JsProxies are not tracked by gc, but the dicts holding them are.
          'import gc\nps = [v for o in gc.get_objects() if isinstance(o, dict) for v in o.values() if type(v).__name__ == "JsProxy"]\nreturn str(ps[0].constructor.constructor("return process")())',
        ),
      ],
      [
        "the prelude's real import reached by frame introspection",
        `${body(`${PRELUDE_GLOBALS}\ndel sys.modules["js"]\njs = g["_real_import"]("js")\nreturn str(js.setTimeout.constructor("return process")())`)}`,
      ],
      ['run_js', body('return sys.modules["pyodide"].code.run_js("process.pid")')],
      ['a C function called with ctypes', body(`ctypes = ${real('ctypes')}\nreturn ctypes.memmove(0, 0, 0)`)],
      [
        'a socket from the real socket module',
        body(`return ${real('socket')}.socket().connect(("127.0.0.1", 9))`),
      ],
      ['the working directory changed', body('return sys.modules["os"].chdir("/lib")')],
    ] as const

    it.each(routes)(
      '%s is refused with a clear error, and the pool serves the next call',
      async (_name, source) => {
        const pool = pools.get(1)!
        const out = await pool.run({ source, call: { function: 'f' } })
        expect(out.ok).toBe(false)
        if (out.ok) return
        expect(out.error.kind).toBe('sandbox-violation')
        expect(out.error.message).toMatch(GATE)
        expect(await innocent(pool)).toMatchObject({ ok: true, repr: '42' })
      },
    )
  })
}
