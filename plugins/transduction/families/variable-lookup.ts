/**
 * Variable lookup: a pool of `poolSize` definitions `key=word` (difficulty 8, 32, 128 or 256;
 * keys are distinct 3-digit hexadecimal names, words distinct) precedes the records; each record
 * names two keys and the output is their two words separated by one space. The pool size does
 * not depend on the number of records.
 * Reference: Long-Transduction paper, Appendix A "Variable lookup".
 */
import type { Rng } from '../../../src/rng.ts'
import { allWords } from '../words.ts'
import type { LineTask } from './line-task.ts'

interface Definition {
  key: string
  word: string
}

function drawPool(rng: Rng, size: number): Definition[] {
  const keys = new Set<string>()
  while (keys.size < size) keys.add(rng.below(4096).toString(16).padStart(3, '0'))
  const words = rng.shuffle(allWords).slice(0, size)
  return [...keys].map((key, i) => ({ key, word: words[i]! }))
}

/**
 * The lookup task with a pool of `poolSize` definitions drawn from `poolRng`.
 * @example variableLookupTask(8, createRng(0)).preamble.split('\n').length // 9
 */
export function variableLookupTask(poolSize: number, poolRng: Rng): LineTask {
  if (poolSize > allWords.length) throw new RangeError(`variable lookup: pool ${poolSize} > word list`)
  const pool = drawPool(poolRng, poolSize)
  return {
    instruction:
      'Each record names two variables from the definitions given before the records. Replace each name by the word it is defined as, and write the two words separated by a single space.',
    examples: [
      { input: 'k1 k2', output: 'quick fox' },
      { input: 'k3 k1', output: 'calm quick' },
    ],
    exampleNote: '(with the definitions k1=quick, k2=fox and k3=calm)',
    preamble: `Definitions:\n${pool.map((d) => `${d.key}=${d.word}`).join('\n')}`,
    next(rng) {
      const a = pool[rng.below(pool.length)]!
      const b = pool[rng.below(pool.length)]!
      return { input: `${a.key} ${b.key}`, output: `${a.word} ${b.word}` }
    },
    definedWords: pool.map((d) => d.word),
  }
}
