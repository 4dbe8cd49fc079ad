/**
 * The simulated OpenAI-compatible endpoint: a real `node:http` server on 127.0.0.1 that speaks
 * chat completions the way vLLM serving a Qwen3.5-class model does, with a persona deciding the
 * answers (oracle, noisy, chaos, replay). It is what the suites run against when no endpoint is
 * configured, and what the harness and request pool are tested against: real sockets, keep-alive,
 * SSE, retry headers and dropped connections. Routes: `GET /v1/models`, `POST /v1/chat/completions`,
 * `GET /health`, `GET /version`, `POST /tokenize` (when asked for), and the simulator-only `POST /arbigraph/cases` (case-book registration).
 * In-flight requests are counted from the request's arrival to its response's `close`, so
 * `maxInFlight` measures a client's real concurrency.
 * Reference: docs/research/ecosystem-anchors.md §C4 (an own `node:http` fake is the recommended test double).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ArbigraphError } from '../errors.ts'
import type { CaseBook, SimCaseInput } from './case-book.ts'
import { createCaseBook } from './case-book.ts'
import type { ExchangeContext, Latency } from './chat-completion.ts'
import { handleChatCompletion, readBody, sendJson } from './chat-completion.ts'
import type { PersonaOptions } from './create-persona.ts'
import { createPersona } from './create-persona.ts'
import { parseChatRequest, promptTokens, SimHttpError, vllmErrorBody } from './protocol.ts'
import type { ServerProfileName } from './server-profile.ts'
import { defaultServerProfile, serverProfile } from './server-profile.ts'

export interface SimServerOptions extends PersonaOptions {
  /** Delay before each answer, in ms, or a function of the request. @default 0 */
  latencyMs?: Latency
  /** The context window reported by `/v1/models` and enforced per request. @default 262144 */
  maxModelLen?: number
  /** Port to listen on (127.0.0.1 only). @default 0 (any free port) */
  port?: number
  /** The vLLM configuration to behave as (ARBIGRAPH_SIM_SERVER). @default 'vllm-legacy' */
  server?: ServerProfileName
  /**
   * Serve vLLM's `POST /tokenize` (chat form), counting as the chat route does, so a client can
   * decide a turn's fit before sending it; off, the route is absent (404) as on a server or a
   * proxy without it. @default false
   */
  tokenize?: boolean
}

export interface SimServerStats {
  requests: number
  inFlight: number
  maxInFlight: number
  /** Answers by HTTP status (`"200"`, `"429"`, …) plus the faults `"reset"` and `"hang"`. */
  byStatus: Record<string, number>
}

export interface SimServer {
  /** Base URL for an OpenAI client, ending in `/v1`. */
  url: string
  /** The served model id (the persona name). */
  model: string
  /** The simulated vLLM configuration. */
  server: ServerProfileName
  stats: SimServerStats
  /** Registers cases in-process; returns how many were added. */
  register(cases: readonly SimCaseInput[]): number
  /** Stops listening and cuts every open connection, hung requests included. */
  close(): Promise<void>
}

type Route = (req: IncomingMessage, res: ServerResponse, ctx: ExchangeContext) => Promise<void>

