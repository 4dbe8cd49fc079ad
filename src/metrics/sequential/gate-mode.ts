/**
 * How the gate decides: `fixed` (the default) checks the rules once, on every case of the run;
 * `sequential` keeps an anytime-valid test per rule and cell and stops sending a cell's cases
 * once every rule on it is decided (docs/gating-in-ci.md, "Sequential gating"). The mode and
 * its error level come from the plugin's options or ARBIGRAPH_GATE_MODE / ARBIGRAPH_GATE_ALPHA;
 * a bad value stops the run before any model call, naming the variable and the fix.
 */
import { ArbigraphError } from '../../errors.ts'

/** The gate's modes. */
export const GATE_MODES = ['fixed', 'sequential'] as const
export type GateMode = (typeof GATE_MODES)[number]

/** The gate's error level when none is given. */
export const DEFAULT_GATE_ALPHA = 0.05

/** What the sequential gate needs to know besides its rules. */
export interface SequentialSettings {
  /** The whole gate's error level, split over its sequential rules (Bonferroni). */
  alpha: number
  /** A baseline run's results file for `baseline` rules (paired, sequential); null without one. */
  baseline: string | null
}

/** The gate mode options a user can give (the plugin's `gateMode`, `gateAlpha`, `gateBaseline`). */
export interface GateModeOptions {
  /**
   * `sequential` stops sending a cell's cases once every gate rule on it is decided.
   * @default process.env.ARBIGRAPH_GATE_MODE ?? 'fixed'
   * @example 'sequential'
   */
  gateMode?: GateMode
  /**
   * The sequential gate's error level, split equally over its rules; above 0, below 0.5.
   * @default process.env.ARBIGRAPH_GATE_ALPHA ?? 0.05
   * @example 0.01
   */
  gateAlpha?: number
  /**
   * A baseline run's results file, for `<cell>.accuracy>=baseline` rules.
   * @default process.env.ARBIGRAPH_GATE_BASELINE
   * @example 'release/results.json'
   */
  gateBaseline?: string
}

function modeOf(value: string | undefined, source: string): GateMode {
  const text = value?.trim().toLowerCase() ?? ''
  if (text === '') return 'fixed'
  if ((GATE_MODES as readonly string[]).includes(text)) return text as GateMode
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `${source} "${value}" is not a gate mode: write "sequential" (stop each cell once its rules are decided) or "fixed" (the default: every case runs)`,
  )
}

function alphaOf(value: string | number | undefined, source: string): number {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return DEFAULT_GATE_ALPHA
  const alpha = typeof value === 'number' ? value : Number(value.trim())
  if (!Number.isFinite(alpha) || alpha <= 0 || alpha >= 0.5)
    throw new ArbigraphError(
      'ARBIGRAPH_BAD_CONFIG',
      `${source} "${value}" is not an error level: write a number above 0 and below 0.5, such as 0.05 (a 5% chance that a decided rule is decided wrongly)`,
    )
  return alpha
}

/**
 * The sequential settings, or null in fixed mode; options win over the environment.
 * @example readGateMode({}, { ARBIGRAPH_GATE_MODE: 'sequential' }) // { alpha: 0.05, baseline: null }
 */
export function readGateMode(options: GateModeOptions, env: NodeJS.ProcessEnv): SequentialSettings | null {
  const mode =
    options.gateMode !== undefined
      ? modeOf(options.gateMode, 'gateMode option')
      : modeOf(env.ARBIGRAPH_GATE_MODE, 'ARBIGRAPH_GATE_MODE')
  const alpha =
    options.gateAlpha !== undefined
      ? alphaOf(options.gateAlpha, 'gateAlpha option')
      : alphaOf(env.ARBIGRAPH_GATE_ALPHA, 'ARBIGRAPH_GATE_ALPHA')
  const baselineText = options.gateBaseline ?? env.ARBIGRAPH_GATE_BASELINE
  const baseline = baselineText !== undefined && baselineText.trim() !== '' ? baselineText.trim() : null
  return mode === 'sequential' ? { alpha, baseline } : null
}
