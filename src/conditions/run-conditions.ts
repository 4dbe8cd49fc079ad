/**
 * Runs the isolated and chained conditions of one instance (the in-graph run is the case's own).
 * Every node prompt goes through the caller's `ask` — any harness: the built-in tool agent, an
 * HTTP agent — so the conditions use the same endpoint, pool and budgets as the case itself.
 * Isolated nodes are independent and asked together; a chained node is asked as soon as the
 * tasks it reads have their chained answers (topological order, as much in parallel as the graph
 * allows). A chained prompt that equals the node's isolated prompt (every input it reads was
 * answered right) is not asked again: it is the same question, and its answer is reused.
 */
import { setMaxListeners } from 'node:events'
import type {
  ChainedNode,
  Condition,
  ConditionNode,
  ConditionsRecord,
  ConditionUsage,
  IsolatedNode,
} from '../contracts/conditions.ts'
import type { InstanceGrade, NodeGrade } from '../contracts/grade.ts'
import type { Instance, TaskNode } from '../contracts/instance.ts'
import type { Transcript } from '../contracts/transcript.ts'
import { answerMatches } from '../grade/compare.ts'
import { conditionEvidence } from '../grade/condition-evidence.ts'
import { gradeInstance, outputName } from '../grade/grade-instance.ts'
import type { Registry } from '../registry.ts'
import type { SimCaseInput } from '../sim/case-book.ts'
import { valuesEqual } from '../values.ts'
import { simCaseOf, taskDepths } from '../vitest/sim-case.ts'
import type { UpstreamAnswer } from './chained-input.ts'
import { chainedInput } from './chained-input.ts'
import { chainedQuestion } from './chained-question.ts'
import { nodeInstance } from './node-prompt.ts'

/** What a harness returns for one node prompt: answers by output name, and its usage. */
export interface NodeReply {
  answers: Readonly<Record<string, string>>
  transcript: Pick<Transcript, 'totals'>
}

/** Asks one prompt for `outputs` through a harness. */
export type AskNode = (prompt: string, outputs: readonly string[], signal?: AbortSignal) => Promise<NodeReply>

export interface RunConditionsOptions {
  /** The conditions of the suite; only isolated and chained are run here. */
  conditions: readonly Condition[]
  registry: Registry
  ask: AskNode
  /** The in-graph grade of this trial (for the evidence labels). */
  inGraph: InstanceGrade
  /** Called with each node prompt's ground truth before it is asked (the simulator's case book). @default none */
  announce?: (cases: SimCaseInput[]) => Promise<void>
  signal?: AbortSignal
}

type Graded = Pick<NodeGrade, 'verdict' | 'got' | 'answer'>

const emptyUsage = (): ConditionUsage => ({ prompts: 0, turns: 0, tokens: { prompt: 0, completion: 0 } })

/** The task nodes each node reads directly, looking through junctions (one pass: graphs reach 10^4 nodes). */
function readTasks(instance: Instance): (node: TaskNode) => string[] {
  const tasks = new Set(instance.nodes.map((n) => n.id))
  const junctions = new Map(instance.junctions.map((j) => [j.id, j]))
  return (node) => {
    const found: string[] = []
    const visit = (id: string | null): void => {
      if (id === null) return
      if (tasks.has(id)) found.push(id)
      else for (const source of junctions.get(id)?.sources ?? []) visit(source)
    }
    visit(node.source.node)
    return found
  }
}

/**
 * The conditions block of a case record.
 * @example const block = await runConditions(instance, { conditions, registry, ask, inGraph: record.grade })
 */
