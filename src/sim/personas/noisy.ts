/**
 * `sim:noisy`: the oracle with a plausible model's mistakes, seeded so a run is reproducible.
 *
 * Wrong values. Output `name` of a case is wrong with probability
 *   p = min(0.95, noise × (0.02 + 0.02 × promptTokens / 1000 + 0.05 × depth[name]))
 * (promptTokens = ceil(prompt chars / 4)): longer prompts and deeper nodes fail more, as in the
 * paper's chain and multichain cells. The draw depends on (seed, case, output) only, so every
 * answer turn of a case repeats the same mistake and "latest answer wins" cannot flip it. A wrong
 * value is plausible: another output's value (a stale carry-over, 1 in 4 when one differs), an
 * int off by ±1, ±2, ±3 or ±10, a float off by ±1 or ±0.5, or a list with one element changed.
 *
 * A request's sampling `seed` (each epoch's) is part of every draw, so epochs differ.
 * Format faults, drawn per (seed, case, turn) so a repair turn redraws: on a calculator turn, no
 * call (→ tool repair), an unclosed call (→ tool repair, "malformed"), or a cut-off (→ cutoff
 * repair); on an answer turn, one output written outside its box (→ final-answer repair) or a
 * cut-off. The default rates (3 %, 3 %, 4 %, 3 %) make every repair kind fire a few times in a
 * few hundred cases.
 * Reference: docs/research/arbigraph-reference-harness.md §2 (repair kinds and their triggers).
 */
import type { Rng, RngLabel } from '../../rng.ts'
import { createRng } from '../../rng.ts'
import type { PyValue } from '../../values.ts'
import { parsePyLiteral, pyRepr, valuesEqual } from '../../values.ts'
import type { SimCase } from '../case-book.ts'
import { caseOf } from '../case-book.ts'
import { sha256Hex } from '../conversation.ts'
import { approxTokens } from '../protocol.ts'
import { rawTurn } from '../qwen-text.ts'
import { answerTurn, calculatorTurn, oracleExpressions } from './oracle.ts'
import type { Persona, PersonaInput, PersonaReply } from './persona.ts'
import { noisyTransductionTurn } from './transduction.ts'

export interface NoisyRates {
  /** First-turn reply without a calculator call. @default 0.03 */
  noCall: number
  /** First-turn calculator call left unclosed. @default 0.03 */
  malformedCall: number
  /** Answer turn with one output outside its box. @default 0.04 */
  omitBoxes: number
  /** Any turn cut off with `finish_reason: length`. @default 0.03 */
  cutoff: number
}

export interface NoisyOptions {
  seed: RngLabel
  /** Multiplier on the wrong-value probability. @default 1 */
  noise?: number
  rates?: Partial<NoisyRates>
}

export const defaultNoisyRates: NoisyRates = {
  noCall: 0.03,
  malformedCall: 0.03,
  omitBoxes: 0.04,
  cutoff: 0.03,
}

/**
 * The probability that one output of a case is answered wrongly.
 * @example wrongValueProbability(1000, 2, 1) // 0.14
 */
export const wrongValueProbability = (promptTokens: number, depth: number, noise: number): number =>
  Math.min(0.95, noise * (0.02 + (0.02 * promptTokens) / 1000 + 0.05 * depth))

function perturb(value: PyValue, rng: Rng): PyValue {
  if (typeof value === 'bigint') return value + BigInt(rng.choice([1, 2, 3, 10]) * rng.choice([1, -1]))
  if (typeof value === 'number') {
    const moved = value + rng.choice([1, -1, 0.5, -0.5])
    return moved === value ? value * 2 + 1 : moved
  }
  if (value.length === 0) return [0n]
  const at = rng.below(value.length)
  return value.map((item, i) => (i === at ? perturb(item, rng) : item))
}

/**
 * A plausible wrong repr for one output of a case.
 * @example wrongRepr(entry, 'task_2_out', createRng(1)) // '51' or task_1_out's value …
 */
