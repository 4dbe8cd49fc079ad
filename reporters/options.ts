/**
 * What the arbigraph reporters do, from plugin options with environment fallbacks. Resolution
 * happens once, when Vitest starts, so a malformed ARBIGRAPH_GATE stops the run before any model
 * call instead of after an hour of them.
 */
import { ArbigraphError } from '../src/errors.ts'
import type { GateRule } from '../src/metrics/gate.ts'
import { parseGate } from '../src/metrics/gate.ts'
import type { GateModeOptions, SequentialSettings } from '../src/metrics/sequential/gate-mode.ts'
import { readGateMode } from '../src/metrics/sequential/gate-mode.ts'
import type { PairedRule } from '../src/metrics/sequential/paired-rule.ts'
import { splitPairedRules } from '../src/metrics/sequential/paired-rule.ts'

export interface ArbigraphReporterOptions extends GateModeOptions {
  /**
   * Results file, relative to the Vitest root; `false` (or the variable set to `off`) writes none.
   * @default process.env.ARBIGRAPH_RESULTS ?? 'out/results.json'
   */
  results?: string | false
  /**
   * Markdown summary file, relative to the Vitest root; `false` (or the variable set to `off`) writes none.
   * @default process.env.ARBIGRAPH_MARKDOWN ?? 'out/summary.md'
   */
  markdown?: string | false
  /**
   * A file the Markdown summary is appended to (GitHub's job summary); `false` for none.
   * @default process.env.GITHUB_STEP_SUMMARY
   */
  stepSummary?: string | false
  /**
   * Gate rules, e.g. `"chain/math.accuracy>=0.7,*.ci_low>=0.5"`; a broken rule sets exit code 1.
   * @default process.env.ARBIGRAPH_GATE
   */
  gate?: string
  /**
   * Break the terminal table down by target task.
   * @default process.env.ARBIGRAPH_BY_TASK === '1'
   */
  byTask?: boolean
  /**
   * Print the terminal table.
   * @default true
   */
  table?: boolean
}

/** Options with every default filled in and the gate parsed. */
export interface ResolvedReporterOptions {
  results: string | false
  markdown: string | false
  stepSummary: string | false
  gate: GateRule[] | null
  /** Sequential gating (ARBIGRAPH_GATE_MODE=sequential), or null for the fixed-n gate. */
  sequential: SequentialSettings | null
  /** Baseline rules (`<cell>.accuracy>=baseline`), sequential mode only. */
  paired: PairedRule[]
  byTask: boolean
  table: boolean
}

const OFF = new Set(['false', 'off', '0', 'no'])

/** The option if given, else the environment variable (`off`/`false`/`0`/`no` turn it off), else the default. */
function orEnv(value: string | false | undefined, env: string | undefined, fallback: string | false) {
  if (value !== undefined) return value
  if (env === undefined || env.trim() === '') return fallback
  return OFF.has(env.trim().toLowerCase()) ? false : env
}

/**
 * Fills in defaults from `env` and parses the gate (throws ARBIGRAPH_BAD_CONFIG naming a bad rule).
 * @example resolveReporterOptions({ gate: '*.accuracy>=0.5' }, process.env).gate?.length // 1
 */
export function resolveReporterOptions(
  options: ArbigraphReporterOptions,
  env: NodeJS.ProcessEnv,
): ResolvedReporterOptions {
  const gateText = options.gate ?? env.ARBIGRAPH_GATE
  const source = options.gate === undefined ? 'ARBIGRAPH_GATE' : 'gate option'
  const sequential = readGateMode(options, env)
  const hasGate = gateText !== undefined && gateText.trim() !== ''
  const { paired, rest } = hasGate ? splitPairedRules(gateText, source) : { paired: [], rest: '' }
  if (paired.length > 0 && !sequential)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${source} rule "${paired[0]!.text}": baseline rules are sequential; set ARBIGRAPH_GATE_MODE=sequential (or compare two finished runs with \`arbigraph compare\`)`,
    )
  if (paired.length > 0 && sequential?.baseline === null)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${source} rule "${paired[0]!.text}" needs a baseline run: set ARBIGRAPH_GATE_BASELINE to its results file (e.g. out/release.json)`,
    )
  return {
    results: orEnv(options.results, env.ARBIGRAPH_RESULTS, 'out/results.json'),
    markdown: orEnv(options.markdown, env.ARBIGRAPH_MARKDOWN, 'out/summary.md'),
    stepSummary: orEnv(options.stepSummary, env.GITHUB_STEP_SUMMARY, false),
    gate: hasGate ? parseGate(rest, source) : null,
    sequential,
    paired,
    byTask: options.byTask ?? env.ARBIGRAPH_BY_TASK === '1',
    table: options.table ?? true,
  }
}
