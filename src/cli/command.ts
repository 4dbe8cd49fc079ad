/**
 * The shape of one CLI command: a name, usage text and a `run` that returns the exit code.
 * Output goes through `io` so tests can capture it.
 */
export interface CliIo {
  out(line: string): void
  err(line: string): void
  /** Working directory for relative paths. */
  cwd: string
  /**
   * Whether stdout is a terminal; progress is redrawn often there, and in a log (CI) it is a
   * plain line at most every 10 s.
   * @default false
   */
  isTTY?: boolean
}

/** A command's implementation; its one-line summary lives in `commands/index.ts`. */
export interface Command {
  name: string
  usage: string
  /** Usage for a sub-form of the command (e.g. `generate transduction`); @default usage */
  usageFor?(argv: readonly string[]): string | undefined | Promise<string | undefined>
  run(argv: string[], io: CliIo): Promise<number>
}
