/**
 * What vLLM's Qwen parsers share, written once for the simulator's server profiles: the tag
 * strings, how a `<parameter=…>` value is typed by the request's tool schema, and how the
 * arguments object is written (Python's `json.dumps`: `", "` and `": "` separators, non-ASCII
 * kept). Values are re-spaced as text rather than parsed and printed, so an integer in an array
 * argument never passes through a float.
 * Reference: vllm `tool_parsers/qwen3coder_tool_parser.py` @00d0a333 (`_convert_param_value`),
 * `parser/engine/parser_engine.py` @001ba1eb (`_fix_arg_types`); facts note §2.
 */
import type { ChatRequest } from '../protocol.ts'

export const THINK_START = '<think>'
export const THINK_END = '</think>'
export const TOOL_START = '<tool_call>'
export const TOOL_END = '</tool_call>'
export const FUNCTION_PREFIX = '<function='
export const FUNCTION_END = '</function>'
export const PARAMETER_PREFIX = '<parameter='
export const PARAMETER_END = '</parameter>'

/** One call as a server returns it: the function name and its JSON arguments text. */
export interface ParsedToolCall {
  name: string
  arguments: string
}

/** A parameter's declared JSON Schema type (`string` when the schema does not say). */
export type ParameterTypes = (name: string) => string | undefined

/**
 * The declared parameter types of function `name` in the request's `tools`.
 * @example parameterTypes(request, 'calculator')('expressions') // 'array'
 */
export function parameterTypes(request: Pick<ChatRequest, 'tools'>, name: string): ParameterTypes {
  const tool = request.tools?.find((entry) => entry.function.name === name)
  const properties = (tool?.function as { parameters?: { properties?: Record<string, unknown> } } | undefined)
    ?.parameters?.properties
  return (parameter) => {
    const schema = properties?.[parameter] as { type?: unknown } | undefined
    return typeof schema?.type === 'string' ? schema.type.toLowerCase() : undefined
  }
}

/**
 * JSON text with Python `json.dumps` spacing (`", "`, `": "`), its tokens kept as written.
 * @example pythonSpacing('["1+2","3"]') // '["1+2", "3"]'
 */
export function pythonSpacing(json: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!
    if (inString) {
      out += c
      if (c === '\\') out += json[++i] ?? ''
      else if (c === '"') inString = false
    } else if (c === '"') {
      inString = true
      out += c
    } else if (c === ',' || c === ':') out += `${c} `
    else if (!/\s/.test(c)) out += c
  }
  return out
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const INTEGER = /^[+-]?\d+$/
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/**
 * A parameter value as JSON text, typed by its schema the way vLLM's Qwen parsers convert it:
 * strings stay strings, integers, numbers and booleans are read when they parse, arrays and
 * objects go through `json.loads`; anything that does not convert stays the raw string (which
 * is how a cut-off `["1+2", ` comes back).
 * @example typedValue('["1+2"]', 'array') // '["1+2"]'
 * @example typedValue('["1+2", ', 'array') // '"[\\"1+2\\", "'
 */
export function typedValue(raw: string, type: string | undefined): string {
  const text = raw.trim()
  if (type === undefined || type === 'string') return JSON.stringify(raw)
  if (type.startsWith('int') && INTEGER.test(text)) return BigInt(text).toString()
  if ((type === 'number' || type.startsWith('float')) && NUMBER.test(text)) return text
  if (type === 'boolean' || type === 'bool') return text.toLowerCase() === 'true' ? 'true' : 'false'
  if ((type === 'array' || type === 'object') && isJson(text)) return pythonSpacing(text)
  return JSON.stringify(raw)
}

/**
 * The `arguments` text of a call, as `json.dumps` writes the parameters object.
 * @example argumentsText([['expressions', '["1+2"]']], () => 'array') // '{"expressions": ["1+2"]}'
 */
export function argumentsText(params: readonly [string, string][], types: ParameterTypes): string {
  const seen = new Map<string, string>()
  for (const [name, raw] of params) seen.set(name, typedValue(raw, types(name)))
  return `{${[...seen].map(([name, value]) => `${JSON.stringify(name)}: ${value}`).join(', ')}}`
}

/**
 * One leading and one trailing newline removed (the template's markup around a value).
 * @example trimNewlines('\n5\n') // '5'
 */
export function trimNewlines(value: string): string {
  const start = value.startsWith('\n') ? 1 : 0
  const end = value.endsWith('\n') && value.length > start ? value.length - 1 : value.length
  return value.slice(start, end)
}
