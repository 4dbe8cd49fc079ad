/**
 * The order test files start in: the slow ones first, so that on two workers the run does not end
 * with one worker on a minute-long file while the other idles. Slow here means the file starts
 * processes (child Vitest runs, the CLI, a browser, a Python interpreter pool), itself or through
 * a helper module of the tests it imports (the parity test's runs are in results-parity.ts):
 * those take tens of seconds where the rest take one or two. Within each part Vitest's own order holds (the longest
 * of the previous run first when it has their durations, else the largest file first), and the
 * order changes nothing a test does, only when it starts.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { TestSpecification } from 'vitest/node'
import { BaseSequencer } from 'vitest/node'

/**
 * What a slow file's source says: it starts a process or an interpreter pool, or builds a GSM
 * template pool (a search for bindable values over every template: seconds, while it collects).
 */
const STARTS_A_PROCESS =
  /\b(runFixture|runSuites|runAll|runEval|startRun|spawn|spawnSync|launchChromium|createPythonPool|interruptedRun|buildPool)\(/

/** A relative import of a test helper module (not another package, not src/). */
const LOCAL_IMPORT = /\bfrom\s+'(\.\.?\/[^']+\.ts)'/g

const startsAProcess = (file: string): boolean => {
  try {
    return STARTS_A_PROCESS.test(readFileSync(file, 'utf8'))
  } catch {
    return false
  }
}

const slow = new Map<string, boolean>()
const isSlow = (file: string): boolean => {
  let known = slow.get(file)
  if (known === undefined) {
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch {}
    known =
      STARTS_A_PROCESS.test(text) ||
      [...text.matchAll(LOCAL_IMPORT)].some(
        ([, path]) => !path!.includes('/src/') && startsAProcess(resolve(dirname(file), path!)),
      )
    slow.set(file, known)
  }
  return known
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    // Vitest's order runs projects (and their groups) one after another: that stays, and each
    // part of a project keeps Vitest's order.
    const projects = new Map<string, number>()
    for (const spec of sorted)
      if (!projects.has(spec.project.name)) projects.set(spec.project.name, projects.size)
    const project = (spec: TestSpecification) => projects.get(spec.project.name)!
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort(
        (a, b) =>
          project(a.spec) - project(b.spec) ||
          Number(isSlow(b.spec.moduleId)) - Number(isSlow(a.spec.moduleId)) ||
          a.at - b.at,
      )
      .map(({ spec }) => spec)
  }
}
