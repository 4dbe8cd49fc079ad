/**
 * The conditions runner on a real generated chain, answered by a scripted harness: a model that
 * is right on every node prompt except where a test says otherwise (it reads the truth the runner
 * announces for each prompt, as the simulator does).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultRegistry } from '../../plugins/index.ts'
import { NODE_OUTPUT, nodeInstance } from '../../src/conditions/node-prompt.ts'
import type { AskNode } from '../../src/conditions/run-conditions.ts'
import { runConditions } from '../../src/conditions/run-conditions.ts'
import { withConditions } from '../../src/conditions/with-conditions.ts'
import type { Instance } from '../../src/contracts/instance.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { gradeInstance } from '../../src/grade/grade-instance.ts'
import type { SimCaseInput } from '../../src/sim/case-book.ts'
import type { PyValue } from '../../src/values.ts'
import { parsePyLiteral, pyRepr, valuesEqual } from '../../src/values.ts'
import { makeRecord } from '../metrics/make-record.ts'

const registry = defaultRegistry()

/** A plausible wrong value: an int one more, a list with its first element one more. */
const bump = (value: PyValue): PyValue =>
  typeof value === 'bigint'
    ? value + 1n
    : Array.isArray(value)
      ? [bump(value[0]!), ...value.slice(1)]
      : value + 1
let instance: Instance

beforeAll(async () => {
  const spec = {
    topology: 'chain',
    options: { length: 3 },
    categories: ['math'],
    samplesPerTask: 1,
    seed: '5',
  }
  instance = (await generateDataset(spec, { registry })).instances[0]!
})

/** A harness that answers the announced truth, or what `answer(prompt, truth)` says instead. */
function scripted(answer: (prompt: string, truth: string) => string | null = (_p, t) => t) {
  const truths = new Map<string, string>()
  const asked: string[] = []
  const announce = async (cases: SimCaseInput[]) => {
    for (const c of cases) truths.set(c.prompt, c.outputs![NODE_OUTPUT]!)
  }
  const ask: AskNode = async (prompt, outputs) => {
    asked.push(prompt)
    expect(outputs).toEqual([NODE_OUTPUT])
    const given = answer(prompt, truths.get(prompt)!)
    return {
      answers: (given === null ? {} : { [NODE_OUTPUT]: given }) as Record<string, string>,
      transcript: { totals: { turns: 2, promptTokens: 100, completionTokens: 10, latencyMs: 1 } },
    }
  }
  return { ask, announce, asked }
}

const allRight = () =>
  gradeInstance(instance, new Map(instance.nodes.map((n) => [`task_${n.number}_out`, pyRepr(n.output)])))
const isolatedPrompt = (i: number) => {
  const node = instance.nodes[i]!
  return nodeInstance(instance, node, node.input, node.output, registry).prompt
}
const conditions = ['in-graph', 'isolated', 'chained'] as const

