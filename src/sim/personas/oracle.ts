/**
 * `sim:oracle`: the model that always gets it right, in the shape the reference harness expects.
 * Until a calculator call appears in the conversation it makes one (1–3 harmless expressions on
 * numbers taken from the prompt); after that, every turn (including any repair turn) boxes
 * every registered output as `\boxed{task_N_out = <repr>}` and stops. Deterministic: the reply
 * depends only on the case and the conversation state.
 * Reference: docs/research/arbigraph-reference-harness.md §1.7 (loop), §3.4 (box form).
 */
import type { SimCase } from '../case-book.ts'
import { caseOf } from '../case-book.ts'
import { calculatorCallXml, rawTurn } from '../qwen-text.ts'
import type { Persona, PersonaInput } from './persona.ts'
import { transductionOracleTurn } from './transduction.ts'

/**
 * Up to three calculator expressions built from the first integers in the prompt.
 * @example oracleExpressions('Define task_1_input = -14. Add 3.') // ['(-14) % 100', '(-14) + (3)', '(3) * 2']
 */
export function oracleExpressions(prompt: string): string[] {
  // Skip digits glued to identifiers (task_1_input) so the numbers are the prompt's values.
  const numbers = [...prompt.matchAll(/(?<![\w.])-?\d+(?!\w|\.\d)/g)].map((m) => m[0]).slice(0, 2)
  if (numbers.length === 0) return ['1 + 1']
  const [a, b = '1'] = numbers
  return [`(${a}) % 100`, `(${a}) + (${b})`, `(${b}) * 2`]
}

/**
 * The visible answer text: one box per output, in registration order.
 * @example answerBoxes({outputs: {task_1_out: '50'}} as SimCase) // '\\boxed{task_1_out = 50}'
 */
export const answerBoxes = (entry: Pick<SimCase, 'outputs'>): string =>
  Object.entries(entry.outputs)
    .map(([name, repr]) => `\\boxed{${name} = ${repr}}`)
    .join('\n')

/**
 * The oracle's first turn: a short plan and a calculator call.
 * @example calculatorTurn('Define x = 3.')
 */
export const calculatorTurn = (prompt: string): string =>
  rawTurn(
    'I will check the arithmetic on the inputs with the calculator before answering.',
    calculatorCallXml(oracleExpressions(prompt)),
  )

/**
 * The oracle's answer turn, with the given visible body.
 * @example answerTurn('\\boxed{task_1_out = 5}')
 */
export const answerTurn = (visible: string): string =>
  rawTurn(
    'The calculator results agree with my working, so I can state every requested output.',
    `Final answers:\n\n${visible}`,
  )

/** A case's two oracle turns, built on first use: the persona answers every request of a run. */
const turnsOf = new WeakMap<SimCase, { calculator: string; answer: string }>()

function oracleTurns(entry: SimCase): { calculator: string; answer: string } {
  let turns = turnsOf.get(entry)
  if (!turns) {
    turns = { calculator: calculatorTurn(entry.prompt), answer: answerTurn(answerBoxes(entry)) }
    turnsOf.set(entry, turns)
  }
  return turns
}

/**
 * The oracle persona.
 * @example startSimServer({ persona: 'sim:oracle' })
 */
export function oraclePersona(): Persona {
  return {
    name: 'sim:oracle',
    respond(input: PersonaInput) {
      const entry = caseOf(input.cases, input.conversation)
      if (entry.transduction) return { kind: 'turn', raw: transductionOracleTurn(entry.transduction) }
      const { calculatorSeen, toolsDisabled } = input.conversation
      const turns = oracleTurns(entry)
      return { kind: 'turn', raw: !calculatorSeen && !toolsDisabled ? turns.calculator : turns.answer }
    },
  }
}
