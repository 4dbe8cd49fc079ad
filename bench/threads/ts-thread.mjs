// Worker-thread entry for benchmarks: threads do not inherit the parent's TypeScript loader, so
// register tsx first, then run the TypeScript module named in workerData.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.module)
