/**
 * A suite's variant: the settings that make its cases other cases than those of another suite of
 * the same topology and categories — chain/math with `length: 2` and chain/math with `length: 3`
 * share instance ids (`chain/math/ConvolutionTask#0`) but not instances. The variant is every
 * setting that differs from its default, as readable text (`{ length: '2' }`); it goes into the
 * case id (`chain/math/ConvolutionTask#0 (length=2)`), so trials of two suites never merge as
 * epochs, and into the record (`suite`), so a report can name the suite of each cell. A suite at
 * every default has none, so its ids are those it always had.
 */
import { createHash } from 'node:crypto'
import { canonicalJson } from '../pool/cache.ts'

/** Setting → its value as text, keys sorted; `{}` for a suite at every default. */
export type SuiteVariant = Record<string, string>

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

const isHarness = (value: unknown): value is { name: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { run?: unknown }).run === 'function'

/**
 * A setting's value as text: a scalar as written, a list of scalars joined by `+`, a harness by
 * its name, anything else (a custom graph) by a short hash of its canonical JSON.
 * @example valueText(['MulMod', 'DivSum']) // 'MulMod+DivSum'
 */
export function valueText(value: unknown): string {
  if (isScalar(value)) return String(value)
  if (Array.isArray(value) && value.every(isScalar)) return value.join('+')
  if (isHarness(value)) return value.name
  return `#${createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 8)}`
}

/**
 * The settings of `settings` whose value differs from `defaults` (a key absent there has none).
 * Undefined settings are unset, not different.
 * @example suiteVariant({ length: 2, seed: '0' }, { length: 4, seed: '0' }) // { length: '2' }
 */
export function suiteVariant(
  settings: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
): SuiteVariant {
  const variant: SuiteVariant = {}
  for (const key of Object.keys(settings).sort()) {
    const value = settings[key]
    if (value === undefined) continue
    if (Object.hasOwn(defaults, key) && canonicalJson(value) === canonicalJson(defaults[key])) continue
    variant[key] = valueText(value)
  }
  return variant
}

/**
 * The variant as one line, `key=value` pairs in key order; '' for none.
 * @example variantText({ length: '2', seed: '1' }) // 'length=2, seed=1'
 */
export const variantText = (variant: SuiteVariant): string =>
  Object.entries(variant)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ')

/**
 * A case id with its suite's variant: the id itself for a suite at every default.
 * @example variantCaseId('chain/math/ConvolutionTask#0', { length: '2' }) // 'chain/math/ConvolutionTask#0 (length=2)'
 */
export function variantCaseId(id: string, variant: SuiteVariant): string {
  const text = variantText(variant)
  return text === '' ? id : `${id} (${text})`
}
