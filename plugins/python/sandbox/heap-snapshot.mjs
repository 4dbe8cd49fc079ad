// The interpreter's clean state, taken once after the prelude and put back after every call.
// With the import gate closed, task code can change only two things: the wasm linear memory
// (every Python object, module, builtin, the prelude's own objects, C-level state such as the
// decimal context, `sys.set_int_max_str_digits` or memory poked with ctypes) and the open
// file streams of the in-memory file system (which is read-only). Copying the memory back
// restores the first completely, whatever the call did, and stream bookkeeping restores the
// second, so the next call starts from the same bytes as the first one did.
// Plain .mjs: loaded by the child without tsx.

/** Bytes of the dead C stack just below the idle stack pointer still restored (typical call depth). */
const DEAD_STACK_KEPT = 256 * 1024

const CHUNK = 65536
const PAGE = 4096

/**
 * Writes `bytes` back at `from`, copying only the 4 KB pages that differ: a call changes about a
 * tenth of the heap, and comparing (native memcmp, reads only) costs a fraction of copying.
 * Exact either way: every byte ends equal to the snapshot.
 */
function restoreChanged(heap, from, bytes) {
  const live = Buffer.from(heap.buffer, heap.byteOffset + from, bytes.length)
  const saved = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  for (let chunk = 0; chunk < bytes.length; chunk += CHUNK) {
    const chunkEnd = Math.min(chunk + CHUNK, bytes.length)
    if (live.compare(saved, chunk, chunkEnd, chunk, chunkEnd) === 0) continue
    for (let page = chunk; page < chunkEnd; page += PAGE) {
      const end = Math.min(page + PAGE, chunkEnd)
      if (live.compare(saved, page, end, page, end) !== 0) live.set(saved.subarray(page, end), page)
    }
  }
}

/**
 * Takes the snapshot. `module` is pyodide's Emscripten module, `exports` the gated instance's
 * exports (for the stack pointer, which a call unwound by the gate leaves deep).
 * @returns `restoreStreams()`, which closes the streams a call opened and says whether the
 * rest are as they were (false when one that existed at snapshot time was closed or replaced:
 * then the interpreter must be retired), and `restoreMemory(everything)`; `everything` also
 * clears grown memory beyond the heap top, for a call whose heap bookkeeping cannot be trusted.
 */
export function takeHeapSnapshot(module, exports) {
  const stack = exports.stackSave()
  const top = exports.sbrk(0) >>> 0
  // Everything from address 0 up to the heap top, except the C stack below the idle stack
  // pointer deeper than DEAD_STACK_KEPT: that part holds no live state (CPython does not read
  // memory it has not written), and skipping it saves a quarter of the copy on every call.
  const deadEnd = Math.max(exports.emscripten_stack_get_end(), stack - DEAD_STACK_KEPT)
  const segments = [
    [0, exports.emscripten_stack_get_end()],
    [deadEnd, top],
  ].map(([from, to]) => ({ from, bytes: module.HEAPU8.slice(from, to) }))
  const FS = module.FS
  const streams = FS.streams.map(
    (stream) => stream && { stream, flags: stream.flags, position: stream.position },
  )
  return {
    bytes: segments.reduce((sum, segment) => sum + segment.bytes.length, 0),
    restoreMemory(everything) {
      const heap = module.HEAPU8
      // Memory above the heap top was never handed out at snapshot time, so it was zero. The
      // allocator does not give memory back, so the top after a call is its high-water mark:
      // zero up to there (the whole memory when the call's heap bookkeeping cannot be trusted).
      const reached = Math.min(Math.max(exports.sbrk(0) >>> 0, top), heap.length)
      heap.fill(0, top, everything ? heap.length : reached)
      for (const { from, bytes } of segments) restoreChanged(heap, from, bytes)
      exports.stackRestore(stack)
    },
    restoreStreams() {
      let intact = true
      const open = FS.streams
      for (let fd = 0; fd < Math.max(open.length, streams.length); fd++) {
        const saved = streams[fd]
        const current = open[fd]
        if (saved) {
          if (current !== saved.stream) intact = false
          else Object.assign(current, { flags: saved.flags, position: saved.position })
        } else if (current) {
          // Opened by the call (and forgotten with its Python file object): close it.
          try {
            FS.close(current)
          } catch {
            intact = false
          }
        }
      }
      return intact
    },
  }
}
