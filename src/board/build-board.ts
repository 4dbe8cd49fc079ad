/**
 * Builds the board: a static page (`index.html`, the app, `data/board.js`) plus its Markdown
 * summary (`board.md`) over any number of results files of any benchmark on the board. Each file
 * is streamed once: its trials go into the fold (src/board/fold-board.ts) and, row by row, into
 * its own data file (`data/run-NNNNN.js`), which the page loads only when a cell's cases are
 * opened — so building and opening a board of 10⁶ trials holds counts, not records. The folder is
 * written beside its place and moved there whole; an existing folder is replaced only when it is
 * a board.
 */
import { existsSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import { isSimulatedModel } from '../contracts/results.ts'
import { ArbigraphError } from '../errors.ts'
import { openAtomicLines, removeStaleTemps, tempPath } from '../io/atomic-write.ts'
import { ensureDir } from '../io/ensure-dir.ts'
import type { BoardData } from './board-data.ts'
import { boardData } from './board-data.ts'
import type { BoardInput } from './board-inputs.ts'
import { boardFold } from './fold-board.ts'
import { formatBoardMarkdown } from './format-board-markdown.ts'
import { boardBenchmarkOf, readRunTrials } from './read-run.ts'

const APP_DIR = fileURLToPath(new URL('./app/', import.meta.url))
const APP_FILES = ['index.html', 'board.css', 'board.js', 'charts.js', 'cases.js']
/** The DOM helper the board shares with the dashboard's app. */
const DOM_SCRIPT = fileURLToPath(new URL('../dashboard/app/dom.js', import.meta.url))

/** The columns of a run's data file: one row per trial. */
export const RUN_COLUMNS = [
  'caseId',
  'cell',
  'epoch',
  'outcome',
  'status',
  'tokens',
  'turns',
  'latencyMs',
  'attribution',
  'column',
] as const

export interface BoardBuild {
  dir: string
  markdown: string
  data: BoardData
}

const script = (name: string, payload: unknown) =>
  `window.arbigraphBoard(${JSON.stringify(name)}, ${JSON.stringify(payload)});\n`

const runData = (i: number) => `data/run-${String(i).padStart(5, '0')}.js`

/** The case table of the dashboard beside a results file, relative to the board, when there is one. */
function dashboardOf(resultsFile: string, boardDir: string): string | undefined {
  const index = join(dirname(resultsFile), 'dashboard', 'index.html')
  return existsSync(index) ? relative(boardDir, index).split('\\').join('/') : undefined
}

/** Streams every run into the fold and its data file under `built`. */
async function readRuns(
  inputs: readonly BoardInput[],
  benchmarks: readonly AnyBenchmark[],
  built: string,
  dir: string,
) {
  const fold = boardFold()
  for (const input of inputs) {
    const bench = await boardBenchmarkOf(input.path, input.where, benchmarks)
    const dashboard = dashboardOf(input.path, dir)
    const data = runData(fold.runs.length)
    const run = fold.startRun(
      { file: input.where, benchmark: bench.name, data, ...(dashboard ? { dashboard } : {}) },
      bench.board,
    )
    const out = await openAtomicLines(join(built, data))
    try {
      await out.write(
        `window.arbigraphBoard("run:${run.index}", {"columns":${JSON.stringify(RUN_COLUMNS)},"rows":[`,
      )
      const columns: string[] = []
      let first = true
      let lines: string[] = []
      const { records } = await readRunTrials(input.path, input.where, bench, {
        trials(model, trials) {
          const placed = run.add(model, trials)
          trials.forEach((t, i) => {
            let column = columns.indexOf(placed[i]!.column)
            if (column < 0) column = columns.push(placed[i]!.column) - 1
            const outcome = t.correct === null ? 2 : t.correct ? 1 : 0
            const row = [
              t.caseId,
              t.cell,
              placed[i]!.epoch,
              outcome,
              t.status,
              t.completionTokens,
              t.turns,
              t.latencyMs,
              t.attribution,
              column,
            ]
            lines.push(`${first ? '' : ','}${JSON.stringify(row)}`)
            first = false
          })
          if (lines.length < 2000) return
          const text = lines.join('\n')
          lines = []
          return out.write(text)
        },
        sweeps: (curves) => run.sweeps(curves),
      })
      if (lines.length > 0) await out.write(lines.join('\n'))
      await out.write(`],"columnKeys":${JSON.stringify(columns)}});`)
      await out.commit()
      run.end(records)
    } catch (error) {
      await out.abort()
      throw error
    }
  }
  return fold
}

/** Puts the finished folder at `dir`, replacing an earlier board (never another kind of folder). */
async function moveIntoPlace(built: string, dir: string): Promise<void> {
  const existing = await stat(dir).catch(() => undefined)
  if (existing && !(existing.isDirectory() && existsSync(join(dir, 'data', 'board.js'))))
    throw new ArbigraphError(
      'ARBIGRAPH_EXISTS',
      `board "${dir}": exists and is not a board; give another folder with --out (the board replaces only an earlier board)`,
    )
  const previous = existing ? tempPath(dir) : undefined
  if (previous) await rename(dir, previous)
  try {
    await rename(built, dir)
  } finally {
    if (previous) await rm(previous, { recursive: true, force: true })
  }
}

/**
 * Builds the board of `inputs` into the folder `dir`.
 * @example await buildBoard([{ path: '/abs/a/results.json', where: 'a/results.json' }], registry.benchmarks.values(), 'out/board')
 */
export async function buildBoard(
  inputs: readonly BoardInput[],
  benchmarks: Iterable<AnyBenchmark>,
  dir: string,
): Promise<BoardBuild> {
  const target = resolve(dir)
  ensureDir(dirname(target), `board "${target}"`)
  removeStaleTemps(target)
  const built = tempPath(target)
  try {
    await mkdir(join(built, 'data'), { recursive: true })
    const fold = await readRuns(inputs, [...benchmarks], built, target)
    const data = boardData(fold.sections, fold.runs, isSimulatedModel)
    const markdown = formatBoardMarkdown(data)
    for (const name of APP_FILES) await copyFile(join(APP_DIR, name), join(built, name))
    await copyFile(DOM_SCRIPT, join(built, 'dom.js'))
    await writeFile(join(built, 'data', 'board.js'), script('board', data))
    await writeFile(join(built, 'board.md'), markdown)
    await moveIntoPlace(built, target)
    return { dir: target, markdown, data }
  } catch (error) {
    await rm(built, { recursive: true, force: true })
    throw error
  }
}
