import { describe, expect, test } from 'vitest'
import type { ArbigraphError } from '../../src/errors.ts'
import { assignKinds, feasibleKinds, type KindPair } from '../../src/generate/assign-kinds.ts'
import { createSkeleton } from '../../src/graph/create-skeleton.ts'
import { topologicalOrder } from '../../src/graph/topological-order.ts'
import { createRng } from '../../src/rng.ts'
import type { Kind } from '../../src/values.ts'

const pair = (text: string): KindPair => {
  const [inputKind, outputKind] = text.split('->') as [Kind, Kind]
  return { inputKind, outputKind }
}
const ALL = ['scalar->scalar', 'scalar->list', 'list->scalar', 'list->list'].map(pair)
const texts = (pairs: readonly KindPair[] | undefined) =>
  (pairs ?? []).map((p) => `${p.inputKind}->${p.outputKind}`).sort()

function catchError(fn: () => unknown): ArbigraphError {
  try {
    fn()
  } catch (error) {
    return error as ArbigraphError
  }
  throw new Error('expected an error')
}

describe('kind assignment', () => {
  test('a pick forces a list before it and a scalar reader after it', () => {
    const skeleton = createSkeleton()
      .task('a')
      .pick('p', { from: 'a', index: 1 })
      .task('b', { from: 'p' })
      .target('b')
    const order = topologicalOrder(skeleton)
    const allowed = new Map([
      ['a', ALL],
      ['b', ALL],
    ])
    const feasible = feasibleKinds(skeleton, order, allowed)
    expect(texts(feasible.get('a'))).toEqual(['list->list', 'scalar->list'])
    expect(texts(feasible.get('b'))).toEqual(['scalar->list', 'scalar->scalar'])
  })

  test('a pack needs scalar producers and a list reader', () => {
    const skeleton = createSkeleton()
      .task('a')
      .task('b')
      .pack('k', { from: ['a', 'b'] })
      .task('c', { from: 'k' })
      .target('c')
    const order = topologicalOrder(skeleton)
    const feasible = feasibleKinds(
      skeleton,
      order,
      new Map([
        ['a', ALL],
        ['b', ALL],
        ['c', ALL],
      ]),
    )
    expect(texts(feasible.get('a'))).toEqual(['list->scalar', 'scalar->scalar'])
    expect(texts(feasible.get('c'))).toEqual(['list->list', 'list->scalar'])
  })

  test('the forward pass always chains: every edge carries the kind its reader takes', () => {
    const g = createSkeleton().task('t0')
    for (let i = 1; i < 30; i++) g.task(`t${i}`, { from: `t${i - 1}` })
    const skeleton = g.target('t29')
    const order = topologicalOrder(skeleton)
    const allowed = new Map(
      order.map((id, i) => [id, i % 3 === 0 ? [pair('scalar->list'), pair('list->scalar')] : ALL]),
    )
    for (let seed = 0; seed < 20; seed++) {
      const kinds = assignKinds(skeleton, order, allowed, createRng(seed))
      for (let i = 1; i < 30; i++)
        expect(kinds.get(`t${i}`)!.inputKind).toBe(kinds.get(`t${i - 1}`)!.outputKind)
    }
  })

  test('a fan-out node must suit every reader', () => {
    const skeleton = createSkeleton()
      .task('a')
      .task('b', { from: 'a' })
      .task('c', { from: 'a' })
      .target('b', 'c')
    const order = topologicalOrder(skeleton)
    const feasible = feasibleKinds(
      skeleton,
      order,
      new Map([
        ['a', ALL],
        ['b', [pair('list->scalar'), pair('scalar->scalar')]],
        ['c', [pair('list->list')]],
      ]),
    )
    expect(texts(feasible.get('a'))).toEqual(['list->list', 'scalar->list'])
  })

  test('an unsatisfiable graph fails fast, naming the node and why', () => {
    const skeleton = createSkeleton()
      .task('src', { label: 'first' })
      .pick('p', { from: 'src', index: 0 })
      .task('dst', { from: 'p', label: 'reader' })
      .target('dst')
    const order = topologicalOrder(skeleton)
    // The reader only takes lists, but a pick hands it a scalar.
    const error = catchError(() =>
      feasibleKinds(
        skeleton,
        order,
        new Map([
          ['src', ALL],
          ['dst', [pair('list->scalar')]],
        ]),
      ),
    )
    expect(error.code).toBe('ARBIGRAPH_UNSATISFIABLE')
    expect(error.message).toContain(
      'node "reader": it reads a scalar from the pick junction "p", but its possible kinds are list->scalar',
    )
  })

  test('a producer whose templates cannot feed its reader is named with its label', () => {
    const skeleton = createSkeleton().task('a', { label: 'producer' }).task('b', { from: 'a' }).target('b')
    const order = topologicalOrder(skeleton)
    const error = catchError(() =>
      feasibleKinds(
        skeleton,
        order,
        new Map([
          ['a', [pair('scalar->list')]],
          ['b', [pair('scalar->scalar')]],
        ]),
      ),
    )
    expect(error.code).toBe('ARBIGRAPH_UNSATISFIABLE')
    expect(error.message).toContain('node "producer"')
    expect(error.message).toContain('accept scalar, but its possible kinds are scalar->list')
  })

  test('pinned slot kinds restrict the pairs, and an impossible pin is reported', () => {
    const skeleton = createSkeleton().task('a', { outputKind: 'list' }).task('b', { from: 'a' }).target('b')
    const order = topologicalOrder(skeleton)
    const feasible = feasibleKinds(
      skeleton,
      order,
      new Map([
        ['a', ALL],
        ['b', ALL],
      ]),
    )
    expect(texts(feasible.get('a'))).toEqual(['list->list', 'scalar->list'])
    const error = catchError(() =>
      feasibleKinds(
        skeleton,
        order,
        new Map([
          ['a', [pair('list->scalar')]],
          ['b', ALL],
        ]),
      ),
    )
    expect(error.message).toContain('no template offers the declared kinds *->list (available: list->scalar)')
  })
})
