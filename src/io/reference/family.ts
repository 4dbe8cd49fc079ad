/**
 * Which task category a reference record or stage belongs to. Typed stages say it; otherwise
 * the file's mode does (`math_chain` → math); harness result files (mode `agent`) say neither,
 * so the task name decides: GSM templates are files `GSM_0000.json`, math operators are classes
 * named `…Task`, and Python tasks are LeetCode function names.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §9.2–9.3.
 */

/** The categories the reference ships. */
export const REFERENCE_FAMILIES = ['math', 'gsm', 'python'] as const
export type ReferenceFamily = (typeof REFERENCE_FAMILIES)[number]

/**
 * The family a file mode names, if any.
 * @example familyFromMode('gsm_forgetting') // 'gsm'; familyFromMode('multi_chain') // undefined
 */
export function familyFromMode(mode: string): ReferenceFamily | undefined {
  const m = /^(math|gsm|python)(?:_|$)/.exec(mode)
  return m ? (m[1] as ReferenceFamily) : undefined
}

/**
 * The family a reference task name implies.
 * @example familyFromTaskName('ConvolutionTask') // 'math'
 */
export function familyFromTaskName(name: string): ReferenceFamily {
  if (/^GSM_\d+\.json$/.test(name)) return 'gsm'
  if (/Task$/.test(name)) return 'math'
  return 'python'
}

/**
 * GSM stages name their template by index; the template file is `GSM_{index:04}.json` (checked
 * against every target stage of gsm_chain.json).
 * @example gsmTaskName(18) // 'GSM_0018.json'
 */
export const gsmTaskName = (templateIndex: number): string =>
  `GSM_${String(templateIndex).padStart(4, '0')}.json`
