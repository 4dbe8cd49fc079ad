/**
 * `arbigraph report out/transduction.json --html DIR`: the dashboard of a benchmark's results
 * file, as its run would have written it: the benchmark's tab with its overview and its cases.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeSyntheticTransduction } from '../board/synthetic-transduction.ts'
import { runCli, tempDir } from './run-cli.ts'

/** What the test reads of the page's data: a tab's overview cards, the cases and the ArbiGraph cells. */
interface Payload {
  benchmarks: {
    name: string
    pages: { sections: { kind: string; items: { id: string; value: number }[] }[] }[]
  }[]
  cells: unknown[]
}

/** The payload a data script of the page hands to `window.arbigraphData(name, payload)`. */
function dataScript(path: string): { name: string; payload: Payload } {
  const match = /^window\.arbigraphData\("([^"]+)", (.*)\);?\s*$/s.exec(readFileSync(path, 'utf8'))
  expect(match, path).not.toBeNull()
  return { name: match![1]!, payload: JSON.parse(match![2]!) }
}

describe('report --html on a Long-Transduction results file', () => {
  it("writes a dashboard whose tab holds the file's documents and the report's figures", async () => {
    const dir = tempDir()
    const file = await writeSyntheticTransduction(dir, 'transduction', 'model-a', 0.9)
    const report = await runCli(['report', file], dir)
    const html = await runCli(['report', file, '--html', 'dash'], dir)
    expect(html.code, html.err).toBe(0)
    expect(html.out).toContain(`dashboard: ${join(dir, 'dash')}/index.html (18 transduction cases)`)
    // The figures above it are the report's own.
    expect(html.out.startsWith(report.out)).toBe(true)

    const { payload } = dataScript(join(dir, 'dash/data/benchmarks.js'))
    const [tab, ...others] = payload.benchmarks
    expect(others).toEqual([])
    expect(tab).toMatchObject({ name: 'transduction', model: 'model-a', records: 18 })
    const kpis = tab!.pages[0]!.sections.find((s) => s.kind === 'kpis')!.items
    const macro = /macro accuracy ([\d.]+), self-consistency ([\d.]+), exact completion ([\d.]+)/.exec(
      report.out,
    )!
    const value = (id: string) => kpis.find((k) => k.id === id)!.value.toFixed(3)
    expect([value('accuracy'), value('consistency'), value('exact')]).toEqual(macro.slice(1))

    const cases = dataScript(join(dir, 'dash/data/bench-transduction/cases-00000.js')).payload
    const ids = JSON.stringify(cases)
    for (const budget of ['4K', '8K', '16K']) expect(ids).toContain(`arithmetic/plain/L0/${budget}/s0`)
    // No ArbiGraph cases: the ArbiGraph pages hold none.
    expect(dataScript(join(dir, 'dash/data/summary.js')).payload.cells).toEqual([])
  })
})
