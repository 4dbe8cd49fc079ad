import { describe, expect, it, vi } from 'vitest'
import type { TaskTemplate } from '../src/contracts/template.ts'
import { envPoolCategory } from '../src/env-pool-category.ts'

const ENV = 'ARBIGRAPH_TEST_POOL'
const fake = (id: string) => ({ id }) as unknown as TaskTemplate

describe('envPoolCategory', () => {
  it('reads the variable on each access and loads each pool once', () => {
    const loads: string[] = []
    const category = envPoolCategory({
      name: 'toy',
      env: ENV,
      builtin: () => {
        loads.push('builtin')
        return [fake('own')]
      },
      load: (path) => {
        loads.push(path)
        return [fake(path)]
      },
    })
    expect(loads).toEqual([]) // nothing is read before it is asked for
    expect(category.templates.map((t) => t.id)).toEqual(['own'])
    vi.stubEnv(ENV, 'a.json')
    expect(category.templates.map((t) => t.id)).toEqual(['a.json'])
    expect(category.templates.map((t) => t.id)).toEqual(['a.json'])
    vi.stubEnv(ENV, '')
    expect(category.templates.map((t) => t.id)).toEqual(['own'])
    expect(loads).toEqual(['builtin', 'a.json'])
    expect(category.name).toBe('toy')
  })
})
