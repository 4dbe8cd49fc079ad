// Sandbox child: one pyodide interpreter in a Node process started by the pool with
// `--experimental-permission` and read access to pyodide's files and this directory's child
// scripts only (so no file writes, no reads elsewhere, no child processes, no workers), no code
// generation from strings, a minimal environment and no JS globals visible to Python beyond the
// timers pyodide 0.25.1 needs at start-up. Plain .mjs so Node loads it without tsx. Protocol
// over IPC: the child sends {type:'ready'}; each request {id, source, function, args, kwargs,
// stepBudget} gets {id, answer} (a JSON string made in Python), with `retire: true` when this
// interpreter must not take another call, or {id, crashed} after which the child exits.
//
// Every call forgets the previous one: task code runs with the wasm import gate closed (no
// JavaScript, no host: import-gate.mjs), and the heap snapshot taken below is put back after
// each call (heap-snapshot.mjs). Requests reach Python through the CPython C API directly, not
// pyodide's JS bridge, so a call touches nothing the gate must let through.
//
// Reference: docs/research/runtime-options.md §1.4 (permission model, jsglobals, process.binding).
import { constants as fsConstants, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { takeHeapSnapshot } from './heap-snapshot.mjs'
import { GateClosed, installImportGate } from './import-gate.mjs'

const [pyodideDir, preludePath, hashSeed, memoryMb] = process.argv.slice(2)

// Pyodide asks for process.binding('constants'), which the permission model forbids.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants }
  throw new Error(`process.binding("${name}") is not available in the sandbox`)
}

// Memory cap: refusing to grow the wasm memory makes malloc return NULL, so Python raises a
// clean MemoryError and the interpreter survives. Armed after start-up.
const PAGE = 65536
let capBytes = Number.POSITIVE_INFINITY
let refused = false
const grow = WebAssembly.Memory.prototype.grow
WebAssembly.Memory.prototype.grow = function (pages) {
  if (this.buffer.byteLength + pages * PAGE > capBytes) {
    refused = true
    throw new RangeError('wasm memory cap reached')
  }
  return grow.call(this, pages)
}

const gate = installImportGate()
// pyodide.mjs would load its Emscripten module with import(): for a .js file in a package without
// "type", Node then compiles the 1.1 MB file once to detect its format and lexes it for CommonJS
// exports, about 0.2 CPU-s of every start. Loaded as CommonJS it defines the global
// `_createPyodideModule` that pyodide looks for first, and pyodide loads nothing more.
createRequire(import.meta.url)(join(pyodideDir, 'pyodide.asm.js'))
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, 'pyodide.mjs')).href)
const py = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  jsglobals: { setTimeout, clearTimeout, setInterval, clearInterval },
  env: { PYTHONHASHSEED: hashSeed, HOME: '/home/pyodide' },
})
// Unbuffered sinks: a line-batching handler would keep a partial line in JS from call to call.
const discard = { write: (buffer) => buffer.length }
py.setStdout(discard)
py.setStderr(discard)
py.runPython(readFileSync(preludePath, 'utf8'))
const module = py._module
const wasm = gate.instance().exports

// The file system is read-only to task code (imports only read it): opening a file to write
// fails with EROFS, so no call can leave a file for a later one. Devices (/dev/null) stay open.
const WRITE_FLAGS = 0o3 | 0o100 | 0o1000 | 0o2000 // O_WRONLY|O_RDWR, O_CREAT, O_TRUNC, O_APPEND
const { FS } = py
const openFile = FS.open
FS.open = function (path, flags, mode) {
  if (typeof flags === 'string' ? flags !== 'r' : flags & WRITE_FLAGS) {
    let device = false
    try {
      device = typeof path === 'string' && FS.isChrdev(FS.lookupPath(path, { follow: true }).node.mode)
    } catch {}
    if (!device) throw new FS.ErrnoError(py.ERRNO_CODES.EROFS)
  }
  return openFile.call(this, path, flags, mode)
}

const cString = (text) => {
  const bytes = new TextEncoder().encode(`${text}\0`)
  const at = wasm.malloc(bytes.length)
  module.HEAPU8.set(bytes, at)
  return at
}
const prelude = wasm.PyModule_GetDict(wasm.PyImport_AddModule(cString('__main__')))
const [entry, compiler] = ['_arbigraph_run', '_arbigraph_compile'].map((name) => {
  const fn = wasm.PyDict_GetItemString(prelude, cString(name))
  if (!fn) throw new Error(`sandbox prelude defines no ${name}`)
  return fn
})
const answerLength = wasm.malloc(4)