const routes: Record<string, Partial<Record<string, Route>>> = {
  '/v1/models': {
    GET: async (_req, res, ctx) => {
      const card = {
        id: ctx.model,
        object: 'model',
        created: 0,
        owned_by: 'arbigraph-sim',
        root: ctx.model,
        parent: null,
      }
      sendJson(res, 200, { object: 'list', data: [{ ...card, max_model_len: ctx.maxModelLen }] }, ctx.record)
    },
  },
  '/v1/chat/completions': { POST: handleChatCompletion },
  '/tokenize': {
    POST: async (req, res, ctx) => {
      if (!ctx.tokenize) throw new SimHttpError(404, 'NotFoundError', 'Not Found: POST /tokenize')
      const request = parseChatRequest(await readBody(req))
      // vLLM also lists the token ids; no client here reads them, and the count is what decides.
      sendJson(res, 200, { count: promptTokens(request), max_model_len: ctx.maxModelLen }, ctx.record)
    },
  },
  '/health': { GET: async (_req, res, ctx) => sendJson(res, 200, {}, ctx.record) },
  '/version': {
    GET: async (_req, res, ctx) => sendJson(res, 200, { version: ctx.profile.version }, ctx.record),
  },
  '/arbigraph/cases': {
    POST: async (req, res, ctx) => {
      let json: unknown
      try {
        json = JSON.parse(await readBody(req))
      } catch (error) {
        throw new SimHttpError(400, 'BadRequestError', `Invalid JSON body: ${(error as Error).message}`)
      }
      const cases = Array.isArray(json) ? json : (json as { cases?: unknown })?.cases
      if (!Array.isArray(cases))
        throw new SimHttpError(
          400,
          'BadRequestError',
          'expected an array of cases or {"cases": [...]}',
          'cases',
        )
      const registered = ctx.cases.register(cases as SimCaseInput[])
      sendJson(res, 200, { registered, total: ctx.cases.size }, ctx.record)
    },
  },
}

function sendFailure(res: ServerResponse, error: unknown, record: (status: string) => void): void {
  if (error instanceof SimHttpError) {
    sendJson(res, error.status, vllmErrorBody(error.status, error.type, error.message, error.param), record)
  } else if (error instanceof ArbigraphError) {
    sendJson(res, 400, vllmErrorBody(400, 'BadRequestError', error.message), record)
  } else {
    sendJson(res, 500, vllmErrorBody(500, 'InternalServerError', `sim: ${(error as Error).message}`), record)
  }
}

function dispatch(req: IncomingMessage, res: ServerResponse, ctx: ExchangeContext): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://sim').pathname
  const methods = routes[path]
  const route = methods?.[req.method ?? 'GET']
  if (route) return route(req, res, ctx)
  if (methods)
    return Promise.reject(
      new SimHttpError(405, 'MethodNotAllowed', `Method ${req.method} not allowed on ${path}`),
    )
  return Promise.reject(new SimHttpError(404, 'NotFoundError', `Not Found: ${req.method} ${path}`))
}

function checkOptions(options: SimServerOptions): void {
  const len = options.maxModelLen
  if (len !== undefined && !(Number.isInteger(len) && len > 0)) {
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `sim: maxModelLen must be a positive integer, got "${len}"`,
    )
  }
}

/**
 * Starts a simulated endpoint on 127.0.0.1.
 * @example
 * const sim = await startSimServer({ persona: 'sim:oracle' })
 * sim.register([{ prompt, outputs: { task_1_out: '50' }, depth: { task_1_out: 0 }, targets: ['task_1_out'] }])
 * const client = new OpenAI({ baseURL: sim.url, apiKey: 'sim' })
 * await sim.close()
 */
export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  checkOptions(options)
  const persona = createPersona(options)
  const profile = serverProfile(options.server ?? defaultServerProfile)
  const cases: CaseBook = createCaseBook()
  const stats: SimServerStats = { requests: 0, inFlight: 0, maxInFlight: 0, byStatus: {} }
  const record = (status: string) => {
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1
  }
  const ctx: ExchangeContext = {
    persona,
    profile,
    cases,
    model: persona.name,
    maxModelLen: options.maxModelLen ?? 262144,
    latencyMs: options.latencyMs ?? 0,
    tokenize: options.tokenize ?? false,
    record,
  }
  const server = createServer((req, res) => {
    stats.requests++
    stats.inFlight++
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
    res.once('close', () => {
      stats.inFlight--
    })
    dispatch(req, res, ctx).catch((error: unknown) => sendFailure(res, error, record))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    model: persona.name,
    server: profile.name,
    stats,
    register: (entries) => cases.register(entries),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
