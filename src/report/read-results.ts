/**
 * Reads a results file streamed (src/io/json-object-parts.ts): each record is parsed and checked
 * against the case-record schema as it comes, and only its wire form is kept, so memory holds the
 * records once and never the file's text, at any file size and in any JSON layout (the pretty
 * file the reporter writes, a compact one, files of earlier versions). The same rules as
 * `decodeResults` apply, with the same messages: the fields around the records against the
 * results schema, every record against the case-record schema, no trial twice.
 */
import { z } from 'zod'
import type { CaseRecord } from '../contracts/case-record.ts'
import { caseRecordSchema } from '../contracts/case-record.ts'
import type { Results } from '../contracts/results.ts'
import { checkRunModel, RESULTS_SCHEMA, resultsSchema, trialRegister } from '../contracts/results.ts'
import { ArbigraphError, describeZodError } from '../errors.ts'
import { jsonObjectParts } from '../io/json-object-parts.ts'

type Issue = { path: readonly PropertyKey[]; message: string }

const badInput = (message: string) => new ArbigraphError('ARBIGRAPH_BAD_INPUT', message)

/** Parses one part's JSON text, naming the file when it is not JSON. */
function parsePart(text: string, where: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw badInput(`${where}: malformed JSON (${(error as Error).message})`)
  }
}

/** The parts of `path`, with a file that is not one JSON object (or cannot be read) named. */
async function* partsOf(path: string, where: string) {
  try {
    yield* jsonObjectParts(path, 'records')
  } catch (error) {
    if (error instanceof ArbigraphError) throw error
    throw badInput(`${where}: malformed JSON (${(error as Error).message})`)
  }
}

/**
 * The `schema` field of the JSON object in `path` (read up to that field only); undefined when
 * there is none, or the file is not a JSON object.
 * @example await schemaOfFile('out/transduction.json') // 'arbigraph.transduction-results/1'
 */
export async function schemaOfFile(path: string): Promise<string | undefined> {
  try {
    for await (const part of jsonObjectParts(path, 'records')) {
      if (part.index !== undefined || part.key !== 'schema') continue
      const schema = JSON.parse(part.text) as unknown
      return typeof schema === 'string' ? schema : undefined
    }
  } catch {
    // not JSON: the reader names the problem
  }
  return undefined
}

/**
 * Reads and validates the ArbiGraph results file at `path`; `where` (the path as the user gave
 * it) prefixes every message.
 * @example const results = await readResults('/abs/out/results.json', 'out/results.json')
 */
export async function readResults(path: string, where: string): Promise<Results> {
  const rest: Record<string, unknown> = {}
  const records: CaseRecord[] = []
  const duplicate = trialRegister()
  const refuse = (issues: readonly Issue[]) => {
    throw badInput(describeZodError({ issues }, where))
  }
  for await (const part of partsOf(path, where)) {
    const json = parsePart(part.text, where)
    if (part.index === undefined) {
      rest[part.key] = json
      // Another benchmark's file (or none): say so before its records are taken for ArbiGraph's.
      const schema = part.key === 'schema' ? z.literal(RESULTS_SCHEMA).safeParse(json) : undefined
      if (schema?.error) refuse(schema.error.issues.map((issue) => ({ ...issue, path: ['schema'] })))
      continue
    }
    const at = ['records', part.index]
    const parsed = caseRecordSchema.safeParse(json)
    if (!parsed.success)
      refuse(parsed.error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] })))
    const record = z.encode(caseRecordSchema, parsed.data!)
    const twice = duplicate(record, part.index)
    if (twice) refuse([{ path: at, message: twice }])
    records.push(record)
  }
  // `records` missing, or not an array: the schema says so; streamed, it stands as [] here.
  const results = { ...header(rest, refuse), records }
  checkRunModel(results, where)
  return results
}

/** The fields around the records, validated (records are checked one by one). */
function header(json: Record<string, unknown>, refuse: (issues: readonly Issue[]) => never): Results {
  const parsed = resultsSchema.safeParse(json)
  if (!parsed.success) return refuse(parsed.error.issues)
  return z.encode(resultsSchema, parsed.data)
}
