/**
 * Token counts with cl100k_base (gpt-tokenizer), the tokenizer Long-Transduction budgets, sweep
 * costs and the replay persona's cut-off estimate count in. The encoder is loaded on the first
 * count, not when a module that can count is imported: its merge table takes a tenth to a fifth
 * of a second of a core to load, and every Vitest process of a run (the config's, each worker's)
 * imports those modules while most runs count no token. Loaded with `require` because a count is
 * synchronous; it is the same package's CommonJS build, with the same table.
 */
import { createRequire } from 'node:module'

type Encoder = typeof import('gpt-tokenizer/encoding/cl100k_base')

let encoder: Encoder | undefined

/**
 * cl100k_base token count of a text.
 * @example cl100kTokens('hello world') // 2
 */
export function cl100kTokens(text: string): number {
  encoder ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/cl100k_base') as Encoder
  return encoder.countTokens(text)
}
