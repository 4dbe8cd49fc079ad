import { describe, expect, it } from 'vitest'
import type { Category, TaskTemplate } from '../src/contracts/template.ts'
import { envPoolCategory } from '../src/env-pool-category.ts'
import { ArbigraphError } from '../src/errors.ts'
import { createRegistry, getCategory } from '../src/registry.ts'

const fake = (id: string) => ({ id }) as unknown as TaskTemplate

const duplicate = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ArbigraphError)
    expect((error as ArbigraphError).code).toBe('ARBIGRAPH_DUPLICATE')
    return (error as Error).message
  }
  throw new Error('expected a duplicate-template error')
}

describe('createRegistry', () => {
  it('rejects a category with two templates of one id when the registry is built', () => {
    const toy: Category = { name: 'toy', templates: [fake('A'), fake('A')] }
    expect(duplicate(() => createRegistry([{ name: 'mine', categories: [toy] }]))).toBe(
      'category "toy" has two templates with id "A"',
    )
  })

  it('leaves a lazy category unread until its templates are asked for, then checks them', () => {
    let reads = 0
    const lazy = envPoolCategory({
      name: 'pool',
      env: 'ARBIGRAPH_TEST_UNSET_POOL',
      builtin: () => {
        reads++
        return [fake('B'), fake('B')]
      },
      load: () => [],
    })
    const registry = createRegistry([{ name: 'mine', categories: [lazy] }])
    expect(reads).toBe(0)
    const category = getCategory(registry, 'pool')
    expect(duplicate(() => category.templates)).toBe('category "pool" has two templates with id "B"')
    expect(reads).toBe(1)
  })

  it('hands out a lazy category whose templates are the loaded ones', () => {
    const lazy = envPoolCategory({
      name: 'pool',
      env: 'ARBIGRAPH_TEST_UNSET_POOL',
      builtin: () => [fake('C'), fake('D')],
      load: () => [],
    })
    const category = getCategory(createRegistry([{ name: 'mine', categories: [lazy] }]), 'pool')
    expect(category.templates.map((t) => t.id)).toEqual(['C', 'D'])
    expect(category.templates).toBe(lazy.templates)
  })
})