// Python-level guards can be bypassed, but the gate keeps Python away from every JS object;
// these remove what a JS-level escape would reach first in Node 20, in case one is ever found:
// signalling other processes, loading builtins (net, http) or addons, fetch.
const send = process.send.bind(process)
const denied = (what) => () => {
  throw new Error(`${what} is not available in the sandbox`)
}
for (const name of ['kill', '_kill', 'getBuiltinModule', 'dlopen', '_linkedBinding', 'send', 'chdir'])
  if (typeof process[name] === 'function') process[name] = denied(`process.${name}`)
for (const name of ['fetch', 'WebSocket', 'EventSource', 'require'])
  if (name in globalThis) delete globalThis[name]

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const failure = (kind, message) => JSON.stringify({ ok: false, kind, message, steps: 0 })

/** Calls `fn(text)` of the prelude; undefined when it raised or returned no string. */
function callPrelude(fn, request) {
  const bytes = encoder.encode(request)
  const at = wasm.malloc(bytes.length)
  if (!at) return undefined
  module.HEAPU8.set(bytes, at)
  const text = wasm.PyUnicode_DecodeUTF8(at, bytes.length, 0)
  const args = text && wasm.PyTuple_New(1)
  if (!args || wasm.PyTuple_SetItem(args, 0, text) !== 0) return undefined
  gate.close()
  let result
  try {
    result = wasm.PyObject_Call(fn, args, 0)
  } finally {
    gate.open()
  }
  const data = result && wasm.PyUnicode_AsUTF8AndSize(result, answerLength)
  if (!data) return undefined
  return decoder.decode(module.HEAPU8.subarray(data, data + module.HEAPU32[answerLength >> 2]))
}

/** Marshalled code per source (base64), made on a clean heap by `_arbigraph_compile`. */
const compiled = new Map()
const MAX_COMPILED = 1024

function compiledCode(source) {
  if (compiled.has(source)) return compiled.get(source)
  const code = callPrelude(compiler, source) ?? null
  // Compiling changed the heap; the call must start from the same bytes as a cache hit.
  snapshot.restoreMemory(false)
  if (gate.tripped || code === null) return null
  if (compiled.size >= MAX_COMPILED) compiled.clear()
  compiled.set(source, code)
  return code
}

const answer = (request) => {
  refused = false
  let text
  try {
    const code = compiledCode(request.source)
    text = callPrelude(
      entry,
      JSON.stringify({
        source: request.source,
        code,
        function: request.function,
        args: request.args ?? [],
        kwargs: request.kwargs ?? {},
        stepBudget: request.stepBudget,
      }),
    )
  } catch (error) {
    // The gate's refusal unwinds the interpreter; anything else is a real crash.
    if (!gate.tripped) throw error
  }
  if (gate.tripped) return failure('sandbox-violation', new GateClosed(gate.tripped).message)
  if (refused)
    // Task code may have caught the MemoryError; the cap was still hit, so say so.
    return failure('memory', `allocation refused: the wasm heap may not exceed ${memoryMb} MB`)
  let parsed
  try {
    parsed = text === undefined ? undefined : JSON.parse(text)
  } catch {}
  if (typeof parsed?.ok !== 'boolean')
    return failure('sandbox-violation', 'the call tampered with the sandbox prelude: it gave no answer')
  return text
}

// One typical call before the snapshot, so the lazy first-use work of every call (typing's
// alias caches, the tracer, literal_eval) is done once and kept warm in the snapshot.
callPrelude(
  entry,
  JSON.stringify({
    source: 'def warm(a: List[int], k: int) -> Optional[int]:\n    return sorted(a)[k] if a else None',
    function: 'warm',
    args: ['[3, 1, 2]', '1'],
    kwargs: {},
    stepBudget: 1000,
  }),
)
capBytes = Number(memoryMb) * 1024 * 1024
// Last: everything start-up allocates is in the snapshot.
const snapshot = takeHeapSnapshot(module, wasm)

process.on('message', (request) => {
  let reply
  try {
    reply = { id: request.id, answer: answer(request) }
  } catch (error) {
    // A fatal pyodide error (e.g. a JS stack overflow): JS-side state may be half-changed.
    send({ id: request.id, crashed: String(error?.message ?? error).slice(0, 2000) }, () => process.exit(1))
    return
  }
  const intact = snapshot.restoreStreams()
  send(intact ? reply : { ...reply, retire: true }, intact ? undefined : () => process.exit(0))
  // After the answer has gone: the parent does not wait for the copy.
  snapshot.restoreMemory(Boolean(gate.tripped))
})
process.on('disconnect', () => process.exit(0))
send({ type: 'ready' })
