/**
 * `arbigraph check-reference <ref.json>`: recomputes every stage of a reference dataset (or
 * harness results file) with our operators and compares each with the recorded ground truth,
 * exactly. Stages of categories we do not support yet are counted as skipped. Exit codes: 0 all
 * reproduced, 1 any mismatch or nothing to check, 2 unreadable or malformed input.
 *
 * Reference: docs/research/arbigraph-reference-math-generators.md §12.1.
 */
import { resolve } from 'node:path'
import { referenceStageHandlers } from '../../builtins.ts'
import { ArbigraphError } from '../../errors.ts'
import { type CheckReport, checkGraph, emptyReport, type StageFailure } from '../../io/reference/check.ts'
import { type ReferenceFile, readReferenceFile } from '../../io/reference/read.ts'
import type { StageHandlers } from '../../io/reference/stage-handler.ts'
import { pyRepr, type Value } from '../../values.ts'
import { existingFile, parseCommandArgs } from '../args.ts'
import type { CliIo, Command } from '../command.ts'

/** Mismatches printed without --verbose; the count is always given. */
const PRINT_LIMIT = 20
const PROGRESS_EVERY_MS = 1000

const shown = (value: Value, verbose: boolean): string => {
  const text = pyRepr(value)
  return verbose || text.length <= 80 ? text : `${text.slice(0, 77)}…`
}

/** One failure line: where (record, task, stage) and expected versus got. */
export function describeFailure(failure: StageFailure, verbose = false): string {
  const where = `samples[${failure.record}] (${failure.recordTask}) stage ${failure.stage} ${failure.task}`
  const got =
    'error' in failure.got ? `error: ${failure.got.error}` : `got ${shown(failure.got.value, verbose)}`
  return `mismatch ${where}: expected ${shown(failure.expected, verbose)}, ${got}`
}

export interface CheckFileOptions {
  /** Print a line per record. @default false */
  verbose?: boolean
  /** Minimum time between progress lines on stderr. @default 1000 */
  progressEveryMs?: number
  /** The stage handlers. @default the built-in categories' (`referenceStageHandlers()`) */
  handlers?: StageHandlers
}

/**
 * Checks every record of a loaded file, printing progress to stderr at most once per interval.
 * @example const report = await checkReferenceFile(file, io, { verbose: true })
 */
export async function checkReferenceFile(
  file: ReferenceFile,
  io: CliIo,
  options: CheckFileOptions = {},
): Promise<CheckReport> {
  const { verbose = false, progressEveryMs = PROGRESS_EVERY_MS } = options
  const handlers = options.handlers ?? (await referenceStageHandlers())
  const report = emptyReport()
  const total = file.graphs.length
  let lastProgress = Date.now()
  for (const [i, graph] of file.graphs.entries()) {
    const before = report.failures.length
    await checkGraph(graph, i, report, handlers)
    if (verbose)
      io.err(`samples[${i}] ${graph.taskName}: ${report.failures.length === before ? 'ok' : 'MISMATCH'}`)
    if (Date.now() - lastProgress >= progressEveryMs) {
      lastProgress = Date.now()
      const percent = Math.floor(((i + 1) * 100) / total)
      io.err(`… ${i + 1}/${total} records (${percent}%), ${report.failures.length} mismatches so far`)
    }
  }
  return report
}

function printReport(file: ReferenceFile, report: CheckReport, io: CliIo, verbose: boolean): void {
  const limit = verbose ? report.failures.length : PRINT_LIMIT
  for (const failure of report.failures.slice(0, limit)) io.out(describeFailure(failure, verbose))
  if (report.failures.length > limit)
    io.out(`… and ${report.failures.length - limit} more mismatches (--verbose lists all)`)
  const skipped = [...report.skipped.values()].reduce((a, b) => a + b, 0)
  const reasons = [...report.skipped].map(([reason, n]) => `${n} ${reason}`).join(', ')
  const records = `${file.graphs.length} records`
  io.out(
    `${file.name} (${file.mode}, ${records}): reproduced ${report.reproduced}/${report.checked} stages${skipped ? `, skipped ${skipped} (${reasons})` : ''}`,
  )
}

export const checkReferenceCommand: Command = {
  name: 'check-reference',
  usage: [
    'Usage: arbigraph check-reference <ref.json> [--verbose] [--gsm-templates <dir> [--gsm-overrides <dir>] | --gsm-pool <file>]',
    '',
    'Reads a dataset or harness results file of the reference implementation, recomputes every',
    'stage our categories support from its raw input and printed parameters, and compares it with',
    'the recorded ground truth. Prints "reproduced N/M stages" and every mismatch (record, task,',
    'stage, expected and got). Exit code 0 when all M stages match, 1 on any mismatch or when',
    'there is nothing to check (M = 0), 2 when the file cannot be read or is not a reference dataset.',
    '',
    'Options:',
    '  --verbose               print a line per record and every mismatch with full values',
    '  --gsm-templates <dir>   GSM-Symbolic annotated templates (GSM stages need them; the public',
    '                          templates are not shipped with arbigraph)',
    '  --gsm-overrides <dir>   corrected templates that replace some of --gsm-templates',
    '  --gsm-pool <file>       or a pool made by arbigraph import-gsm-symbolic',
    '  (the same from the environment: ARBIGRAPH_GSM_TEMPLATES, ARBIGRAPH_GSM_OVERRIDES, ARBIGRAPH_GSM_POOL)',
  ].join('\n'),
  async run(argv, io) {
    const { positionals, values } = parseCommandArgs(
      'check-reference',
      argv,
      {
        verbose: { type: 'boolean', short: 'v' },
        'gsm-templates': { type: 'string' },
        'gsm-overrides': { type: 'string' },
        'gsm-pool': { type: 'string' },
      },
      { min: 1, max: 1, names: 'the reference file' },
    )
    const verbose = values.verbose === true
    // The GSM handler (plugins/gsm) reads these; paths are resolved here, against the cwd.
    const path = (flag: string, resolvePath: (cwd: string, p: string) => string) => {
      const value = values[flag]
      return typeof value === 'string' ? resolvePath(io.cwd, value) : undefined
    }
    const handlers = await referenceStageHandlers({
      'gsm-pool': path('gsm-pool', existingFile),
      'gsm-templates': path('gsm-templates', resolve),
      'gsm-overrides': path('gsm-overrides', resolve),
    })
    let file: ReferenceFile
    try {
      file = await readReferenceFile(resolve(io.cwd, positionals[0]!))
    } catch (error) {
      if (!(error instanceof ArbigraphError)) throw error
      io.err(`arbigraph check-reference: ${error.message}`)
      return 2
    }
    const report = await checkReferenceFile(file, io, { verbose, handlers })
    printReport(file, report, io, verbose)
    return report.failures.length > 0 || report.checked === 0 ? 1 : 0
  },
}
