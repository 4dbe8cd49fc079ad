/**
 * `arbigraph board RESULTS…|DIR [--out DIR]`: the board across runs — a static page (open
 * `index.html` from disk) and a Markdown summary (`board.md`) over any number of results files of
 * any benchmark on the board: the model × cell matrix with Wilson intervals and McNemar against
 * each cell's best model, the benchmark's figures with one series per model, sweep curves
 * overlaid, every cell leading to its cases. Runs of one model and dataset are pooled as epochs.
 */
import { resolve } from 'node:path'
import { boardInputs } from '../../board/board-inputs.ts'
import { buildBoard } from '../../board/build-board.ts'
import { threadRegistry } from '../../generate/generate-chunk.ts'
import { parseCommandArgs } from '../args.ts'
import type { Command } from '../command.ts'

const FLAGS = { out: { type: 'string' } } as const

export const boardCommand: Command = {
  name: 'board',
  usage: [
    'Usage: arbigraph board <results.json|transduction.json|DIR>... [--out DIR]',
    '',
    'Builds the board across runs: a static page and board.md over any number of results files of',
    'any benchmark (a folder is searched for them). One column per model (and dataset): runs of the',
    'same model are pooled as epochs. Each cell shows the rate with its Wilson 95% interval and,',
    "against the cell's best model, the exact McNemar test on the trials both graded; a cell links",
    "to its cases (the run's dashboard, when one sits beside its results file).",
    '  --out DIR   the board folder (default out/board; an earlier board there is replaced)',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('board', argv, FLAGS, {
      min: 1,
      max: Number.POSITIVE_INFINITY,
      names: 'results files or folders',
    })
    const { benchmarks } = await threadRegistry(io.cwd)
    const inputs = await boardInputs(io.cwd, positionals, benchmarks.values())
    const dir = resolve(io.cwd, typeof values.out === 'string' ? values.out : 'out/board')
    const built = await buildBoard(inputs, benchmarks.values(), dir)
    const models = new Set(built.data.sections.flatMap((s) => s.columns.map((c) => c.key)))
    io.out(`board: ${models.size} models, ${built.data.runs.length} runs, ${built.data.trials} trials`)
    io.out(`page: ${built.dir}/index.html`)
    io.out(`Markdown: ${built.dir}/board.md`)
    return 0
  },
}
