/**
 * Checks of one stored instance on its own: structure (numbering, sources, targets, outputs),
 * dataflow (every value passed along an edge equals its source's value) and, against the
 * registry, every node's ground truth recomputed and the prompt re-rendered.
 */
import type { Instance, TaskNode } from '../../contracts/instance.ts'
import type { Issue } from '../../errors.ts'
import { packValue, pickValue } from '../../generate/junction-values.ts'
import type { Registry } from '../../registry.ts'
import { getTemplate } from '../../registry.ts'
import { renderPrompt } from '../../render/render-prompt.ts'
import type { Scalar, Value } from '../../values.ts'
import { kindOf, pyRepr, valuesEqual } from '../../values.ts'

/**
 * An issue at `path` (no path: the whole line).
 * @example issue(['nodes', 1, 'input'], 'stored 7 but task_1_out is 9')
 */
export const issue = (path: Issue['path'], message: string): Issue => ({ path, message })
const short = (value: Value): string => {
  const text = pyRepr(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}

/**
 * Numbering, sources, targets and outputs refer to things that exist.
 * @example structureIssues(instance) // [] for a well-formed instance
 */
export function structureIssues(instance: Instance): Issue[] {
  const issues: Issue[] = []
  const tasks = new Map(instance.nodes.map((node) => [node.id, node]))
  const junctions = new Map(instance.junctions.map((j) => [j.id, j]))
  const numbers = new Set(instance.nodes.map((node) => node.number))
  instance.nodes.forEach((node, i) => {
    if (node.number !== i + 1)
      issues.push(issue(['nodes', i, 'number'], `expected ${i + 1} (prompt order), got ${node.number}`))
    const from = node.source.node
    const expected =
      from === null
        ? instance.staticInputs.find((s) => s.node === node.id)?.name
        : tasks.has(from)
          ? `task_${tasks.get(from)!.number}_out`
          : junctions.get(from)?.name
    if (expected === undefined) {
      const what = from === null ? 'no static input for this node' : `unknown source node "${from}"`
      issues.push(issue(['nodes', i, 'source'], what))
    } else if (node.source.name !== expected) {
      issues.push(issue(['nodes', i, 'source', 'name'], `expected "${expected}", got "${node.source.name}"`))
    }
  })
  instance.junctions.forEach((j, i) => {
    j.sources.forEach((source, k) => {
      if (!tasks.has(source) && !junctions.has(source))
        issues.push(issue(['junctions', i, 'sources', k], `unknown node "${source}"`))
    })
    if (j.op === 'pick' && (j.index === undefined || j.sources.length !== 1)) {
      issues.push(issue(['junctions', i], 'a pick needs one source and an index'))
    }
  })
  instance.targets.forEach((target, i) => {
    const node = tasks.get(target)
    if (!node) issues.push(issue(['targets', i], `unknown task node "${target}"`))
    else if (!instance.outputs.includes(`task_${node.number}_out`)) {
      issues.push(issue(['outputs'], `target "${target}" is missing: expected "task_${node.number}_out"`))
    }
  })
  instance.outputs.forEach((name, i) => {
    const number = /^task_(\d+)_out$/.exec(name)?.[1]
    if (number === undefined || !numbers.has(Number(number)))
      issues.push(issue(['outputs', i], `no task defines "${name}"`))
  })
  return issues
}

/**
 * Every value passed along an edge equals its source's value (static, task or junction).
 * @example dataflowIssues(instance) // [{ path: ['nodes', 1, 'input'], message: 'stored 7 but task_1_out is 9' }]
 */
export function dataflowIssues(instance: Instance): Issue[] {
  const values = new Map<string, Value>(instance.nodes.map((node) => [node.id, node.output]))
  for (const j of instance.junctions) values.set(j.id, j.output)
  const issues: Issue[] = []
  instance.junctions.forEach((j, i) => {
    const inputs = j.sources.map((s) => values.get(s))
    if (inputs.some((v) => v === undefined)) return
    const computed =
      j.op === 'pick'
        ? pickValue(inputs[0]!, j.index ?? 0)
        : inputs.every((v) => !Array.isArray(v))
          ? { value: packValue(inputs as Scalar[]) }
          : { reason: 'a pack needs scalars' }
    if ('reason' in computed) issues.push(issue(['junctions', i], computed.reason))
    else if (!valuesEqual(computed.value, j.output))
      issues.push(
        issue(
          ['junctions', i, 'output'],
          `stored ${short(j.output)} but the sources give ${short(computed.value)}`,
        ),
      )
  })
  instance.nodes.forEach((node, i) => {
    const from = node.source.node
    const source =
      from === null ? instance.staticInputs.find((s) => s.node === node.id)?.value : values.get(from)
    if (source !== undefined && !valuesEqual(source, node.input)) {
      issues.push(
        issue(
          ['nodes', i, 'input'],
          `stored ${short(node.input)} but ${node.source.name} is ${short(source)}`,
        ),
      )
    }
  })
  return issues
}

/** Recomputes one node's output with its template's solver. */
async function groundTruthIssue(node: TaskNode, i: number, registry: Registry): Promise<Issue | undefined> {
  try {
    const template = getTemplate(registry, node.family, node.template)
    const computed = await template.solve(node.input, node.params, node.inputKind)
    if (!valuesEqual(computed, node.output) || kindOf(computed) !== kindOf(node.output)) {
      return issue(
        ['nodes', i, 'output'],
        `stored ${short(node.output)} but ${node.template} computes ${short(computed)}`,
      )
    }
    if (kindOf(node.output) !== node.outputKind)
      return issue(
        ['nodes', i, 'outputKind'],
        `"${node.outputKind}" but the output is a ${kindOf(node.output)}`,
      )
  } catch (error) {
    return issue(['nodes', i], (error as Error).message)
  }
  return undefined
}

/**
 * Ground truth and (for generated files) the prompt, checked against the registry.
 * @example await registryIssues(instance, defaultRegistry(), true) // [] when nothing was tampered with
 */
export async function registryIssues(
  instance: Instance,
  registry: Registry,
  checkPrompt: boolean,
): Promise<Issue[]> {
  const issues: Issue[] = []
  for (const [i, node] of instance.nodes.entries()) {
    const found = await groundTruthIssue(node, i, registry)
    if (found) issues.push(found)
  }
  const topology = registry.topologies.get(instance.topology.name)
  if (checkPrompt && topology && issues.length === 0) {
    const { prompt, ...draft } = instance
    const rendered = renderPrompt(draft, registry, topology.defaults.layout)
    if (rendered !== prompt) {
      let at = 0
      while (rendered[at] === prompt[at]) at++
      issues.push(
        issue(['prompt'], `differs from the prompt rendered from the instance, from character ${at}`),
      )
    }
  }
  return issues
}
