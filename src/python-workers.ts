/**
 * ARBIGRAPH_PYTHON_WORKERS: how many sandboxed Python interpreters the shared pool starts. Read
 * by the pool wherever it first starts (a generator thread, a test worker), and checked with the
 * rest of a run's settings before an eval starts, so a bad value is named once, not retried.
 */
import { z } from 'zod'
import { envInteger, parseEnv } from './env-fields.ts'

/** The most interpreters a pool may start (the sandbox pool's own limit). */
const MAX_PYTHON_WORKERS = 64

/** The field, a part of the run's one settings schema (src/vitest/run-settings.ts). */
export const pythonWorkersShape = {
  ARBIGRAPH_PYTHON_WORKERS: envInteger('a number of Python interpreters', 1, undefined, MAX_PYTHON_WORKERS),
}

const schema = z.object(pythonWorkersShape)

/**
 * ARBIGRAPH_PYTHON_WORKERS; undefined when unset; ARBIGRAPH_BAD_CONFIG naming it when bad.
 * @example pythonWorkersFromEnv({ ARBIGRAPH_PYTHON_WORKERS: '4' }) // 4
 */
export function pythonWorkersFromEnv(
  env: Record<string, string | undefined> = process.env,
): number | undefined {
  return parseEnv(schema, env).ARBIGRAPH_PYTHON_WORKERS
}
