// Sandbox child: one pyodide interpreter in a Node process started by the pool with
// `--experimental-permission` and read access to pyodide's files, this file and the prelude only
// (so no file writes, no reads elsewhere, no child processes, no workers), a minimal environment
// and no JS globals visible to Python beyond the timers pyodide 0.25.1 needs. Plain .mjs so Node
// loads it without tsx. Protocol over IPC: the child sends {type:'ready'}; each request
// {id, source, function, args, kwargs, stepBudget} gets {id, answer} (a JSON string made in
// Python) or {id, crashed} after which the child exits and the pool starts a new one.
//
// Reference: docs/research/runtime-options.md §1.4 (permission model, jsglobals, process.binding).
import { constants as fsConstants, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

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

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, 'pyodide.mjs')).href)
const py = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  jsglobals: { setTimeout, clearTimeout, setInterval, clearInterval },
  env: { PYTHONHASHSEED: hashSeed, HOME: '/home/pyodide' },
  stdout: () => {},
  stderr: () => {},
})
py.runPython(readFileSync(preludePath, 'utf8'))
const run = py.globals.get('_arbigraph_run')
capBytes = Number(memoryMb) * 1024 * 1024

// Python-level guards can be bypassed by frame introspection, which leads to a JS Function
// constructor and so to `process`. The permission model still denies fs and child processes;
// close what it leaves open in Node 20: signalling other processes, loading builtins (net,
// http) or addons, fetch. Dynamic import() cannot be removed, so the network stays reachable
// for determined code; the machines we run on have none (documented threat model).
const send = process.send.bind(process)
const denied = (what) => () => {
  throw new Error(`${what} is not available in the sandbox`)
}
for (const name of ['kill', '_kill', 'getBuiltinModule', 'dlopen', '_linkedBinding', 'send', 'chdir'])
  if (typeof process[name] === 'function') process[name] = denied(`process.${name}`)
for (const name of ['fetch', 'WebSocket', 'EventSource', 'require'])
  if (name in globalThis) delete globalThis[name]

const answer = (request) => {
  refused = false
  const text = run(
    request.source,
    request.function,
    JSON.stringify(request.args ?? []),
    JSON.stringify(request.kwargs ?? {}),
    request.stepBudget,
  )
  if (!refused) return text
  // Task code may have caught the MemoryError; the cap was still hit, so say so.
  const parsed = JSON.parse(text)
  return JSON.stringify({
    ok: false,
    kind: 'memory',
    message: `allocation refused: the wasm heap may not exceed ${memoryMb} MB`,
    steps: parsed.steps ?? 0,
  })
}

process.on('message', (request) => {
  try {
    send({ id: request.id, answer: answer(request) })
  } catch (error) {
    // A fatal pyodide error (e.g. a JS stack overflow) leaves the interpreter unusable.
    send({ id: request.id, crashed: String(error?.message ?? error).slice(0, 2000) }, () => process.exit(1))
  }
})
process.on('disconnect', () => process.exit(0))
send({ type: 'ready' })
