/**
 * Recomputing a GSM stage of a reference record: find the template by the stage's file name
 * (`GSM_0027.json` → `0027.json`), read the offset from the preprocessing sentence, match the
 * rendered question against the template to recover every variable, and evaluate `#answer` with
 * the reference's Python number semantics (floats where it has floats), so even a ground truth
 * like `55.00000000000001` is reproduced. Templates are GSM-Symbolic's, which we do not ship:
 * they come from a pool file (`ARBIGRAPH_GSM_POOL`) or a template folder
 * (`ARBIGRAPH_GSM_TEMPLATES`, overrides in `ARBIGRAPH_GSM_OVERRIDES`), or `useGsmTemplates`.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.
 */
import { ArbigraphError } from '../../src/errors.ts'
import type { ReferenceStage } from '../../src/io/reference/graph.ts'
import type { ReferenceStageHandler } from '../../src/io/reference/stage-handler.ts'
import { type Value, valuesEqual } from '../../src/values.ts'
import { preprocessScalar } from '../math/preprocess.ts'
import { intValue } from './domains.ts'
import { type Assignment, answerOf, rejection } from './instantiate.ts'
import { type GsmTemplate, parseTemplate } from './parse.ts'
import { completions, recoverVariables } from './recover.ts'
import { readPool, readTemplateFolder } from './template-pool.ts'

/** Annotated template texts by file stem (`0027`), as `useGsmTemplates` set them. */
let chosen: Map<string, string> | undefined
/** The templates the environment named, with the variables' values they were read for. */
let fromEnv: { key: string; sources: Map<string, string> } | undefined
const parsed = new Map<string, GsmTemplate>()

type TemplateSource = { pool: string } | { folder: string; overrides?: string }

/**
 * Sets the templates GSM stages are checked against (a pool file or a folder plus overrides);
 * `undefined` forgets them, and the environment's variables name them again.
 * @example useGsmTemplates({ folder: 'ml-gsm-symbolic/templates/symbolic', overrides: 'corrected_templates' })
 */
export function useGsmTemplates(from: TemplateSource | undefined): void {
  parsed.clear()
  chosen = from && readSources(from)
}

function readSources(from: TemplateSource): Map<string, string> {
  if ('pool' in from) return new Map(readPool(from.pool).templates.map((t) => [t.id, t.question_annotated]))
  return new Map(
    readTemplateFolder(from.folder, from.overrides).flatMap((t) =>
      t.annotated ? [[t.id, t.annotated] as const] : [],
    ),
  )
}

/**
 * The templates in use: those set, else those the environment names now (read again when a
 * variable changes, so a value seen once does not outlive it in a long-lived process).
 */
function templateSources(): Map<string, string> | undefined {
  if (chosen) return chosen
  const {
    ARBIGRAPH_GSM_POOL: pool,
    ARBIGRAPH_GSM_TEMPLATES: folder,
    ARBIGRAPH_GSM_OVERRIDES: overrides,
  } = process.env
  const from: TemplateSource | undefined = pool
    ? { pool }
    : folder
      ? { folder, ...(overrides ? { overrides } : {}) }
      : undefined
  if (!from) return undefined
  const key = JSON.stringify(from)
  if (fromEnv?.key !== key) {
    parsed.clear()
    fromEnv = { key, sources: readSources(from) }
  }
  return fromEnv.sources
}

/** Why GSM stages are skipped when no templates are configured. */
export const NO_GSM_TEMPLATES =
  'GSM templates not configured (set ARBIGRAPH_GSM_POOL, or ARBIGRAPH_GSM_TEMPLATES and ARBIGRAPH_GSM_OVERRIDES)'

const fail = (message: string): never => {
  throw new ArbigraphError('ARBIGRAPH_BAD_REFERENCE', message)
}

