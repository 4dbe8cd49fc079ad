/**
 * Whether the agent protocol a suite asks for can run against the server the doctor checked. A
 * module of its own: suites assert it in every worker, where the checks themselves (probes,
 * model lists, their HTTP clients) are never needed.
 */
import type { ProtocolName } from '../agent/protocols/protocol-env.ts'
import type { ServerReport } from '../contracts/server-report.ts'
import { ArbigraphError } from '../errors.ts'

/**
 * Why `protocol` cannot run against the server, or undefined when it can.
 * @example blockingReason(server, 'text') // 'the <tool_call> block vanished … → for the text protocol drop --tool-call-parser …'
 */
export const blockingReason = (server: ServerReport, protocol: ProtocolName): string | undefined =>
  server.protocols[protocol].usable ? undefined : server.protocols[protocol].reason

/**
 * Why a protocol cannot run against the server, as the error that stops a suite or a run.
 * @example assertProtocolUsable(server, 'text') // throws 'arbigraph: the text protocol cannot run against http://…: …'
 */
export function assertProtocolUsable(server: ServerReport, protocol: ProtocolName): void {
  const reason = blockingReason(server, protocol)
  if (reason === undefined) return
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `arbigraph: the ${protocol} protocol cannot run against ${server.baseUrl}: ${reason} (run \`arbigraph doctor\` for the full report)`,
  )
}
