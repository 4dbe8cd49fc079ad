/**
 * The `arbigraph` command line: finds the command, prints help, runs it and maps failures to
 * exit codes — 0 success, 1 a problem with the input or the run (the ArbigraphError message is
 * printed), 2 a usage error. Output goes through a `CliIo`, so tests run `main` in-process and
 * capture what a user would see. Only the chosen command's module is imported: this file,
 * `commands/index.ts` and the built-ins' manifest (for the plugins' commands) are all that
 * `arbigraph --help` loads.
 */
import { builtins } from '../builtins.ts'
import { closestName } from '../did-you-mean.ts'
import { ArbigraphError } from '../errors.ts'
import type { CliIo, Command } from './command.ts'
import { type CommandEntry, commands } from './commands/index.ts'

/**
 * The real terminal: stdout, stderr and the process's working directory.
 * @example await main(['list'], processIo())
 */
export const processIo = (): CliIo => ({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY === true,
})

/**
 * Our commands, then those of the built-in plugins.
 * @example (await allCommands()).map((c) => c.name) // ['generate', …, 'import-gsm-symbolic', 'import-leetcode']
 */
export async function allCommands(): Promise<CommandEntry[]> {
  return [...commands, ...((await builtins()).commands ?? [])]
}

/**
 * The overview printed by `arbigraph --help`.
 * @example overview(await allCommands()).startsWith('Usage: arbigraph <command>') // true
 */
export function overview(list: readonly CommandEntry[]): string {
  const width = Math.max(...list.map((c) => c.name.length))
  return [
    'Usage: arbigraph <command> [options]',
    '',
    'Commands:',
    ...list.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "arbigraph <command> --help" for the options of a command, "arbigraph --version" for the version.',
  ].join('\n')
}

const wantsHelp = (argv: readonly string[]): boolean => {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')
}

/** Runs one command, turning thrown errors into a message and an exit code. */
async function runCommand(command: Command, argv: string[], io: CliIo): Promise<number> {
  if (wantsHelp(argv)) {
    io.out((await command.usageFor?.(argv)) ?? command.usage)
    return 0
  }
  try {
    return await command.run(argv, io)
  } catch (error) {
    if (error instanceof ArbigraphError) {
      io.err(`arbigraph ${command.name}: ${error.message}`)
      return error.code === 'ARBIGRAPH_USAGE' ? 2 : 1
    }
    io.err(`arbigraph ${command.name}: internal error: ${(error as Error)?.stack ?? String(error)}`)
    return 1
  }
}

/**
 * Runs `arbigraph <argv…>` and returns the exit code.
 * @example process.exitCode = await main(process.argv.slice(2))
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv
  if (name === '--version' || name === '-v') {
    // Read only here: the version is the package.json's, which other commands need not parse.
    io.out((await import('../version.ts')).GENERATOR)
    return 0
  }
  const list = await allCommands()
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const help = overview(list)
    if (name === undefined) io.err(help)
    else io.out(help)
    return name === undefined ? 2 : 0
  }
  const entry = list.find((c) => c.name === name)
  if (!entry) {
    if (name.startsWith('-')) io.err(`arbigraph: unknown option "${name}" (see "arbigraph --help")`)
    else {
      const meant = closestName(
        name,
        list.map((c) => c.name),
      )
      const suggestion = meant === undefined ? '' : `: did you mean "${meant}"?`
      io.err(
        `arbigraph: unknown command "${name}"${suggestion} (commands: ${list.map((c) => c.name).join(', ')})`,
      )
    }
    return 2
  }
  return runCommand(await entry.load(), rest, io)
}
