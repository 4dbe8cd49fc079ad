/**
 * Closing the pool while an interpreter is still starting: the interpreter is killed and the
 * close waits for its end, which must come. An idle interpreter's handles are unreferenced, so
 * the wait once let the event loop run dry and a script ending on `await pool.close()` exited 13
 * (unfinished top-level await) without finishing its last lines. In a process of its own, as a
 * user's script runs.
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const tsx = createRequire(import.meta.url).resolve('tsx')

it('a script ending on await pool.close() mid-call finishes and exits 0, the call settled as closed', () => {
  const child = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(tsx).href, join(import.meta.dirname, 'close-mid-call.ts')],
    { encoding: 'utf8', timeout: 120_000 },
  )
  expect(child.status, child.stderr).toBe(0)
  expect(JSON.parse(child.stdout)).toEqual({
    ok: false,
    error: expect.objectContaining({ kind: 'crashed', message: 'python pool closed' }),
  })
})
