// The wasm import gate: everything pyodide's interpreter can do outside its own linear memory
// goes through the wasm module's imports (the JS bridge behind `js`, `pyodide.ffi`,
// `_pyodide_core` and every JsProxy; process exit; `system`; sockets; dlopen; ctypes calls;
// timers; file-system writes). While task code runs the gate is closed: only the imports pure
// Python needs stay callable, and any other one throws before it runs, which unwinds the
// interpreter straight back to the child. Task code cannot catch that (it is not a Python
// exception) and cannot reopen the gate (the flag lives in JS, out of Python's reach); the
// heap snapshot then puts the interpreter back as it was. So the Python -> JavaScript routes
// (`create_proxy(f).constructor.constructor`, `import js` via importlib, a JsProxy forged with
// ctypes) all end at the first JS-side operation, however they were reached.
//
// The allowlist is what pure Python executes: function-pointer trampolines, memory growth,
// clocks and entropy, the read-only file calls that imports use (the file system itself is
// made read-only by the child), stdout/stderr writes, and setjmp/longjmp control flow. It was
// taken from the calls the 1,280 reference records and the sandbox tests make, then reviewed:
// none of these reaches JS objects, creates processes or keeps state outside the heap.
// Plain .mjs: loaded by the child without tsx.

const ALLOWED = new Set(
  `_PyEM_TrampolineCall_JS _PyImport_InitFunc_TrampolineCall _PyEM_CountFuncParams
  _PyEM_detect_type_reflection _Py_CheckEmscriptenSignals_Helper _Py_emscripten_runtime
  _emscripten_get_progname emscripten_memcpy_js emscripten_resize_heap emscripten_get_heap_max
  emscripten_date_now _emscripten_get_now_is_monotonic emscripten_get_now emscripten_get_now_res
  _localtime_js _gmtime_js _mktime_js _timegm_js _tzset_js strftime strftime_l getentropy
  __syscall_openat fd_read fd_pread fd_seek fd_close fd_write fd_fdstat_get fd_sync
  __syscall_fstat64 __syscall_stat64 __syscall_lstat64 __syscall_newfstatat __syscall_getdents64
  __syscall_readlinkat __syscall_faccessat __syscall_getcwd __syscall_fcntl64 __syscall_ioctl
  _emscripten_throw_longjmp`.split(/\s+/),
)

/** Whether task code may call the import `name` (the `invoke_*` family is setjmp/longjmp). */
export const isAllowedImport = (name) => ALLOWED.has(name) || name.startsWith('invoke_')

export class GateClosed extends Error {
  constructor(name) {
    super(`the sandbox does not let Python reach JavaScript or the host ("${name}")`)
    this.importName = name
  }
}

/**
 * Patches `WebAssembly.instantiate` so the next module instantiated with an `env` import object
 * (pyodide's main module) gets every function import outside the allowlist wrapped in a check
 * of the gate. Allowed imports are left untouched, so pure Python pays nothing.
 * @returns the gate: `close()` before task code, `open()` after; `tripped` names the first
 * import refused since the last `close()`; `instance()` is the gated instance.
 */
export function installImportGate() {
  let closed = false
  let tripped
  let instance
  const instantiate = WebAssembly.instantiate
  WebAssembly.instantiate = async function (source, imports) {
    if (imports?.env && !instance) {
      for (const [name, value] of Object.entries(imports.env)) {
        if (typeof value !== 'function' || isAllowedImport(name)) continue
        const gated = function (...args) {
          if (closed) {
            tripped ??= name
            throw new GateClosed(name)
          }
          return value.apply(this, args)
        }
        // Emscripten reads `sig` and friends off imports when it builds wasm wrappers.
        imports.env[name] = Object.assign(gated, value)
      }
      const result = await instantiate.call(this, source, imports)
      instance = result.instance ?? result
      return result
    }
    return instantiate.call(this, source, imports)
  }
  return {
    close() {
      closed = true
      tripped = undefined
    },
    open() {
      closed = false
    },
    get tripped() {
      return tripped
    },
    instance() {
      if (!instance) throw new Error('the sandbox could not gate the interpreter: no wasm instance seen')
      return instance
    },
  }
}
