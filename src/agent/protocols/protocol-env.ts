/**
 * ARBIGRAPH_PROTOCOL: the harness protocol of one run (`chat` or `text`), overriding every
 * suite's own choice. Unset, each suite keeps its protocol (`chat` unless the suite says
 * otherwise). Read in the main process (the preflight checks the server for it) and in every
 * worker (the suites run with it), so one parser gives both the same answer.
 */
import { ArbigraphError } from '../../errors.ts'

export type ProtocolName = 'chat' | 'text'

const NAMES: readonly ProtocolName[] = ['chat', 'text']

/**
 * The protocol ARBIGRAPH_PROTOCOL asks for, or undefined; a bad value is ARBIGRAPH_BAD_CONFIG.
 * @example protocolFromEnv({ ARBIGRAPH_PROTOCOL: 'text' }) // 'text'
 */
export function protocolFromEnv(
  env: Record<string, string | undefined> = process.env,
): ProtocolName | undefined {
  const text = env.ARBIGRAPH_PROTOCOL?.trim()
  if (!text) return undefined
  if ((NAMES as readonly string[]).includes(text)) return text as ProtocolName
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `ARBIGRAPH_PROTOCOL: expected "chat" (native tool calls) or "text" (tool calls parsed from the text), got "${env.ARBIGRAPH_PROTOCOL}"`,
  )
}
