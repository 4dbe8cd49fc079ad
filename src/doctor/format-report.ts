/**
 * The doctor's table: one row per check (status, what the probe saw, the fix), then one line per
 * harness protocol saying whether it can run against this server.
 */
import type { ServerReport } from '../contracts/server-report.ts'

const MARK = { ok: 'ok', warn: 'WARN', fail: 'FAIL', skip: '-' } as const

/**
 * The report as lines of text.
 * @example formatReport(server).join('\n')
 */
export function formatReport(server: ServerReport): string[] {
  const where = server.simulated ? `${server.baseUrl} (SIMULATED vLLM: ${server.simulated})` : server.baseUrl
  const width = Math.max(...server.checks.map((check) => check.id.length))
  const lines = [`arbigraph doctor: ${where}`]
  for (const check of server.checks) {
    const fix = check.fix ? `\n  ${' '.repeat(width)}        fix: ${check.fix}` : ''
    lines.push(`  ${check.id.padEnd(width)}  ${MARK[check.status].padEnd(4)}  ${check.detail}${fix}`)
  }
  for (const protocol of ['chat', 'text'] as const) {
    const verdict = server.protocols[protocol]
    lines.push(`  protocol ${protocol}: ${verdict.usable ? 'usable' : `NOT USABLE: ${verdict.reason}`}`)
  }
  return lines
}
