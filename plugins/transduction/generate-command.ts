/**
 * `arbigraph generate transduction [--family …] [--format …] [--level …] [--budget …] --out f.jsonl`:
 * writes Long-Transduction documents (the full 1,440-document grid by default) as JSONL,
 * atomically, and prints the mean input and required-output tokens per budget. Every list flag
 * takes comma-separated values and is checked against the grid, so a typo is a usage error that
 * lists what is accepted.
 */
import { relative, resolve } from 'node:path'
import { intFlag, parseCommandArgs, usageError } from '../../src/cli/args.ts'
import type { CliIo } from '../../src/cli/command.ts'
import { progressPrinter } from '../../src/cli/progress-printer.ts'
import { openAtomicLines } from '../../src/io/atomic-write.ts'
import type { PluginGenerator } from '../../src/registry.ts'
import type { BudgetLabel, Family, Format, GridSelection, Level, TransductionDocument } from './index.ts'
import {
  budgetLabels,
  families,
  gridPoints,
  lineFormats,
  tableFormats,
  transductionDocuments,
} from './index.ts'

const FLAGS = {
  family: { type: 'string' },
  format: { type: 'string' },
  level: { type: 'string' },
  budget: { type: 'string' },
  samples: { type: 'string' },
  seed: { type: 'string' },
  workers: { type: 'string' },
  out: { type: 'string' },
} as const

export const generateTransductionUsage = [
  'Usage: arbigraph generate transduction [options] --out <file.jsonl>',
  '',
  `  --family <a,b>     ${families.join(', ')} (default: all)`,
  `  --format <a,b>     ${[...lineFormats, ...tableFormats].join(', ')} (default: all of each family)`,
  '  --level <0,1,…>    difficulty levels 0–3 (default: all)',
  `  --budget <a,b>     ${budgetLabels.join(', ')} (default: all)`,
  '  --samples <n>      documents per cell (default: 5)',
  '  --seed <s>         dataset seed (default: 0)',
  '  --workers <n>      worker threads (default: 1; the same bytes for any number)',
  '  --out <file.jsonl> output file, written atomically (required)',
].join('\n')

function listFlag<T extends string>(
  name: string,
  text: string | boolean | undefined,
  allowed: readonly T[],
): T[] | undefined {
  if (typeof text !== 'string') return undefined
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const item of items) {
    if (!allowed.includes(item as T))
      throw usageError(
        'generate',
        `--${name}: unknown value "${item}"; expected one of ${allowed.join(', ')}`,
      )
  }
  return items as T[]
}

/** Per-budget token sums of the documents written so far, for the table printed at the end. */
export class TokenTally {
  private readonly budgets = new Map<string, { docs: number; input: number; output: number; worst: number }>()

  add(doc: TransductionDocument): void {
    let sums = this.budgets.get(doc.budget)
    if (!sums) this.budgets.set(doc.budget, (sums = { docs: 0, input: 0, output: 0, worst: 0 }))
    sums.docs++
    sums.input += doc.inputTokens
    sums.output += doc.outputTokens
    sums.worst = Math.max(
      sums.worst,
      Math.abs(doc.inputTokens + doc.outputTokens - doc.budgetTokens) / doc.budgetTokens,
    )
  }

  /** Mean input and output tokens per budget, one line each, in budget order. */
  lines(): string[] {
    const lines = ['budget  docs  mean input  mean output  max |total − budget|']
    for (const budget of budgetLabels) {
      const sums = this.budgets.get(budget)
      if (!sums) continue
      lines.push(
        `${budget.padEnd(6)}  ${String(sums.docs).padStart(4)}  ${(sums.input / sums.docs)
          .toFixed(0)
          .padStart(
            10,
          )}  ${(sums.output / sums.docs).toFixed(0).padStart(11)}  ${(sums.worst * 100).toFixed(2)} %`,
      )
    }
    return lines
  }
}

/**
 * Mean input and output tokens per budget, one line each.
 * @example tokenTable(generateTransduction({ budgets: ['4K'] }, '0'))[1] // '4K        240 …'
 */
export function tokenTable(docs: readonly TransductionDocument[]): string[] {
  const tally = new TokenTally()
  for (const doc of docs) tally.add(doc)
  return tally.lines()
}

/**
 * Runs `generate transduction` (argv after the word `transduction`).
 * @example await runGenerateTransduction(['--budget', '4K', '--out', 'lt.jsonl'], io)
 */
export async function runGenerateTransduction(argv: string[], io: CliIo): Promise<number> {
  const { values, help } = parseCommandArgs('generate', argv, FLAGS, {
    min: 0,
    max: 0,
    names: 'no arguments',
  })
  if (help) {
    io.out(generateTransductionUsage)
    return 0
  }
  if (typeof values.out !== 'string') throw usageError('generate', 'missing --out <file.jsonl>')
  const levelText = listFlag('level', values.level, ['0', '1', '2', '3'])
  const selection: GridSelection = {
    families: listFlag<Family>('family', values.family, families),
    formats: listFlag<Format>('format', values.format, [...lineFormats, ...tableFormats]),
    levels: levelText?.map((level) => Number(level) as Level),
    budgets: listFlag<BudgetLabel>('budget', values.budget, budgetLabels),
    samples: intFlag('generate', 'samples', values.samples as string | undefined, { min: 1 }) ?? 5,
  }
  const workers = intFlag('generate', 'workers', values.workers as string | undefined, { min: 1 }) ?? 1
  const out = resolve(io.cwd, values.out)
  const total = gridPoints(selection).length
  if (total === 0)
    throw usageError('generate', 'the selection contains no documents (check --family and --format)')
  const file = await openAtomicLines(out)
  try {
    // Each document is written as it comes, in grid order: the dataset is never all in memory.
    const onProgress = progressPrinter(io, { unit: 'documents' })
    const tally = new TokenTally()
    let done = 0
    const seed = typeof values.seed === 'string' ? values.seed : '0'
    for await (const doc of transductionDocuments(selection, seed, { workers })) {
      await file.write(JSON.stringify(doc))
      tally.add(doc)
      onProgress(++done, total)
    }
    await file.commit()
    for (const line of tally.lines()) io.out(line)
    io.out(`wrote ${done} documents to ${relative(io.cwd, out) || out}`)
    return 0
  } catch (error) {
    await file.abort()
    throw error
  }
}

/** `arbigraph generate transduction`, as the built-in plugin lists it. */
export const transductionGenerator: PluginGenerator = {
  usage: generateTransductionUsage,
  run: runGenerateTransduction,
}
