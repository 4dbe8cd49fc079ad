/**
 * The eval project's globalSetup, run once in Vitest's main process. It decides the endpoint
 * for the whole run: ARBIGRAPH_BASE_URL (one or several comma-separated servers; OPENAI_BASE_URL
 * when it is unset) or, when neither is set, the built-in simulator, announced by a banner no one can miss, because simulated
 * accuracy says nothing about a model. Either way a request pool sits in front, so the global
 * concurrency limit, retries and the response cache (resume) hold across all workers; the
 * workers learn its URL through `provide('arbigraph', …)`. Under `vitest list` nothing starts.
 * Reference: docs/research/ecosystem-anchors.md §A1 (gateway in globalSetup), §A6 (list runs globalSetup).
 */
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { protocolFromEnv } from '../agent/protocols/protocol-env.ts'
import { readRunIdentity } from '../endpoint/model-identity.ts'
import type { PlainReply } from '../endpoint/plain-request.ts'
import { requestText } from '../endpoint/plain-request.ts'
import { ArbigraphError } from '../errors.ts'
import { caseDeadlineMs as readCaseDeadline } from '../harness/case-deadline.ts'
import type { PoolEnv } from '../pool/env.ts'
import { poolOptionsFromEnv, readPoolEnv } from '../pool/env.ts'
import type { SimServer } from '../sim/server.ts'
import { serverProfileFromEnv } from '../sim/server-profile.ts'
import type { ArbigraphContext } from './provided-context.ts'
import { readSimEnv, simCacheScope, simIdentity } from './sim-env.ts'
import { orStop } from './stop-run.ts'

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

/**
 * The model a real server serves, checking first that the server answers: a dead endpoint stops
 * the run here, naming the URL and the variable that chose it, before any case could fail.
 */
async function endpointModel(env: PoolEnv): Promise<string> {
  const baseUrl = env.baseUrls[0]!
  const where = `"${baseUrl}" (${env.baseUrlVariable})`
  let reply: PlainReply
  try {
    reply = await requestText(`${baseUrl}/models`, {
      method: 'GET',
      headers: env.apiKey ? { authorization: `Bearer ${env.apiKey}` } : {},
      timeoutMs: 10_000,
    })
  } catch (error) {
    const code = ((error as Error).cause as { code?: unknown } | undefined)?.code
    const reason = typeof code === 'string' ? code : (error as Error).message
    throw new ArbigraphError(
      'ARBIGRAPH_ENDPOINT',
      `the model endpoint ${where} is unreachable (${reason}); start the server or correct ${env.baseUrlVariable}`,
    )
  }
  if (env.model) return env.model // some OpenAI-compatible servers do not list models
  const hint = 'set ARBIGRAPH_MODEL to the model id the server serves'
  let body: { data?: { id?: unknown }[] } | undefined
  try {
    body = JSON.parse(reply.text)
  } catch {}
  const id = body?.data?.[0]?.id
  if (reply.status === 200 && typeof id === 'string') return id
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `cannot read the model id from "${baseUrl}/models" (HTTP ${reply.status}, no model listed); ${hint}`,
  )
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
  // The reporters write under Vitest's root: the cache and the workers' case details go there too.
  const root = project.vitest.config.root
  if (listing(process.argv)) {
    project.provide('arbigraph', { poolUrl: '', model: 'none', simulated: false, listing: true, root })
    return async () => {}
  }
  // Imported here, where the run starts: every suite file imports this module too (through
  // `arbigraph/vitest`), and a worker starts no simulator, preflight or request pool.
  const [{ preflight }, { startRequestPool }, { startSimServer }] = await Promise.all([
    import('../doctor/preflight.ts'),
    import('../pool/gateway.ts'),
    import('../sim/server.ts'),
  ])
  // Anything that stops the run here ends it with one message and writes nothing.
  const env = await orStop(() => readPoolEnv(process.env))
  const caseDeadlineMs = await orStop(() => readCaseDeadline(process.env))
  const simServer = await orStop(() => serverProfileFromEnv(process.env).name)
  const simEnv = env.baseUrls.length === 0 ? await orStop(() => readSimEnv(process.env)) : undefined
  let sim: SimServer | undefined
  if (simEnv) {
    const { persona, seed, latencyMs, noise } = simEnv
    sim = await orStop(() =>
      startSimServer({
        persona,
        seed,
        latencyMs,
        server: simServer,
        ...(noise === undefined ? {} : { noise }),
      }),
    )
    console.warn(`\n${simBanner(simEnv.persona)}\n`)
  }
  const desk = sim ? await startCaseDesk(sim) : undefined
  const model = sim?.model ?? (await orStop(() => endpointModel(env)))
  // The doctor's checks: a server that would bias the results stops the run before any case.
  const protocol = await orStop(() => protocolFromEnv())
  const server = await orStop(() =>
    preflight({
      baseUrls: env.baseUrls,
      ...(sim ? {} : { model, ...(env.apiKey ? { apiKey: env.apiKey } : {}) }),
      ...(protocol ? { protocol } : {}),
      simServer,
    }),
  )
  // Who answers keys the response cache: a stored answer is replayed only to the same model.
  const identity = sim
    ? simIdentity(simCacheScope({ ...simEnv!, server: simServer }), env.revision)
    : await orStop(() =>
        readRunIdentity(env.baseUrls, {
          model,
          ...(env.apiKey ? { apiKey: env.apiKey } : {}),
          ...(env.revision ? { revision: env.revision } : {}),
        }),
      )
  for (const note of identity.notes) console.warn(note)
  const runId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`
  const pool = await orStop(() =>
    startRequestPool({
      ...poolOptionsFromEnv(
        { ...env, cacheDir: resolve(root, env.cacheDir) },
        { runId, ...(sim ? { upstreams: [sim.url] } : {}) },
      ),
      cacheScope: identity.scope,
      cacheServer: identity.label,
    }),
  )
  const context: ArbigraphContext = {
    poolUrl: pool.url,
    model,
    simulated: sim !== undefined,
    listing: false,
    root,
    server,
    identity: identity.label,
    // Each attempt may take the full per-attempt timeout; backoff waits are capped at 60 s.
    turnTimeoutMs: (env.maxRetries + 1) * (env.requestTimeoutMs + 60_000),
    streamIdleMs: env.idleTimeoutMs + 30_000,
    caseDeadlineMs,
    ...(desk ? { simControlUrl: desk.url } : {}),
  }
  project.provide('arbigraph', context)
  return async () => {
    await pool.close()
    const statsFile = simEnv?.statsFile ?? process.env.ARBIGRAPH_SIM_STATS
    if (statsFile) {
      const { requests, upstreamRequests, cacheHits, retries, failures, maxInFlight } = pool.stats
      const poolStats = { requests, upstreamRequests, cacheHits, retries, failures, maxInFlight }
      writeFileSync(
        resolve(root, statsFile),
        `${JSON.stringify({ sim: sim?.stats ?? null, pool: poolStats }, null, 2)}\n`,
      )
    }
    desk?.server.close()
    await sim?.close()
  }
}