describe('runConditions', () => {
  it('a model right everywhere: every node right in both conditions, chained prompts reused', async () => {
    const harness = scripted()
    const block = await runConditions(instance, { conditions, registry, inGraph: allRight(), ...harness })
    expect(block.ran).toEqual(conditions)
    expect(
      block.nodes.map((n) => [n.depth, n.isolated!.verdict, n.chained!.verdict, n.chained!.givenInputs]),
    ).toEqual([
      [0, 'correct', 'correct', 'correct'],
      [1, 'correct', 'correct', 'correct'],
      [2, 'correct', 'correct', 'correct'],
    ])
    // Every chained input equals the true one, so its prompt is the isolated prompt: asked once.
    expect(harness.asked).toHaveLength(3)
    expect(block.usage).toEqual({
      isolated: { prompts: 3, turns: 6, tokens: { prompt: 300, completion: 30 } },
      chained: { prompts: 0, turns: 0, tokens: { prompt: 0, completion: 0 } },
    })
    expect(block.nodes.every((n) => n.evidence === null)).toBe(true)
  })

  it('a wrong first answer is fed forward: later nodes are right given their inputs, wrong against the instance', async () => {
    const first = isolatedPrompt(0)
    const harness = scripted((prompt, truth) =>
      prompt === first ? pyRepr(bump(parsePyLiteral(truth))) : truth,
    )
    const block = await runConditions(instance, { conditions, registry, inGraph: allRight(), ...harness })
    const [t1, t2, t3] = block.nodes
    expect(t1!.isolated!.verdict).toBe('wrong')
    expect(t2!.isolated!.verdict).toBe('correct')
    expect(t1!.chained!.verdict).toBe('wrong')
    // t2 was shown the model's t1 answer, and its truth was recomputed by the template's solver.
    expect(valuesEqual(t2!.chained!.input!, bump(instance.nodes[0]!.output))).toBe(true)
    expect(t2!.chained!.givenInputs).toBe('correct')
    const truth2 = await registry.categories
      .get('math')!
      .templates.find((t) => t.id === instance.nodes[1]!.template)!
      .solve(t2!.chained!.input!, instance.nodes[1]!.params, instance.nodes[1]!.inputKind)
    expect(valuesEqual(t2!.chained!.expected!, truth2)).toBe(true)
    const changed = !valuesEqual(truth2, instance.nodes[1]!.output)
    expect(t2!.chained!.verdict).toBe(changed ? 'wrong' : 'correct')
    expect(t3!.chained!.givenInputs).toBe('correct')
    expect(harness.asked.length).toBeGreaterThan(3) // chained t2 (and t3) had prompts of their own
  })

  it('an upstream answer that is missing leaves the nodes below unchained, not asked, and wrong', async () => {
    const first = isolatedPrompt(0)
    const harness = scripted((prompt, truth) => (prompt === first ? null : truth))
    const block = await runConditions(instance, { conditions, registry, inGraph: allRight(), ...harness })
    const [t1, t2, t3] = block.nodes
    expect(t1!.chained!.verdict).toBe('missing')
    expect(t2!.chained).toMatchObject({
      verdict: 'unchained',
      givenInputs: null,
      unchained: 'upstream-unreadable',
    })
    expect(t2!.chained!.reason).toContain('"t1" has no readable chained answer (missing)')
    expect(t3!.chained).toMatchObject({ verdict: 'unchained', unchained: 'upstream-unreadable' })
    expect(t3!.chained!.reason).toContain('upstream not chained')
    expect(harness.asked).toHaveLength(3) // the isolated prompts only
  })

  it('labels wrong in-graph nodes from the evidence: interference, local, propagated', async () => {
    const answers = new Map(instance.nodes.map((n) => [`task_${n.number}_out`, pyRepr(n.output)]))
    answers.set('task_2_out', '-123456789')
    answers.set('task_3_out', '-123456789')
    const inGraph = gradeInstance(instance, answers)
    const right = await runConditions(instance, { conditions, registry, inGraph, ...scripted() })
    // t2: right alone and chained, upstream right in-graph → interference; t3 reads the wrong t2.
    expect(right.nodes.map((n) => n.evidence)).toEqual([null, 'interference', 'propagated'])
    const second = isolatedPrompt(1)
    const harness = scripted((prompt, truth) => (prompt === second ? '-1' : truth))
    const local = await runConditions(instance, { conditions, registry, inGraph, ...harness })
    expect(local.nodes.map((n) => n.evidence)).toEqual([null, 'local', 'propagated'])
  })

  it('runs only the conditions asked for', async () => {
    const harness = scripted()
    const block = await runConditions(instance, {
      conditions: ['in-graph', 'chained'],
      registry,
      inGraph: allRight(),
      ...harness,
    })
    expect(block.ran).toEqual(['in-graph', 'chained'])
    expect(
      block.nodes.every(
        (n) => n.isolated === undefined && n.chained !== undefined && n.evidence === undefined,
      ),
    ).toBe(true)
    expect(Object.keys(block.usage)).toEqual(['chained'])
    expect(harness.asked).toHaveLength(3)
  })
})

describe('withConditions', () => {
  const base = () => ({
    ...makeRecord({ caseId: 'chain/math/x#0' }),
    grade: {
      ...allRight(),
      nodes: allRight().nodes.map((n) => ({
        ...n,
        expected: pyRepr(n.expected),
        got: n.got === null ? null : pyRepr(n.got),
      })),
    },
  })

  it('an endpoint that fails on a node prompt makes the whole trial an infrastructure error', async () => {
    const ask: AskNode = async () => {
      throw new ArbigraphError('ARBIGRAPH_ENDPOINT', 'HTTP 503 after 4 attempts')
    }
    const record = await withConditions(base(), instance, { conditions, registry, ask })
    expect(record.grade).toBeNull()
    expect(record.infraError).toEqual({ reason: 'context conditions: HTTP 503 after 4 attempts' })
  })

  it('leaves an in-graph-only suite and an infrastructure record as they are', async () => {
    const ask: AskNode = async () => {
      throw new Error('must not be asked')
    }
    const record = base()
    expect(await withConditions(record, instance, { conditions: ['in-graph'], registry, ask })).toBe(record)
    const infra = makeRecord({ infra: 'down' })
    expect(await withConditions(infra, instance, { conditions, registry, ask })).toBe(infra)
  })

  it('a bug in the harness is not an infrastructure error: it propagates', async () => {
    const ask: AskNode = async () => {
      throw new TypeError('harness bug')
    }
    await expect(withConditions(base(), instance, { conditions, registry, ask })).rejects.toThrow(
      'harness bug',
    )
  })
})
