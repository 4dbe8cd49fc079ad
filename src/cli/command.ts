/**
 * The shape of one CLI command: a name, usage text and a `run` that returns the exit code.
 * Output goes through `io` so tests can capture it.
 */
export interface CliIo {
  out(line: string): void
  err(line: string): void
  /** Working directory for relative paths. */
  cwd: string
}

export interface Command {
  name: string
  summary: string
  usage: string
  run(argv: string[], io: CliIo): Promise<number>
}
