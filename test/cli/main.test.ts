import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runCli, tempDir } from './run-cli.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const cwd = tempDir()

describe('arbigraph (no command)', () => {
  it('--help lists every command, the reference tools included, and exits 0', async () => {
    const run = await runCli(['--help'], cwd)
    expect(run.code).toBe(0)
    for (const name of [
      'generate',
      'validate',
      'render',
      'viz',
      'list',
      'import-reference',
      'check-reference',
    ]) {
      expect(run.out).toMatch(new RegExp(`^  ${name} `, 'm'))
    }
  })

  it('no arguments prints the overview on stderr and exits 2', async () => {
    const run = await runCli([], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toContain('Usage: arbigraph <command>')
  })

  it('an unknown command is a usage error naming it and the closest command', async () => {
    const run = await runCli(['generat'], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toMatch(
      /^arbigraph: unknown command "generat": did you mean "generate"\? \(commands: generate, /,
    )
    const far = await runCli(['frobnicate'], cwd)
    expect(far.err).toMatch(/^arbigraph: unknown command "frobnicate" \(commands: generate, /)
    const option = await runCli(['--verbose'], cwd)
    expect([option.code, option.err]).toEqual([
      2,
      'arbigraph: unknown option "--verbose" (see "arbigraph --help")',
    ])
  })

  it('--version (and -v) prints the package version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }
    for (const flag of ['--version', '-v']) {
      const run = await runCli([flag], cwd)
      expect([run.code, run.out, run.err]).toEqual([0, `arbigraph ${version}`, ''])
    }
    expect((await runCli(['--help'], cwd)).out).toContain('"arbigraph --version" for the version')
  })

  it('every command but eval (tested in eval-command.test.ts) refuses an unknown flag in one line, exit 2', async () => {
    const { allCommands } = await import('../../src/cli/main.ts')
    const names = (await allCommands()).map((c) => c.name).filter((name) => name !== 'eval')
    expect(names.length).toBeGreaterThan(10)
    const runs = await Promise.all(names.map((name) => runCli([name, '--no-such-flag'], tempDir())))
    expect(runs.map((run) => [run.code, run.err])).toEqual(
      names.map((name) => [
        2,
        `arbigraph ${name}: unknown option "--no-such-flag" (see "arbigraph ${name} --help")`,
      ]),
    )
  })

  it.each(['generate', 'validate', 'render', 'viz', 'list'])(
    '%s --help prints its usage and exits 0',
    async (name) => {
      const run = await runCli([name, '--help'], cwd)
      expect(run.code).toBe(0)
      expect(run.out).toContain(`Usage: arbigraph ${name}`)
    },
  )

  it.each([
    ['generate', ['chain', '--lenght', '4', '--out', 'x.jsonl']],
    ['validate', ['d.jsonl', '--strict']],
    ['render', ['d.jsonl', '--index', '0', '--jsn']],
    ['viz', ['d.jsonl', '--index', '0', '--out', 'g.svg', '--png']],
    ['list', ['--all']],
  ])('%s: an unknown flag is a usage error naming the flag (exit 2)', async (name, args) => {
    const run = await runCli([name, ...args], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toMatch(
      new RegExp(
        `arbigraph ${name}: unknown option "${args.find((a) => /^--(lenght|strict|jsn|png|all)$/.test(a))}"`,
      ),
    )
    expect(run.err).toContain(`see "arbigraph ${name} --help"`)
  })

  it('a flag given twice is a usage error instead of the last one quietly winning', async () => {
    const run = await runCli(['generate', 'chain', '--category', 'math', '--category', 'python'], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toContain('option "--category" given more than once')
    expect(run.err).toContain('see "arbigraph generate --help"')
  })

  it('a flag without its value is a usage error', async () => {
    const run = await runCli(['render', 'd.jsonl', '--index'], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toContain('option "--index" needs a value')
  })

  it('a missing positional argument is a usage error', async () => {
    const run = await runCli(['validate'], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toContain('missing the dataset file')
  })

  it('an extra positional argument is a usage error naming it', async () => {
    const run = await runCli(['validate', 'a.jsonl', 'b.jsonl'], cwd)
    expect(run.code).toBe(2)
    expect(run.err).toContain('unexpected argument "b.jsonl"')
  })

  it('bin/arbigraph.js runs for real: --help exits 0 and lists the commands', () => {
    const child = spawnSync(process.execPath, ['bin/arbigraph.js', '--help'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 100_000, // a hang guard below the test timeout: 25 s seen at load average 20
    })
    expect(child.stderr).toBe('')
    expect(child.status).toBe(0)
    expect(child.stdout).toContain('Usage: arbigraph <command> [options]')
    expect(child.stdout).toContain('  generate ')
  })

  it('bin/arbigraph.js ends quietly with exit 0 when its reader closes the pipe (| head, | grep -q)', async () => {
    const child = spawn(process.execPath, ['bin/arbigraph.js', 'list'], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // The read end is closed before the child has written a byte, so its first write meets EPIPE.
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })

  it('bin/arbigraph.js ends generate as soon as it is done, keeping its exit code, its file and what it printed', () => {
    const dir = tempDir()
    const generate = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['bin/arbigraph.js', 'generate', 'chain', '--length', '2', '--samples-per-task', '1', ...args],
        { cwd: repo, encoding: 'utf8', timeout: 100_000 },
      )
    const done = generate('--targets', 'DivisorSum', '--out', join(dir, 'ok.jsonl'))
    expect(done.stderr).toContain('progress: 1/1 instances (100.0%)')
    expect(done.status).toBe(0)
    expect(done.stdout).toContain('wrote 1 instances to')
    expect(readFileSync(join(dir, 'ok.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2)
    const failed = generate('--targets', 'NoSuchTemplate', '--out', join(dir, 'bad.jsonl'))
    expect(failed.status).toBe(1)
    expect(failed.stderr).toContain('unknown template "NoSuchTemplate"')
    expect(existsSync(join(dir, 'bad.jsonl'))).toBe(false)
  })

  it('bin/arbigraph.js exits 2 on a usage error', () => {
    const child = spawnSync(process.execPath, ['bin/arbigraph.js', 'render', 'x.jsonl'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 100_000,
    })
    expect(child.status).toBe(2)
    expect(child.stderr).toContain('missing --index')
  })
})
