/**
 * Command-line arguments: every command parses its flags with `node:util` `parseArgs` in strict
 * mode, so a misspelt flag is a usage error naming the flag (exit 2) rather than being ignored.
 * A flag given twice is one too: `parseArgs` would keep the last value, so `--category math
 * --category python` would quietly mean python only. Numbers are checked here too, with messages
 * that quote the bad value.
 */
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ParseArgsConfig } from 'node:util'
import { parseArgs } from 'node:util'
import { ArbigraphError } from '../errors.ts'

/** The flags a command accepts, as `parseArgs` takes them. */
export type FlagSpec = NonNullable<ParseArgsConfig['options']>

/**
 * A usage error for `arbigraph <command>`, pointing at its help.
 * @example throw usageError('render', 'missing --index')
 */
export const usageError = (command: string, message: string): ArbigraphError =>
  new ArbigraphError('ARBIGRAPH_USAGE', `${message} (see "arbigraph ${command} --help")`)

const HELP = { help: { type: 'boolean', short: 'h' } } as const

/** Turns a `parseArgs` failure into a usage error that names the offending flag or argument. */
function explain(command: string, error: unknown): ArbigraphError {
  const { code, message } = error as { code?: string; message: string }
  const quoted = /'([^']+)'/.exec(message)?.[1]
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return usageError(command, `unknown option "${quoted}"`)
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = quoted?.split(' ')[0] ?? '?'
    if (message.includes('does not take')) return usageError(command, `option "${flag}" takes no value`)
    // A value starting with "-" (say -1) reads as a flag; the = form is unambiguous.
    const hint = message.includes('ambiguous')
      ? `; to pass a value starting with "-", write ${flag}=<value>`
      : ''
    return usageError(command, `option "${flag}" needs a value${hint}`)
  }
  return usageError(command, message)
}

/** Parsed flags (strings and booleans) and positionals; `help` is true when --help was given. */
export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
  help: boolean
}

/**
 * Parses `argv` strictly against `flags` (plus `--help`), with between `min` and `max` positionals.
 * @example parseCommandArgs('render', ['d.jsonl', '--index', '3'], { index: { type: 'string' } }, { min: 1, max: 1, names: 'a dataset file' })
 */
export function parseCommandArgs(
  command: string,
  argv: string[],
  flags: FlagSpec,
  positionals: { min: number; max: number; names: string },
): ParsedArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: FlagSpec; allowPositionals: true; tokens: true }>>
  try {
    const options = { ...flags, ...HELP }
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true })
  } catch (error) {
    throw explain(command, error)
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || flags[token.name]?.multiple) continue
    if (seen.has(token.name))
      throw usageError(
        command,
        `option "--${token.name}" given more than once; give it once (a list is one comma-separated value)`,
      )
    seen.add(token.name)
  }
  const values = parsed.values as ParsedArgs['values']
  const help = values.help === true
  const count = parsed.positionals.length
  if (!help && (count < positionals.min || count > positionals.max)) {
    const extra = parsed.positionals[positionals.max]
    throw usageError(
      command,
      count < positionals.min ? `missing ${positionals.names}` : `unexpected argument "${extra}"`,
    )
  }
  return { values, positionals: parsed.positionals, help }
}

/**
 * Reads an integer flag, checking its range.
 * @example intFlag('generate', 'length', '4', { min: 1 }) // 4
 */
export function intFlag(
  command: string,
  name: string,
  text: string | undefined,
  { min = 0 } = {},
): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min) {
    throw usageError(command, `--${name} expects an integer ≥ ${min}, got "${text}"`)
  }
  return value
}

/**
 * Resolves `path` against `cwd` and checks it names a readable file, so a typo gives a clear
 * message instead of a stream error.
 * @example existingFile('/work', 'd.jsonl') // '/work/d.jsonl'
 */
export function existingFile(cwd: string, path: string): string {
  const full = resolve(cwd, path)
  let isFile = false
  try {
    isFile = statSync(full).isFile()
  } catch {
    throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: no such file`)
  }
  if (!isFile) throw new ArbigraphError('ARBIGRAPH_BAD_INPUT', `${path}: not a file`)
  return full
}
