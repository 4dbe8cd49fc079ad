/**
 * The information check: every value a node's solver reads must be stated in that node's part
 * of the prompt, or the model is asked for something it cannot know. The prompt is split at its
 * `Task N:` headings; block N runs from its heading to the next one.
 */
import type { Instance } from '../../src/contracts/instance.ts'
import { pyRepr } from '../../src/values.ts'

/** Block text per task number, plus the text before the first heading. */
export function splitAtHeadings(prompt: string): { head: string; blocks: Map<number, string> } {
  const headings = [...prompt.matchAll(/^Task (\d+):$/gm)]
  const blocks = new Map<number, string>()
  headings.forEach((match, i) => {
    const end = headings[i + 1]?.index ?? prompt.length
    blocks.set(Number(match[1]), prompt.slice(match.index, end))
  })
  return { head: prompt.slice(0, headings[0]?.index ?? prompt.length), blocks }
}

/** Problems found (empty when every read value is stated where it is read). */
export function informationProblems(instance: Instance): string[] {
  const problems: string[] = []
  const { head, blocks } = splitAtHeadings(instance.prompt)
  const headingAt = (n: number) => instance.prompt.indexOf(`\nTask ${n}:\n`)
  const numberOf = new Map(instance.nodes.map((n) => [n.id, n.number]))
  for (const node of instance.nodes) {
    const block = blocks.get(node.number)
    if (block === undefined) {
      problems.push(`task ${node.number}: no block`)
      continue
    }
    if (!block.includes(node.source.name))
      problems.push(`task ${node.number}: source ${node.source.name} not in its block`)
    if (!block.includes(`task_${node.number}_out`))
      problems.push(`task ${node.number}: does not define task_${node.number}_out`)
    for (const [key, value] of Object.entries(node.params)) {
      if (!block.includes(pyRepr(value)))
        problems.push(`task ${node.number}: param ${key} = ${pyRepr(value)} not in its block`)
    }
    if (node.source.node === null) {
      const stated = instance.staticInputs.find((s) => s.node === node.id)
      if (!stated || !head.includes(`${stated.name} = ${pyRepr(stated.value)}`))
        problems.push(`task ${node.number}: static input not stated before the tasks`)
    }
  }
  // A junction's definition (with the names it combines) comes before the task that reads it.
  for (const junction of instance.junctions) {
    const reader = instance.nodes.find((n) => n.source.node === junction.id)!
    const before = instance.prompt.slice(0, headingAt(reader.number))
    const sources = junction.sources.map((id) => `task_${numberOf.get(id)}_out`)
    const expression =
      junction.op === 'pick'
        ? [`${junction.name} = ${sources[0]}[${junction.index}]`]
        : [`${junction.name} = [${sources.join(', ')}`]
    for (const text of expression)
      if (!before.includes(text))
        problems.push(`junction ${junction.id}: "${text}" not stated before task ${reader.number}`)
  }
  return problems
}
