/**
 * Runs one reference command in-process with captured output, independent of `main`'s
 * command table.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Command } from '../../src/cli/command.ts'

export async function runCommand(command: Command, argv: string[], cwd: string) {
  const out: string[] = []
  const err: string[] = []
  const code = await command.run(argv, { out: (line) => out.push(line), err: (line) => err.push(line), cwd })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A fresh empty folder under the OS temp dir. */
export const scratchDir = (): string => mkdtempSync(join(tmpdir(), 'arbigraph-ref-cli-'))
