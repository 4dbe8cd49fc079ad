/**
 * The doctor's checks at the start of every eval, before the first case: the endpoint is checked
 * once (every server of a comma-separated list, or a simulator of the configured profile when
 * none is set), and the run stops when the server would bias its results: it cannot be reached,
 * does not serve the model, misreads overflows, or cannot serve the protocol ARBIGRAPH_PROTOCOL
 * names. Without ARBIGRAPH_PROTOCOL each suite keeps its own protocol, so the run stops here only
 * when neither protocol works; a suite whose protocol cannot run stops itself before its first
 * case (`assertProtocolUsable` in protocol-usable.ts). The built-in simulator is checked through a throwaway instance
 * of the same server profile, so the probes never show up in the run's simulator counters.
 */
import type { ProtocolName } from '../agent/protocols/protocol-env.ts'
import type { ServerReport } from '../contracts/server-report.ts'
import { startSimServer } from '../sim/server.ts'
import type { ServerProfileName } from '../sim/server-profile.ts'
import { checkServer } from './check-server.ts'
import { formatReport } from './format-report.ts'
import { assertProtocolUsable } from './protocol-usable.ts'

export interface PreflightOptions {
  /** The real servers; empty = the built-in simulator with `simServer`. */
  baseUrls: readonly string[]
  model?: string
  apiKey?: string
  /** ARBIGRAPH_PROTOCOL, when set. */
  protocol?: ProtocolName
  simServer: ServerProfileName
  /** Where the table goes when something is not ok. @default console.warn */
  log?: (text: string) => void
}

async function checkSimulated(simServer: ServerProfileName): Promise<ServerReport> {
  const sim = await startSimServer({ persona: 'sim:oracle', server: simServer })
  try {
    return await checkServer({ baseUrl: sim.url, simulated: simServer })
  } finally {
    await sim.close()
  }
}

/**
 * Checks the run's endpoint; returns the first server's report (for `run.server`) or throws.
 * @example const server = await preflight({ baseUrls: [], simServer: 'vllm-legacy' })
 */
export async function preflight(options: PreflightOptions): Promise<ServerReport> {
  const log = options.log ?? ((text: string) => console.warn(text))
  const reports =
    options.baseUrls.length === 0
      ? [await checkSimulated(options.simServer)]
      : await Promise.all(
          options.baseUrls.map((baseUrl) =>
            checkServer({
              baseUrl,
              ...(options.model === undefined ? {} : { model: options.model }),
              ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
            }),
          ),
        )
  for (const server of reports) {
    if (server.checks.some((check) => check.status !== 'ok' && check.status !== 'skip'))
      log(formatReport(server).join('\n'))
    if (options.protocol) assertProtocolUsable(server, options.protocol)
    else if (!server.protocols.chat.usable && !server.protocols.text.usable) {
      assertProtocolUsable(server, 'chat')
    }
  }
  return reports[0]!
}