export async function runConditions(
  instance: Instance,
  options: RunConditionsOptions,
): Promise<ConditionsRecord> {
  const { registry } = options
  // The first failure stops the other node prompts: the trial is lost anyway (an infrastructure
  // error or a bug), and waiting for the rest would only spend requests.
  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  // Every node prompt in flight listens on this one signal (two per node in a big graph), and
  // each removes its listener when it ends: the count is bounded by the graph, not a leak.
  setMaxListeners(2 * instance.nodes.length + 10, signal)
  const settled = <T>(running: Promise<T>): Promise<T> => {
    running.catch((error: unknown) => stop.abort(error))
    return running
  }
  const wanted = new Set(options.conditions)
  const usage = { isolated: emptyUsage(), chained: emptyUsage() }
  const askAlone = async (alone: Instance, condition: 'isolated' | 'chained'): Promise<Graded> => {
    await options.announce?.([simCaseOf(alone)])
    const reply = await options.ask(alone.prompt, alone.outputs, signal)
    const spent = usage[condition]
    spent.prompts++
    spent.turns += reply.transcript.totals.turns
    spent.tokens.prompt += reply.transcript.totals.promptTokens
    spent.tokens.completion += reply.transcript.totals.completionTokens
    return gradeInstance(alone, new Map(Object.entries(reply.answers))).nodes[0]!
  }

  const isolated = new Map<string, Promise<Graded>>()
  if (wanted.has('isolated'))
    for (const node of instance.nodes)
      isolated.set(
        node.id,
        settled(askAlone(nodeInstance(instance, node, node.input, node.output, registry), 'isolated')),
      )

  const byId = new Map(instance.nodes.map((node) => [node.id, node]))
  const readsFrom = readTasks(instance)
  const chained = new Map<string, Promise<{ node: ChainedNode; got: UpstreamAnswer }>>()
  const chainNode = (node: TaskNode): Promise<{ node: ChainedNode; got: UpstreamAnswer }> => {
    let running = chained.get(node.id)
    if (!running) chained.set(node.id, (running = settled(askChained(node))))
    return running
  }
  const askChained = async (node: TaskNode): Promise<{ node: ChainedNode; got: UpstreamAnswer }> => {
    const upstream = new Map<string, UpstreamAnswer>()
    for (const id of readsFrom(node)) upstream.set(id, (await chainNode(byId.get(id)!)).got)
    const input = chainedInput(instance, node, (id) => upstream.get(id)!)
    if ('unchained' in input) return unchainedNode(input)
    const same = valuesEqual(input.value, node.input)
    const question = same
      ? { alone: nodeInstance(instance, node, node.input, node.output, registry) }
      : await chainedQuestion(instance, node, input.value, registry)
    if ('unchained' in question) return unchainedNode(question)
    const expected = question.alone.nodes[0]!.output
    const reused = same ? isolated.get(node.id) : undefined
    const graded = (await reused) ?? (await askAlone(question.alone, 'chained'))
    const verdict =
      graded.got === null ? graded.verdict : answerMatches(node.output, graded.got) ? 'correct' : 'wrong'
    return {
      node: {
        verdict,
        givenInputs: graded.verdict,
        input: input.value,
        expected,
        answer: graded.answer,
      },
      got:
        graded.got === null
          ? {
              unchained: 'upstream-unreadable',
              reason: `"${node.id}" has no readable chained answer (${graded.verdict})`,
            }
          : { got: graded.got },
    }
  }

  // Every chained node starts now and waits only for the tasks it reads (prompt order is
  // topological), so independent branches are asked side by side.
  if (wanted.has('chained')) for (const node of instance.nodes) chainNode(node)

  const depths = taskDepths(instance)
  const nodes: ConditionNode[] = []
  for (const node of instance.nodes) {
    const entry: ConditionNode = { node: node.id, name: outputName(node), depth: depths.get(node.id) ?? 0 }
    const alone = isolated.get(node.id)
    if (alone) entry.isolated = isolatedNode(await alone)
    if (wanted.has('chained')) entry.chained = (await chainNode(node)).node
    nodes.push(entry)
  }
  const labels = conditionEvidence(instance, options.inGraph, nodes)
  for (const entry of nodes) if (labels.has(entry.node)) entry.evidence = labels.get(entry.node)!
  return {
    ran: options.conditions.filter((c) => c === 'in-graph' || wanted.has(c)),
    nodes,
    usage: {
      ...(wanted.has('isolated') ? { isolated: usage.isolated } : {}),
      ...(wanted.has('chained') ? { chained: usage.chained } : {}),
    },
  }
}

const isolatedNode = (graded: Graded): IsolatedNode => ({ verdict: graded.verdict, answer: graded.answer })

/** A chained node that was not asked: wrong against the instance truth, and why. */
function unchainedNode(why: Extract<UpstreamAnswer, { unchained: unknown }>): {
  node: ChainedNode
  got: UpstreamAnswer
} {
  return {
    node: {
      verdict: 'unchained',
      givenInputs: null,
      input: null,
      expected: null,
      answer: null,
      unchained: why.unchained,
      reason: why.reason,
    },
    got: { unchained: why.unchained, reason: `upstream not chained: ${why.reason}` },
  }
}
