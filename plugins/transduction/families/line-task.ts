/**
 * The contract of a line family (arithmetic, UUID sort, variable lookup): a record is one input
 * line and one expected output line, drawn one after another from a seeded stream so that a
 * document of n records is the first n records of the stream. That prefix property is what lets
 * the budget sizing add or remove records without redrawing the rest.
 */
import type { Rng } from '../../../src/rng.ts'

/** One record: what the model reads and what it must write (both without an ID). */
export interface LineRecord {
  input: string
  output: string
}

/** A line family instantiated for one document (its pool, if any, already drawn). */
export interface LineTask {
  /** One paragraph saying what to do with each record. */
  instruction: string
  /** Two fixed example records shown in the prompt. */
  examples: readonly [LineRecord, LineRecord]
  /** What the examples assume (say, their definitions), or ''. */
  exampleNote: string
  /** Context printed before the records (a definition pool), or ''. */
  preamble: string
  /** Draws the next record from the document's record stream. */
  next(rng: Rng): LineRecord
  /** For lookup: every defined value, for self-consistency. */
  definedWords?: readonly string[]
}
