/**
 * `arbigraph report` on the results of an interrupted run (Ctrl-C, SIGTERM, --bail): the records
 * are real and the table is printed, with the loud line saying only the finished cases count,
 * and `--gate` refuses to pass on it (exit 1) even when every rule would hold.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { buildResults } from '../../src/report/build-results.ts'
import { makeRecord } from '../metrics/make-record.ts'
import { runCommand } from './reference-io.ts'
import { tempDir } from './run-cli.ts'

const dir = tempDir()
const write = (name: string, reason: 'passed' | 'interrupted') =>
  writeFileSync(
    join(dir, name),
    JSON.stringify(
      buildResults(
        [makeRecord({ task: 'MulMod', sample: 0 }), makeRecord({ task: 'MulMod', sample: 1 })],
        { started: 's', finished: 'f', reason, shard: null, merged: false, env: {} },
        'test',
      ),
    ),
  )

const report = (argv: string[]) => runCommand(reportCommand, argv, dir)

it('report prints an interrupted run with its warning, and --gate refuses it', async () => {
  write('interrupted.json', 'interrupted')
  write('complete.json', 'passed')
  const shown = await report(['interrupted.json'])
  expect(shown.code).toBe(0)
  expect(shown.out).toContain('chain/math')
  expect(shown.err).toBe(
    '⚠ INTERRUPTED RUN: only the 2 cases that finished before the run was stopped are counted; rerun to complete it (the response cache replays what was answered).',
  )
  const gated = await report(['interrupted.json', '--gate', '*.accuracy>=0.5'])
  expect(gated.code).toBe(1)
  expect(gated.err).toContain(
    'gate: refused — the run was interrupted before every case finished, so no rule was checked; rerun it to completion — exit code 1',
  )
  const complete = await report(['complete.json', '--gate', '*.accuracy>=0.5'])
  expect(complete.code, complete.err).toBe(0)
  expect(complete.err).not.toContain('INTERRUPTED')
})
