/**
 * The `arbigraph` command line, as bin/arbigraph.js runs it: the built-ins registered, then
 * `main` (src/cli/main.ts). The bundle of it (dist/bin/cli.cjs) also serves `generate`'s helper
 * threads (bin/generate-helper.js): they run the same bundle from the same code cache, so a
 * helper is ready in tens of milliseconds where loading the package's modules took hundreds.
 * Both are imported when called, so that no other command loads them.
 */
import type { MessagePort } from 'node:worker_threads'
import type { ChunkRequest } from './src/generate/generate-chunk.ts'
import './use-builtins.ts'

export { main } from './src/cli/main.ts'

/** Makes `generate`'s helper threads run `file` (bin/generate-helper.js). */
export const useGenerationHelper = async (file: string): Promise<void> =>
  (await import('./src/generate/helper-entry.ts')).useGenerationHelper(file)

/** A helper thread's loop (bin/generate-helper.js). */
export const serveChunks = async (port: MessagePort, warm: ChunkRequest): Promise<void> =>
  (await import('./src/generate/generate-chunk.ts')).serveChunks(port, warm)