/** The question lines of a block and the offset its preprocessing sentence adds. */
export function splitGsmBlock(block: string): { question: string; offset: bigint; index?: number } {
  const lines = block.split('\n')
  const head = lines.findIndex((l) => /^Let val_\d+ be /.test(l))
  const tail = lines.findLastIndex((l) => /^Save the final numerical answer in /.test(l))
  if (head < 0 || tail <= head) return fail('GSM block has no "Let val_N be …" or "Save the final …" line')
  const sentence = lines[head]!
  const offset = /then add (-?\d+) to it/.exec(sentence)?.[1]
  const index = /element at index (\d+)/.exec(sentence)?.[1]
  return {
    question: lines.slice(head + 1, tail).join('\n'),
    offset: BigInt(offset ?? 0),
    ...(index !== undefined ? { index: Number(index) } : {}),
  }
}

/**
 * The ground truth of a GSM stage, recomputed; `{ skipped }` when no templates are configured.
 * @example await solveGsmStage(stage) // { value: 244n }
 */
export async function solveGsmStage(stage: ReferenceStage): Promise<{ value: Value } | { skipped: string }> {
  const all = templateSources()
  if (!all) return { skipped: NO_GSM_TEMPLATES }
  const id = /^GSM_(\d+)\.json$/.exec(stage.taskName)?.[1] ?? fail(`not a GSM task name: "${stage.taskName}"`)
  const text = all.get(id) ?? fail(`template ${id}.json is not among the configured GSM templates`)
  let template = parsed.get(id)
  if (!template) {
    template = parseTemplate(id, text)
    parsed.set(id, template)
  }
  const { question, offset, index } = splitGsmBlock(stage.block)
  // A list input is read at one position (the reference takes index min(7, len − 1)).
  const raw = Array.isArray(stage.input)
    ? (stage.input[index ?? Math.min(7, stage.input.length - 1)] ?? fail('empty list input'))
    : stage.input
  const c = preprocessScalar(raw, { abs: true }) as bigint
  const { vars, bound } = recoverVariables(template, question, c + offset)
  return { value: completeAndSolve(template, vars, bound === undefined ? c + offset : undefined) }
}

/**
 * The answer once every variable is known. Variables the question does not print are pinned
 * down by the conditions; when `val_N` is not printed either, the reference bound a variable the
 * question never shows, so each such candidate is tried with `boundValue`.
 */
function completeAndSolve(template: GsmTemplate, vars: Assignment, boundValue: bigint | undefined): Value {
  const known = new Set(vars.keys())
  if (template.inits.every((s) => s.names.every((n) => known.has(n))))
    return answerOf(template, vars, 'python')
  const accept = (v: Assignment) => rejection(template, v, 'python') === undefined
  const starts =
    boundValue === undefined
      ? [vars]
      : template.inits
          .filter(
            (s) =>
              s.numeric && s.names.length === 1 && !known.has(s.names[0]!) && BINDABLE.has(s.domain.kind),
          )
          .map((s) => new Map(vars).set(s.names[0]!, intValue(boundValue)))
  for (const start of starts) {
    const found = completions(template, start, accept)
    if (found.length === 0) continue
    const answers = found.map((f) => answerOf(template, f, 'python'))
    if (answers.some((a) => !valuesEqual(a, answers[0]!)))
      fail(`template ${template.id}: the printed values leave the answer ambiguous`)
    return answers[0]!
  }
  return fail(
    boundValue === undefined
      ? `template ${template.id}: no value of the unprinted variables satisfies the conditions`
      : `template ${template.id}: val_N is not printed and no unprinted variable can take ${boundValue}`,
  )
}

const BINDABLE = new Set(['range', 'numbers_within', 'frange'])

/**
 * GSM stages: checked against the configured GSM-Symbolic templates (`--gsm-pool`, or
 * `--gsm-templates` with `--gsm-overrides`, else the environment); imported under the
 * reference's template names, since its templates are not ours.
 */
export const gsmReferenceStage: ReferenceStageHandler = {
  configure(settings) {
    const pool = settings['gsm-pool']
    const folder = settings['gsm-templates']
    const overrides = settings['gsm-overrides']
    if (pool !== undefined) useGsmTemplates({ pool })
    else if (folder !== undefined)
      useGsmTemplates({ folder, ...(overrides !== undefined ? { overrides } : {}) })
  },
  check: solveGsmStage,
  template: (stage) => stage.taskName.replace(/\.json$/, ''),
  params: () => ({}),
}
