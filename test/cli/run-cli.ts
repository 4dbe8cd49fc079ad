/**
 * Runs `arbigraph` in-process with a capturing CliIo, and makes throwaway working folders.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli/main.ts'

export interface CliRun {
  code: number
  out: string
  err: string
}

/** `arbigraph <argv…>` in `cwd`, with stdout and stderr captured. */
export async function runCli(argv: string[], cwd: string): Promise<CliRun> {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line), cwd })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A fresh empty folder under the OS temp dir. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'arbigraph-cli-'))
