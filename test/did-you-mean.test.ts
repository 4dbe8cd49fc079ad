import { describe, expect, it } from 'vitest'
import { closestName, editDistance, unknownName } from '../src/did-you-mean.ts'

describe('did you mean', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('chian', 'chain')).toBe(1)
    expect(editDistance('chan', 'chain')).toBe(1)
    expect(editDistance('chaiin', 'chain')).toBe(1)
    expect(editDistance('chaln', 'chain')).toBe(1)
    expect(editDistance('', 'dag')).toBe(3)
    expect(editDistance('random', 'random')).toBe(0)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  it('suggests the closest known name when it is near enough to be a typo, case ignored', () => {
    const topologies = ['chain', 'forgetting', 'multichain', 'dag', 'random']
    expect(closestName('chian', topologies)).toBe('chain')
    expect(closestName('Chain', topologies)).toBe('chain')
    expect(closestName('multichian', topologies)).toBe('multichain')
    expect(closestName('forgeting', topologies)).toBe('forgetting')
    // Far from every name, or too short for one edit to be a typo: no guess.
    expect(closestName('tree', topologies)).toBeUndefined()
    expect(closestName('c', ['a', 'b'])).toBeUndefined()
    expect(closestName('gms', ['math', 'gsm', 'python'])).toBe('gsm')
  })

  it('words the error: the name, the suggestion, the known names and what else it could be', () => {
    expect(unknownName('topology', 'chian', ['chain', 'dag'])).toBe(
      'unknown topology "chian": did you mean "chain"? (known: "chain", "dag")',
    )
    expect(unknownName('category', 'chess', ['math', 'gsm'])).toBe(
      'unknown category "chess" (known: "math", "gsm")',
    )
    expect(unknownName('harness', 'x', ['tool-agent'], 'or a URL')).toBe(
      'unknown harness "x" (known: "tool-agent"; or a URL)',
    )
  })
})