export function wrongRepr(entry: SimCase, name: string, rng: Rng): string {
  const truth = entry.outputs[name]!
  const others = Object.entries(entry.outputs).filter(([other, repr]) => other !== name && repr !== truth)
  if (others.length > 0 && rng.float() < 0.25) return rng.choice(others)[1]
  const value = parsePyLiteral(truth)
  const wrong = perturb(value, rng)
  return valuesEqual(wrong, value) ? pyRepr(perturb(wrong, rng)) : pyRepr(wrong)
}

/**
 * The values the noisy model believes, by output name (wrong ones included).
 * @example believedOutputs(entry, createRng(0), 1).task_1_out
 */
export function believedOutputs(entry: SimCase, rng: Rng, noise: number): Record<string, string> {
  const tokens = approxTokens(entry.prompt)
  const out: Record<string, string> = {}
  for (const [name, repr] of Object.entries(entry.outputs)) {
    const draw = rng.split('value', name)
    const p = wrongValueProbability(tokens, entry.depth[name] ?? 0, noise)
    out[name] = draw.float() < p ? wrongRepr(entry, name, draw) : repr
  }
  return out
}

const CUT_OFF_TEXT =
  'Let me work through the tasks in order. For the first task I start from the given input and'

function calculatorReply(entry: SimCase, u: number, rates: NoisyRates): PersonaReply {
  if (u < rates.noCall) {
    return {
      kind: 'turn',
      raw: rawTurn('This looks simple enough to do by hand.', 'I will work the tasks out by hand.'),
    }
  }
  if (u < rates.noCall + rates.malformedCall) {
    const expression = JSON.stringify(oracleExpressions(entry.prompt)[0])
    const broken = `<tool_call>\n<function=calculator>\n<parameter=expressions>\n[${expression}, `
    return { kind: 'turn', raw: rawTurn('I will use the calculator.', broken) }
  }
  if (u < rates.noCall + rates.malformedCall + rates.cutoff)
    return { kind: 'turn', raw: CUT_OFF_TEXT, cutoff: true }
  return { kind: 'turn', raw: calculatorTurn(entry.prompt) }
}

function answerReply(believed: Record<string, string>, rng: Rng, u: number, rates: NoisyRates): PersonaReply {
  if (u >= rates.omitBoxes && u < rates.omitBoxes + rates.cutoff)
    return { kind: 'turn', raw: CUT_OFF_TEXT, cutoff: true }
  const names = Object.keys(believed)
  const unboxed = u < rates.omitBoxes ? rng.below(names.length) : -1
  const lines = names.map((name, i) =>
    i === unboxed ? `${name} = ${believed[name]}` : `\\boxed{${name} = ${believed[name]}}`,
  )
  return { kind: 'turn', raw: answerTurn(lines.join('\n')) }
}

/**
 * The noisy persona.
 * @example startSimServer({ persona: 'sim:noisy', seed: 7, noise: 2 })
 */
export function noisyPersona(options: NoisyOptions): Persona {
  const root = createRng(options.seed).split('sim:noisy')
  const rates = { ...defaultNoisyRates, ...options.rates }
  const noise = options.noise ?? 1
  return {
    name: 'sim:noisy',
    respond(input: PersonaInput) {
      const entry = caseOf(input.cases, input.conversation)
      const { prompt, turn, calculatorSeen, toolsDisabled } = input.conversation
      // A request's sampling seed (ARBIGRAPH_EPOCHS gives each epoch its own) draws anew, as a
      // sampling model would; no seed keeps the draws of earlier versions.
      const seed = input.request.seed
      const caseRng =
        seed == null ? root.split(sha256Hex(prompt)) : root.split(sha256Hex(prompt), 'seed', seed)
      if (entry.transduction)
        return {
          kind: 'turn',
          raw: noisyTransductionTurn(entry.transduction, caseRng.split('transduction'), noise),
        }
      const turnRng = caseRng.split('turn', turn)
      const u = turnRng.float()
      if (!calculatorSeen && !toolsDisabled) return calculatorReply(entry, u, rates)
      return answerReply(believedOutputs(entry, caseRng, noise), turnRng, u, rates)
    },
  }
}
