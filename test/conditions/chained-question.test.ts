/**
 * What a chained node is given and asked when its inputs are the model's own answers: junctions
 * recomputed over them, the truth recomputed by the template's solver, and a clear reason when
 * the node cannot be chained.
 */
import { describe, expect, it } from 'vitest'
import { chainedInput } from '../../src/conditions/chained-input.ts'
import { chainedQuestion } from '../../src/conditions/chained-question.ts'
import type { Instance, TaskNode } from '../../src/contracts/instance.ts'
import type { TaskTemplate } from '../../src/contracts/template.ts'
import { ArbigraphError } from '../../src/errors.ts'
import { createRegistry } from '../../src/registry.ts'
import { chainOf3 } from '../grade/chain-of-3.ts'

/** t1 → pick(t1, 2) → t2; t1 and t2 → pack → t3. */
function withJunctions(): Instance {
  const base = chainOf3()
  const [t1, t2, t3] = base.nodes as [TaskNode, TaskNode, TaskNode]
  return {
    ...base,
    nodes: [
      { ...t1, outputKind: 'list', output: [1n, 2n, 3n] },
      { ...t2, source: { node: 'j1', name: 'task_2_input' }, input: 3n },
      { ...t3, inputKind: 'list', source: { node: 'j2', name: 'task_3_input' } },
    ],
    junctions: [
      { id: 'j1', op: 'pick', index: 2, sources: ['t1'], name: 'task_2_input', output: 3n },
      { id: 'j2', op: 'pack', sources: ['j1', 't2'], name: 'task_3_input', output: [] },
    ],
  }
}

describe('chainedInput', () => {
  const instance = withJunctions()
  const [t1, t2, t3] = instance.nodes as [TaskNode, TaskNode, TaskNode]

  it('a static input stays true; junctions are recomputed over the model answers', () => {
    expect(chainedInput(instance, t1, () => expect.unreachable() as never)).toEqual({ value: t1.input })
    const answers = new Map([
      ['t1', { got: [4n, 5n, 6n] }],
      ['t2', { got: 10n }],
    ])
    const answerOf = (id: string) => answers.get(id)!
    expect(chainedInput(instance, t2, answerOf)).toEqual({ value: 6n })
    expect(chainedInput(instance, t3, answerOf)).toEqual({
      value: [6n, 10n, 13n, 21n, 20n, 32n, 27n, 43n, 34n, 54n],
    })
  })

  it('says why a node cannot be chained', () => {
    const short = (id: string) => (id === 't1' ? { got: [4n] } : { got: 1n })
    expect(chainedInput(instance, t2, short)).toEqual({
      unchained: 'junction',
      reason: 'junction "j1": index 2 is out of range for a list of 1 element',
    })
    const nested = () => ({ got: [[1n], [2n]] })
    expect(chainedInput(instance, t2, nested)).toMatchObject({ unchained: 'input-kind' })
    const scalar = chainOf3()
    expect(chainedInput(scalar, scalar.nodes[1]!, () => ({ got: [1n, 2n] }))).toEqual({
      unchained: 'input-kind',
      reason: '"t2" reads a scalar, its upstream answer is a list',
    })
    const missing = {
      unchained: 'upstream-unreadable' as const,
      reason: '"t1" has no readable chained answer (missing)',
    }
    expect(chainedInput(instance, t3, () => missing)).toEqual(missing)
  })
})

describe('chainedQuestion', () => {
  const template = (solve: TaskTemplate['solve']): TaskTemplate => ({
    id: 'T2',
    family: 'toy',
    summary: 'toy',
    inputKinds: ['scalar'],
    outputKind: 'scalar',
    params: () => ({}),
    solve,
    text: ({ source, out }) => `Double ${source}; call it ${out}.`,
  })
  const registryOf = (solve: TaskTemplate['solve']) =>
    createRegistry([{ name: 'toy', categories: [{ name: 'toy', templates: [template(solve)] }] }])
  const instance = chainOf3()
  const node: TaskNode = { ...instance.nodes[1]!, family: 'toy', template: 'T2' }

  it('recomputes the truth with the template solver and writes the given input', async () => {
    const q = await chainedQuestion(
      instance,
      node,
      21n,
      registryOf((v) => (v as bigint) * 2n),
    )
    expect('alone' in q && q.alone.nodes[0]!.output).toBe(42n)
    expect('alone' in q && q.alone.prompt).toContain('Define task_1_input = 21.')
  })

  it('an input the solver cannot take is unsolvable, with the reason', async () => {
    const q = await chainedQuestion(
      instance,
      node,
      2.5,
      registryOf((v) => {
        throw new TypeError(`expected an integer, got ${v}`)
      }),
    )
    expect(q).toEqual({
      unchained: 'unsolvable',
      reason: '"t2" cannot take 2.5: expected an integer, got 2.5',
    })
    const py = await chainedQuestion(
      instance,
      node,
      3n,
      registryOf(() => {
        throw new ArbigraphError('ARBIGRAPH_BAD_VALUE', 'f failed: ValueError: math domain error')
      }),
    )
    expect(py).toMatchObject({ unchained: 'unsolvable' })
  })

  it('other solver errors are not about the input and propagate', async () => {
    await expect(
      chainedQuestion(
        instance,
        node,
        3n,
        registryOf(() => {
          throw new Error('sandbox died')
        }),
      ),
    ).rejects.toThrow('sandbox died')
  })
})
