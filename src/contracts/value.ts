/**
 * Value codecs for files: in memory a value is exact (`bigint` ints, `number` floats); on disk it
 * is its Python repr string, so integers beyond 2^53 survive any JSON tool and `3` stays distinct
 * from `3.0`.
 */
import { z } from 'zod'
import { type PyValue, parsePyLiteral, parseValue, pyRepr, type Value } from '../values.ts'

const reprText = z
  .string()
  .min(1)
  .describe('A Python literal (repr): an int such as -45, a float such as 3.0, or a list such as [1, -2, 3].')

/** A scalar or a flat list, stored as its Python repr. */
export const valueSchema = z.codec(reprText, z.custom<Value>(), {
  decode: (text, ctx) => {
    try {
      return parseValue(text)
    } catch (error) {
      ctx.issues.push({ code: 'custom', input: text, message: (error as Error).message })
      return z.NEVER
    }
  },
  encode: (value) => pyRepr(value),
})

/** Any printed Python literal (may nest: matrices), stored as its repr. */
export const pyValueSchema = z.codec(reprText, z.custom<PyValue>(), {
  decode: (text, ctx) => {
    try {
      return parsePyLiteral(text)
    } catch (error) {
      ctx.issues.push({ code: 'custom', input: text, message: (error as Error).message })
      return z.NEVER
    }
  },
  encode: (value) => pyRepr(value),
})

export const kindSchema = z
  .enum(['scalar', 'list'])
  .describe('Value kind: a scalar or a flat list of scalars.')
