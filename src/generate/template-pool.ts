/**
 * The templates one generation may use, indexed for the generator's questions: which (input,
 * output) kind pairs a slot can take, and which templates of a category fit a chosen pair.
 * Built once per dataset so the per-node work is a map lookup, not a scan of every category.
 */
import type { TaskSlot } from '../contracts/skeleton.ts'
import type { Category, TaskTemplate } from '../contracts/template.ts'
import { ArbigraphError } from '../errors.ts'
import { getCategory, getTemplate, type Registry } from '../registry.ts'
import type { Kind } from '../values.ts'
import type { KindPair } from './assign-kinds.ts'

export interface TemplatePool {
  /** The spec's categories, in spec order. */
  readonly categories: readonly Category[]
  /** Their names, in the same order. */
  readonly categoryNames: readonly string[]
  /** Templates of `family` reading `inputKind` and writing `outputKind`, in category order. */
  fitting(family: string, inputKind: Kind, outputKind: Kind): readonly TaskTemplate[]
  /** The template a slot pins (by id, reference name or `#task_id`), or undefined when it pins none. */
  pinned(slot: TaskSlot, where: string): TaskTemplate | undefined
  /** The kind pairs a slot may take: its pinned template's, its family's, or the categories'. */
  pairs(slot: TaskSlot, where: string): KindPair[]
}

/**
 * A family's templates by input kind, then output kind: asked at every node of every attempt,
 * so no key string is built and hashed per question.
 */
type ByKinds = Partial<Record<Kind, Partial<Record<Kind, TaskTemplate[]>>>>

const pairsOfTemplate = (template: TaskTemplate): KindPair[] =>
  template.inputKinds.map((inputKind) => ({ inputKind, outputKind: template.outputKind }))

/**
 * A pin as the user wrote it (a node-link `task_id` is kept as `#<task_id>`), with the template
 * it resolved to when that reads differently.
 * @example pinText('#30', divisorSigmaSquare) // 'task_id 30 ("DivisorSigmaSquare")'
 */
export function pinText(reference: string, template?: TaskTemplate): string {
  const index = /^#(\d+)$/.exec(reference)
  const pin = index ? `task_id ${index[1]}` : `template "${reference}"`
  return template === undefined || template.id === reference ? pin : `${pin} ("${template.id}")`
}

function uniquePairs(pairs: Iterable<KindPair>): KindPair[] {
  const seen = new Map<string, KindPair>()
  for (const pair of pairs) seen.set(`${pair.inputKind}->${pair.outputKind}`, pair)
  return [...seen.values()]
}

/**
 * Indexes the templates of `categories` (and of any other registered family a slot pins).
 * @example createTemplatePool(registry, ['math']).fitting('math', 'scalar', 'list').length // 10
 */
export function createTemplatePool(registry: Registry, categories: readonly string[]): TemplatePool {
  const index = new Map<string, ByKinds>()
  const familyPairs = new Map<string, KindPair[]>()
  const indexFamily = (family: string): KindPair[] => {
    const known = familyPairs.get(family)
    if (known) return known
    const category = getCategory(registry, family)
    const lists: ByKinds = {}
    for (const template of category.templates) {
      for (const pair of pairsOfTemplate(template)) {
        const byOutput = (lists[pair.inputKind] ??= {})
        ;(byOutput[pair.outputKind] ??= []).push(template)
      }
    }
    index.set(family, lists)
    const pairs = uniquePairs(category.templates.flatMap(pairsOfTemplate))
    familyPairs.set(family, pairs)
    return pairs
  }
  const resolved = categories.map((name) => getCategory(registry, name))
  const allPairs = uniquePairs(categories.flatMap(indexFamily))

  const pinned = (slot: TaskSlot, where: string): TaskTemplate | undefined => {
    if (slot.template === undefined) return undefined
    if (slot.family !== undefined) {
      const { family, template } = slot
      try {
        return getTemplate(registry, family, template)
      } catch (error) {
        if (!(error instanceof ArbigraphError) || error.code !== 'ARBIGRAPH_UNKNOWN_TEMPLATE') throw error
        const count = getCategory(registry, family).templates.length
        throw new ArbigraphError(
          'ARBIGRAPH_UNKNOWN_TEMPLATE',
          /^#\d+$/.test(template)
            ? `node ${where}: ${pinText(template)} is not a template of category "${family}" (its task_ids are 0–${count - 1})`
            : `node ${where}: unknown template "${template}" in category "${family}"`,
        )
      }
    }
    const found = resolved.flatMap((c) =>
      c.templates.filter((t) => t.id === slot.template || t.referenceName === slot.template),
    )
    if (found.length === 0) {
      throw new ArbigraphError(
        'ARBIGRAPH_UNKNOWN_TEMPLATE',
        `node ${where}: unknown template "${slot.template}" in categories ${categories.map((c) => `"${c}"`).join(', ')}`,
      )
    }
    return found[0]
  }

  return {
    categories: resolved,
    categoryNames: resolved.map((c) => c.name),
    fitting(family, inputKind, outputKind) {
      let lists = index.get(family)
      if (lists === undefined) {
        indexFamily(family)
        lists = index.get(family)!
      }
      return lists[inputKind]?.[outputKind] ?? []
    },
    pinned,
    pairs(slot, where) {
      const template = pinned(slot, where)
      if (template) return pairsOfTemplate(template)
      if (slot.family !== undefined) return indexFamily(slot.family)
      return allPairs
    },
  }
}
