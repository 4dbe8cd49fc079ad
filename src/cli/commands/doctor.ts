/**
 * `arbigraph doctor [--base-url …]`: checks a model server before any benchmark trusts it
 * (reachable, models and `max_model_len`, `/version`, parsed native tool calls, calls visible to
 * the text protocol, reasoning and `enable_thinking`, the overflow classification), prints a
 * table, and exits 1 when anything would bias the results of the chosen protocol, naming the
 * server flag to change. Flags win over the ARBIGRAPH_* variables; without a base URL the
 * built-in simulator of ARBIGRAPH_SIM_SERVER's profile is checked (and the table says so).
 */
import { protocolFromEnv } from '../../agent/protocols/protocol-env.ts'
import type { ServerReport } from '../../contracts/server-report.ts'
import { checkServer } from '../../doctor/check-server.ts'
import { formatReport } from '../../doctor/format-report.ts'
import { readPoolEnv } from '../../pool/env.ts'
import { startSimServer } from '../../sim/server.ts'
import { serverProfileFromEnv, serverProfileNames } from '../../sim/server-profile.ts'
import { parseCommandArgs } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

const FLAGS = {
  'base-url': 'ARBIGRAPH_BASE_URL',
  model: 'ARBIGRAPH_MODEL',
  'api-key': 'ARBIGRAPH_API_KEY',
  protocol: 'ARBIGRAPH_PROTOCOL',
} as const

async function checkSimulated(env: Record<string, string | undefined>): Promise<ServerReport> {
  const profile = serverProfileFromEnv(env).name
  const sim = await startSimServer({ persona: 'sim:oracle', server: profile })
  try {
    return await checkServer({ baseUrl: sim.url, simulated: profile })
  } finally {
    await sim.close()
  }
}

/**
 * The `doctor` command.
 * @example await main(['doctor', '--base-url', 'http://localhost:8000/v1', '--protocol', 'text'])
 */
export const doctorCommand: Command = {
  name: 'doctor',
  usage: `arbigraph doctor [options]

Probes the server with a few tiny requests and prints what it found; the same checks run at the
start of every eval.
  --base-url <url[,url…]>  server(s) to check (ARBIGRAPH_BASE_URL); none = the built-in simulator
                           of ARBIGRAPH_SIM_SERVER's profile (${serverProfileNames.join(', ')})
  --model <id>             model id (ARBIGRAPH_MODEL); default: the server's first model
  --api-key <key>          (ARBIGRAPH_API_KEY)
  --protocol <chat|text>   the harness protocol to check for (ARBIGRAPH_PROTOCOL); default chat
Exit codes: 0 the protocol can run, 1 something would bias its results, 2 usage error.`,
  async run(argv: string[], io: CliIo): Promise<number> {
    const flags = Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' as const }]))
    const args = parseCommandArgs('doctor', argv, flags, { min: 0, max: 0, names: 'arguments' })
    if (args.help) {
      io.out(this.usage)
      return 0
    }
    const env: Record<string, string | undefined> = { ...process.env }
    for (const [flag, variable] of Object.entries(FLAGS)) {
      const value = args.values[flag]
      if (typeof value === 'string') env[variable] = value
    }
    const protocol = protocolFromEnv(env) ?? 'chat'
    const pool = readPoolEnv(env)
    const reports =
      pool.baseUrls.length === 0
        ? [await checkSimulated(env)]
        : await Promise.all(
            pool.baseUrls.map((baseUrl) =>
              checkServer({
                baseUrl,
                ...(pool.model ? { model: pool.model } : {}),
                ...(pool.apiKey ? { apiKey: pool.apiKey } : {}),
              }),
            ),
          )
    let code = 0
    for (const server of reports) {
      for (const line of formatReport(server)) io.out(line)
      const verdict = server.protocols[protocol]
      if (!verdict.usable) {
        io.err(
          `arbigraph doctor: the ${protocol} protocol would give biased results on ${server.baseUrl}: ${verdict.reason}`,
        )
        code = 1
      }
    }
    if (code === 0) io.out(`arbigraph doctor: the ${protocol} protocol can run.`)
    return code
  },
}
