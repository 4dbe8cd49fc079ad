/**
 * The eval project's globalSetup, run once in Vitest's main process. It decides the endpoint
 * for the whole run: ARBIGRAPH_BASE_URL (one or several comma-separated servers) or, when that
 * is unset, the built-in simulator, announced by a banner no one can miss, because simulated
 * accuracy says nothing about a model. Either way a request pool sits in front, so the global
 * concurrency limit, retries and the response cache (resume) hold across all workers; the
 * workers learn its URL through `provide('arbigraph', …)`. Under `vitest list` nothing starts.
 * Reference: docs/research/ecosystem-anchors.md §A1 (gateway in globalSetup), §A6 (list runs globalSetup).
 */
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import { protocolFromEnv } from '../agent/protocols/protocol-env.ts'
import { preflight } from '../doctor/preflight.ts'
import { ArbigraphError } from '../errors.ts'
import { poolOptionsFromEnv, readPoolEnv } from '../pool/env.ts'
import { startRequestPool } from '../pool/gateway.ts'
import { personaNames } from '../sim/create-persona.ts'
import type { PersonaName } from '../sim/personas/persona.ts'
import { type SimServer, startSimServer } from '../sim/server.ts'
import { serverProfileFromEnv } from '../sim/server-profile.ts'
import type { ArbigraphContext } from './provided-context.ts'

/** ARBIGRAPH_SIM_NOISE: sim:noisy's error multiplier (default 1), e.g. to compare two noise levels. */
function simNoise(env: NodeJS.ProcessEnv): { noise?: number } {
  const text = env.ARBIGRAPH_SIM_NOISE?.trim()
  if (!text) return {}
  const noise = Number(text)
  if (!Number.isFinite(noise) || noise < 0) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `ARBIGRAPH_SIM_NOISE: expected a number ≥ 0, got "${text}"`,
    )
  }
  return { noise }
}

/**
 * The banner printed when no endpoint is configured.
 * @example simBanner('sim:noisy').includes('SIMULATED') // true
 */
export function simBanner(persona: string): string {
  const rule = '!'.repeat(78)
  return [
    rule,
    `!!  ARBIGRAPH: NO MODEL ENDPOINT CONFIGURED - RESULTS ARE SIMULATED (${persona})`,
    '!!  These numbers come from the built-in simulator, not from a language model.',
    '!!  To evaluate a real model, point arbigraph at an OpenAI-compatible server:',
    '!!    ARBIGRAPH_BASE_URL=http://localhost:8000/v1 ARBIGRAPH_MODEL=<model id> npx vitest run',
    '!!  (or: arbigraph eval --base-url http://localhost:8000/v1 --model <model id>)',
    rule,
  ].join('\n')
}

function simPersona(env: NodeJS.ProcessEnv): PersonaName {
  const name = env.ARBIGRAPH_SIM?.trim() || 'sim:noisy'
  if ((personaNames as readonly string[]).includes(name) && name !== 'replay') return name as PersonaName
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `ARBIGRAPH_SIM: unknown simulator persona "${name}"; expected one of sim:oracle, sim:noisy, sim:chaos`,
  )
}

function simLatency(env: NodeJS.ProcessEnv): number {
  const text = env.ARBIGRAPH_SIM_LATENCY_MS?.trim() || '0'
  const value = Number(text)
  if (Number.isInteger(value) && value >= 0) return value
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `ARBIGRAPH_SIM_LATENCY_MS: expected an integer ≥ 0, got "${text}"`,
  )
}

/** The model a real server serves, when ARBIGRAPH_MODEL does not say. */
async function discoverModel(baseUrl: string, apiKey: string | undefined): Promise<string> {
  const hint = 'set ARBIGRAPH_MODEL to the model id the server serves'
  try {
    const response = await fetch(`${baseUrl}/models`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await response.json()) as { data?: { id?: unknown }[] }
    const id = body.data?.[0]?.id
    if (response.ok && typeof id === 'string') return id
    throw new Error(`HTTP ${response.status}, no model listed`)
  } catch (error) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `cannot read the model id from "${baseUrl}/models" (${(error as Error).message}); ${hint}`,
    )
  }
}

/**
 * Case registration for the workers, served from this process: the simulator learns the cases
 * in-process, so its own counters (requests, in flight) see model requests only.
 */
async function startCaseDesk(sim: SimServer): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { cases?: unknown }
      const registered = sim.register((body.cases ?? []) as never)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ registered }))
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/arbigraph/cases`, server }
}

const listing = (argv: readonly string[]) => argv.slice(2).includes('list')

/**
 * Vitest globalSetup: starts the simulator (when needed) and the request pool, provides their
 * coordinates to the workers, and returns the teardown.
 * @example // vitest.config.ts: test: { globalSetup: ['./src/vitest/global-setup.ts'] }
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (listing(process.argv)) {
    project.provide('arbigraph', { poolUrl: '', model: 'none', simulated: false, listing: true })
    return async () => {}
  }
  const env = readPoolEnv(process.env)
  const simServer = serverProfileFromEnv(process.env).name
  let sim: SimServer | undefined
  if (env.baseUrls.length === 0) {
    const persona = simPersona(process.env)
    sim = await startSimServer({
      persona,
      seed: process.env.ARBIGRAPH_SIM_SEED ?? 0,
      latencyMs: simLatency(process.env),
      server: simServer,
      ...simNoise(process.env),
    })
    console.warn(`\n${simBanner(persona)}\n`)
  }
  const desk = sim ? await startCaseDesk(sim) : undefined
  const model = sim?.model ?? env.model ?? (await discoverModel(env.baseUrls[0]!, env.apiKey))
  // The doctor's checks: a server that would bias the results stops the run before any case.
  const protocol = protocolFromEnv()
  const server = await preflight({
    baseUrls: env.baseUrls,
    ...(sim ? {} : { model, ...(env.apiKey ? { apiKey: env.apiKey } : {}) }),
    ...(protocol ? { protocol } : {}),
    simServer,
  })
  const runId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`
  const pool = await startRequestPool(
    poolOptionsFromEnv(env, { runId, ...(sim ? { upstreams: [sim.url] } : {}) }),
  )
  const context: ArbigraphContext = {
    poolUrl: pool.url,
    model,
    simulated: sim !== undefined,
    listing: false,
    server,
    // Each attempt may take the full per-attempt timeout; backoff waits are capped at 60 s.
    turnTimeoutMs: (env.maxRetries + 1) * (env.requestTimeoutMs + 60_000),
    streamIdleMs: env.idleTimeoutMs + 30_000,
    ...(desk ? { simControlUrl: desk.url } : {}),
  }
  project.provide('arbigraph', context)
  return async () => {
    await pool.close()
    const statsFile = process.env.ARBIGRAPH_SIM_STATS
    if (statsFile) {
      const { requests, upstreamRequests, cacheHits, retries, failures, maxInFlight } = pool.stats
      const poolStats = { requests, upstreamRequests, cacheHits, retries, failures, maxInFlight }
      writeFileSync(statsFile, `${JSON.stringify({ sim: sim?.stats ?? null, pool: poolStats }, null, 2)}\n`)
    }
    desk?.server.close()
    await sim?.close()
  }
}
