/**
 * Can this run start? One schema for every environment variable of an eval run (the pool's, the
 * simulator's, the suites', every registered benchmark's, the outputs'), checked once in the main process
 * before Vitest prints or writes anything, together with the folders the run will write to and
 * the reporters' own settings (gate rules, dashboard). Every problem is listed at once, each line
 * naming its variable, so a run that cannot start fails in a second instead of after an hour of
 * model calls, and never overwrites the results of an earlier good run.
 */
import { dirname, join, resolve } from 'node:path'
import { z } from 'zod'
import { dashboardDirShape, resolveDashboardOptions } from '../../reporters/dashboard.ts'
import { resolveReporterOptions } from '../../reporters/options.ts'
import { protocolFromEnv } from '../agent/protocols/protocol-env.ts'
import { conditionsEnvShape } from '../conditions/select-conditions.ts'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { envFlag, envText, formatEnvIssues } from '../env-fields.ts'
import { ArbigraphError } from '../errors.ts'
import { caseDeadlineShape } from '../harness/case-deadline.ts'
import { checkHarnessEnv } from '../harness/harness-env.ts'
import { ensureDir } from '../io/ensure-dir.ts'
import { poolEnvShape } from '../pool/env.ts'
import { pythonWorkersShape } from '../python-workers.ts'
import { serverProfileFromEnv } from '../sim/server-profile.ts'
import { sweepEnvShape } from '../sweep/sweep-scale.ts'
import { simEnvShape, simModelPersona } from './sim-env.ts'
import { suiteEnvShape } from './suite-env.ts'

const outputEnvShape = {
  ARBIGRAPH_RESULTS: envText,
  ARBIGRAPH_MARKDOWN: envText,
  ARBIGRAPH_CASES: envText,
  ARBIGRAPH_DASHBOARD_DIR: dashboardDirShape.shape.ARBIGRAPH_DASHBOARD_DIR,
  ARBIGRAPH_ALLOW_SIMULATED: envFlag,
  ARBIGRAPH_DEBUG: envFlag,
}

/** Every variable of a run, in one schema (the registered benchmarks add theirs, see `checkRunSettings`). */
export const runEnvSchema = z.object({
  ...poolEnvShape,
  ...simEnvShape,
  ...suiteEnvShape,
  ...caseDeadlineShape,
  ...sweepEnvShape,
  ...pythonWorkersShape,
  ...outputEnvShape,
  ...conditionsEnvShape,
})

export type RunEnv = z.output<typeof runEnvSchema>

const OFF = new Set(['off', 'false', '0', 'no'])

/** The folders of the benchmarks' own files whose variables are set (reporters/benchmark.ts). */
function benchmarkFolders(
  env: Record<string, string | undefined>,
  root: string,
  benchmarks: readonly Pick<AnyBenchmark, 'files'>[],
): [string, string][] {
  return benchmarks.flatMap(({ files }) =>
    (files ? [files.results.variable, files.markdown.variable] : []).flatMap((variable) => {
      const value = env[variable]?.trim()
      if (!value || OFF.has(value.toLowerCase())) return []
      return [[`${variable} "${value}"`, dirname(resolve(root, value))] as [string, string]]
    }),
  )
}

/** The folders the run writes to, each with the variable that chose it. */
function outputFolders(e: RunEnv, root: string): [string, string][] {
  const folders: [string, string][] = [
    [`ARBIGRAPH_CACHE_DIR "${e.ARBIGRAPH_CACHE_DIR}"`, resolve(root, e.ARBIGRAPH_CACHE_DIR)],
  ]
  const results = e.ARBIGRAPH_RESULTS ?? 'out/results.json'
  const on = (value: string | undefined) => value === undefined || !OFF.has(value.toLowerCase())
  if (on(e.ARBIGRAPH_RESULTS)) {
    folders.push([`ARBIGRAPH_RESULTS "${results}"`, dirname(resolve(root, results))])
    // By default the case store sits beside the results file, whose folder is checked already.
    if (e.ARBIGRAPH_CASES !== undefined && on(e.ARBIGRAPH_CASES))
      folders.push([`ARBIGRAPH_CASES "${e.ARBIGRAPH_CASES}"`, resolve(root, e.ARBIGRAPH_CASES)])
    const dashboard = e.ARBIGRAPH_DASHBOARD_DIR ?? join(dirname(results), 'dashboard')
    if (dashboard !== false)
      folders.push([`ARBIGRAPH_DASHBOARD_DIR "${dashboard}"`, dirname(resolve(root, dashboard))])
  }
  if (e.ARBIGRAPH_MARKDOWN !== undefined && on(e.ARBIGRAPH_MARKDOWN))
    folders.push([
      `ARBIGRAPH_MARKDOWN "${e.ARBIGRAPH_MARKDOWN}"`,
      dirname(resolve(root, e.ARBIGRAPH_MARKDOWN)),
    ])
  return folders
}

/** The message of a check that throws, or nothing. */
function problem(check: () => unknown): string[] {
  try {
    check()
    return []
  } catch (error) {
    if (error instanceof ArbigraphError) return [error.message]
    throw error
  }
}

/**
 * Checks the run's settings: every variable, the reporters' settings, and the output folders
 * (created when missing, so a path that cannot be a folder is found now). Throws one
 * ARBIGRAPH_BAD_CONFIG listing every problem, each naming its variable.
 * @example checkRunSettings(process.env, vitest.config.root)
 */
export function checkRunSettings(
  env: Record<string, string | undefined>,
  root: string = process.cwd(),
  benchmarks: readonly Pick<AnyBenchmark, 'env' | 'files'>[] = [],
): RunEnv {
  const shape: z.ZodRawShape = Object.assign({}, ...benchmarks.map((b) => b.env ?? {}))
  const parsed = runEnvSchema.extend(shape as Record<never, never>).safeParse(env)
  const problems = parsed.success ? [] : [formatEnvIssues(parsed.error)]
  problems.push(...problem(() => resolveReporterOptions({}, env)))
  problems.push(...problem(() => resolveDashboardOptions(env, 'out/results.json')))
  // Variables whose names belong to their own modules, checked by those modules' parsers.
  problems.push(...problem(() => protocolFromEnv(env)))
  problems.push(...problem(() => serverProfileFromEnv(env)))
  problems.push(...problem(() => checkHarnessEnv(env)))
  problems.push(...problem(() => simModelPersona(env)))
  if (parsed.success)
    for (const [what, folder] of [
      ...outputFolders(parsed.data, root),
      ...benchmarkFolders(env, root, benchmarks),
    ])
      problems.push(...problem(() => ensureDir(folder, what)))
  // ARBIGRAPH_DASHBOARD_DIR is read by the schema and by the dashboard's options: one line for it.
  if (problems.length > 0)
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', [...new Set(problems.join('\n').split('\n'))].join('\n'))
  return (parsed as { data: RunEnv }).data
}
