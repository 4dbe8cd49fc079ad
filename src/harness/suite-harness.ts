/**
 * Which harness a suite runs: `ARBIGRAPH_HARNESS` when set (one run evaluates another agent on
 * every suite, unchanged), else the suite's `harness` option, which is a harness value, the name
 * of a registered one (`plugins: [{ name, harnesses }]` in arbigraph.config.ts), or tool-agent
 * profile fields (the suite's tool agent with those fields on top of its topology's budgets).
 * A name is `tool-agent`, a registered harness, or an `http(s)://` URL, which means
 * `httpAgent({ url })`. `ARBIGRAPH_PROTOCOL` then sets the protocol of a tool agent, whichever
 * way it was chosen, rebuilt from its own options.
 */
import type { HarnessProfileInput } from '../agent/profile.ts'
import { protocolFromEnv } from '../agent/protocols/protocol-env.ts'
import type { Harness } from '../contracts/harness.ts'
import { unknownName } from '../did-you-mean.ts'
import { ArbigraphError } from '../errors.ts'
import type { Registry } from '../registry.ts'
import { httpAgent } from './http-agent.ts'
import { toolAgent } from './tool-agent.ts'

/** What a suite's `harness` option may be. */
export type SuiteHarnessOption = Harness | string | HarnessProfileInput

const isHarness = (option: SuiteHarnessOption): option is Harness =>
  typeof option === 'object' && typeof (option as Harness).run === 'function'

/**
 * The harness a name selects; `where` names the setting in the message of an unknown one.
 * @example harnessNamed('http://127.0.0.1:8700/case', registry, 'ARBIGRAPH_HARNESS').name // 'http-agent'
 */
export function harnessNamed(name: string, registry: Pick<Registry, 'harnesses'>, where: string): Harness {
  if (name === 'tool-agent') {
    // Which one would be meant is anyone's guess: refuse rather than pick.
    if (registry.harnesses.has(name))
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_CONFIG',
        `${where}: "tool-agent" is both the built-in tool agent and a harness registered in arbigraph.config.ts; give yours another name`,
      )
    return toolAgent()
  }
  if (/^https?:\/\//i.test(name)) return httpAgent({ url: name })
  const registered = registry.harnesses.get(name)
  if (registered) return registered
  const known = ['tool-agent', ...registry.harnesses.keys()]
  const others =
    'or an http:// URL of an agent speaking arbigraph.http-agent/1; register yours in arbigraph.config.ts: plugins: [{ name, harnesses: [...] }]'
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${where}: ${unknownName('harness', name, known, others)}`)
}

/**
 * Checks what can be checked of a suite's `harness` option before the registry is loaded, so
 * bad profile fields fail where the suite is defined. A name is checked once the registry is in.
 * @example checkSuiteHarnessOption({ protocol: 'xml' }) // throws 'harness profile: protocol: …'
 */
export function checkSuiteHarnessOption(option: SuiteHarnessOption | undefined): void {
  if (option !== undefined && typeof option !== 'string' && !isHarness(option)) toolAgent(option)
}

/**
 * The harness of a suite under the run's environment.
 * @example suiteHarness({ protocol: 'text' }, registry, {}).name // 'tool-agent'
 */
export function suiteHarness(
  option: SuiteHarnessOption | undefined,
  registry: Pick<Registry, 'harnesses'>,
  env: Record<string, string | undefined> = process.env,
): Harness {
  const selected = env.ARBIGRAPH_HARNESS?.trim()
  let harness: Harness
  if (selected) harness = harnessNamed(selected, registry, 'ARBIGRAPH_HARNESS')
  else if (option === undefined) harness = toolAgent()
  else if (typeof option === 'string') harness = harnessNamed(option, registry, 'defineSuite: harness')
  else if (isHarness(option)) harness = option
  else harness = toolAgent(option)
  const protocol = protocolFromEnv(env)
  if (protocol && harness.name === 'tool-agent' && harness.protocol !== protocol)
    return toolAgent({ ...(harness.args as HarnessProfileInput), protocol })
  return harness
}
