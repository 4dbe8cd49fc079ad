/** Benchmark thread: the simulated endpoint, standing in for a model server on another machine. */
import { parentPort, workerData } from 'node:worker_threads'
import { startSimServer } from '../../src/sim/index.ts'

const sim = await startSimServer({ persona: 'sim:oracle', latencyMs: workerData.latencyMs })
parentPort!.postMessage({ url: sim.url, model: sim.model })
parentPort!.on('message', async (message: string) => {
  if (message === 'stats')
    parentPort!.postMessage({ maxInFlight: sim.stats.maxInFlight, requests: sim.stats.requests })
  if (message === 'close') {
    await sim.close()
    process.exit(0)
  }
})
