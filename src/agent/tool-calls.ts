/**
 * Tool calls written as text, the way the reference harness reads them: over the whole raw
 * output (reasoning included, so a call drafted before `</think>` runs too), in three passes.
 * 1. every `<tool_call>…</tool_call>` whose payload is JSON (a list of calls, `{function: …}`,
 *    `{function_call: …}` or `{name, arguments}`); an XML payload yields nothing here;
 * 2. every closed `<function=NAME>…</function>`, each `<parameter=KEY>VALUE</parameter>` inside
 *    becoming an argument (VALUE stripped, JSON when it parses, else the string);
 * 3. a truncated call: `<function=NAME>…<parameter=KEY>VALUE</parameter>` whose function never
 *    closes, first parameter only, skipped when it starts inside a closed function span.
 * `looksLikeToolCall` is the reference's loose "this turn tried tool syntax" test that picks the
 * malformed-call repair prompt.
 * Reference: docs/research/arbigraph-reference-harness.md §1.5.
 */

/** A call read from text; `arguments` is whatever the model wrote, before normalization. */
export interface TextToolCall {
  name: string
  arguments: unknown
}

const TOOL_CALL_BLOCK = /<tool_call>([\s\S]*?)<\/tool_call>/g
const CLOSED_FUNCTION = /<function=([^>]+)>([\s\S]*?)<\/function>/g
const PARAMETER = /<parameter=([^>]+)>([\s\S]*?)<\/parameter>/g
const TRUNCATED_FUNCTION = /<function=([^>]+)>[\s\S]*?<parameter=([^>]+)>([\s\S]*?)<\/parameter>/g
const TOOL_SYNTAX =
  /<tool_call|<\/tool_call|<function=|<\/function>|<parameter=|<\/parameter>|"function_call":|"arguments":|"name": "calculator"/i
const INTEGER = /^-?\d+$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** Calls described by one JSON payload, in order; shapes that are not calls yield nothing. */
function callsFromJson(payload: unknown): TextToolCall[] {
  if (Array.isArray(payload)) return payload.flatMap(callsFromJson)
  if (!isRecord(payload)) return []
  if (isRecord(payload.function)) return callsFromJson(payload.function)
  if (isRecord(payload.function_call)) return callsFromJson(payload.function_call)
  if (typeof payload.name === 'string') return [{ name: payload.name, arguments: payload.arguments ?? {} }]
  return []
}

/** A parameter value: JSON when it parses, else the stripped string (integers beyond 2^53 stay text). */
function parameterValue(raw: string): unknown {
  const text = raw.trim()
  // JSON.parse would round a huge integer through a float; the string keeps it exact.
  if (INTEGER.test(text) && !Number.isSafeInteger(Number(text))) return text
  const parsed = parseJson(text)
  return parsed.ok ? parsed.value : text
}

function parameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const m of body.matchAll(PARAMETER)) args[m[1]!.trim()] = parameterValue(m[2]!)
  return args
}

/**
 * Every tool call written in `text`, in pass order (JSON blocks, closed XML, truncated XML).
 * @example parseToolCalls('<tool_call>\n<function=calculator>\n<parameter=expressions>\n["1+2"]\n</parameter>\n</function>\n</tool_call>')
 * // [{ name: 'calculator', arguments: { expressions: ['1+2'] } }]
 */
export function parseToolCalls(text: string): TextToolCall[] {
  // Cheap exit: most turns hold no tool syntax at all.
  if (!text.includes('<tool_call>') && !text.includes('<function=')) return []
  const calls: TextToolCall[] = []
  for (const m of text.matchAll(TOOL_CALL_BLOCK)) {
    const parsed = parseJson(m[1]!.trim())
    if (parsed.ok) calls.push(...callsFromJson(parsed.value))
  }
  const closedSpans: [number, number][] = []
  for (const m of text.matchAll(CLOSED_FUNCTION)) {
    closedSpans.push([m.index, m.index + m[0].length])
    calls.push({ name: m[1]!.trim(), arguments: parameters(m[2]!) })
  }
  for (const m of text.matchAll(TRUNCATED_FUNCTION)) {
    const start = m.index
    if (closedSpans.some(([from, to]) => start >= from && start < to)) continue
    calls.push({ name: m[1]!.trim(), arguments: { [m[2]!.trim()]: parameterValue(m[3]!) } })
  }
  return calls
}

/**
 * Whether a text contains anything that looks like tool-call syntax (case-insensitive).
 * @example looksLikeToolCall('<tool_call>\n<function=calculator>') // true
 * @example looksLikeToolCall('The answer is 4.') // false
 */
export const looksLikeToolCall = (text: string): boolean => TOOL_SYNTAX.test(text)
