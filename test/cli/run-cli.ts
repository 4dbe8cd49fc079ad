/**
 * Runs `arbigraph` in-process with a capturing CliIo, and makes throwaway working folders.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../cli.ts'

export interface CliRun {
  code: number
  out: string
  err: string
}

/** `arbigraph <argv…>` in `cwd`, with stdout and stderr captured (as a log, unless `isTTY`). */
export async function runCli(argv: string[], cwd: string, { isTTY = false } = {}): Promise<CliRun> {
  const out: string[] = []
  const err: string[] = []
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line), cwd, isTTY }
  const code = await main(argv, io)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A fresh empty folder under the OS temp dir. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'arbigraph-cli-'))
