// A generation helper thread's entry (generation-threads.ts). Worker threads do not inherit the
// parent's TypeScript loader (neither tsx's nor Vitest's), so this plain-JS file loads the chunk
// generator through importSource: compiled in the package, TypeScript in a source checkout. The
// command line's bundle has an entry of its own (bin/generate-helper.js).
import { parentPort, workerData } from 'node:worker_threads'
import { importSource } from '../import-source.mjs'

const { serveChunks } = await importSource('./generate-chunk', import.meta.url)
await serveChunks(parentPort, workerData)
