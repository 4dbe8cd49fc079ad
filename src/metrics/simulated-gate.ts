/**
 * A gate never passes on simulated numbers. The simulator measures the harness, not a model, so
 * a release gate that "holds" on it would wave a model through on numbers no model produced
 * (e.g. when the endpoint was set in a variable arbigraph did not read). Gating simulated results
 * is refused — exit code 1 with a message saying why — unless ARBIGRAPH_ALLOW_SIMULATED=1 says it
 * is deliberate (testing a gate, or the harness itself).
 */
import { isSimulated, isSimulatedModel } from '../contracts/results.ts'

/** `1`, `true`, `yes` or `on`. */
const allowed = (env: Record<string, string | undefined>) =>
  ['1', 'true', 'yes', 'on'].includes(env.ARBIGRAPH_ALLOW_SIMULATED?.trim().toLowerCase() ?? '')

/**
 * Why the gate refuses to judge these results, or undefined when it may. Whether they are
 * simulated is decided by the model and the records (`isSimulatedModel`), never by a stored flag.
 * @example simulatedGateRefusal({ model: 'sim:oracle', records }, {}) // 'gate: refused — …'
 */
export function simulatedGateRefusal(
  results: { model: string; records: readonly { model: string }[] },
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const simulated = isSimulatedModel(results.model) || isSimulated(results.records)
  if (!simulated || allowed(env)) return undefined
  return (
    `gate: refused — these results are SIMULATED (model "${results.model}"), not a language model's, so no rule was checked; ` +
    'point ARBIGRAPH_BASE_URL (or OPENAI_BASE_URL) at a model server, or set ARBIGRAPH_ALLOW_SIMULATED=1 to gate simulated results on purpose — exit code 1'
  )
}
