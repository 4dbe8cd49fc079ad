import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_SCRIPTS, projectFiles } from '../../src/init/project-files.ts'
import { runCli, tempDir } from './run-cli.ts'

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))

describe('arbigraph init', () => {
  it('writes the project files and adds its scripts, keeping the rest of package.json', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'package.json'), '{ "name": "mine", "scripts": { "test": "vitest" } }\n')
    const { code, out } = await runCli(['init'], dir)
    expect(code).toBe(0)
    for (const file of projectFiles()) {
      expect(readFileSync(join(dir, file.path), 'utf8')).toBe(file.content)
      expect(out).toContain(`created  ${file.path}`)
    }
    expect(manifest(dir)).toEqual({ name: 'mine', scripts: { test: 'vitest', ...PROJECT_SCRIPTS } })
    expect(
      projectFiles()
        .filter((f) => f.path.startsWith('suites/'))
        .map((f) => f.path),
    ).toEqual(
      ['baseline', 'forgetting', 'chain', 'multichain', 'dag', 'random'].map((t) => `suites/${t}.eval.ts`),
    )
  })

  it('refuses, before writing anything, when a file it would write exists', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'suites'))
    writeFileSync(join(dir, 'suites/chain.eval.ts'), 'mine\n')
    writeFileSync(join(dir, 'vitest.config.ts'), 'mine\n')
    const { code, err } = await runCli(['init'], dir)
    expect(code).toBe(1)
    expect(err).toContain(
      'arbigraph init: will not overwrite existing vitest.config.ts, suites/chain.eval.ts; move them away',
    )
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toBe('mine\n')
    expect(existsSync(join(dir, 'arbigraph.config.ts'))).toBe(false)
    expect(existsSync(join(dir, 'package.json'))).toBe(false)
  })

  it('writes all or nothing: a write that fails midway removes what init created, and the retry works', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'package.json'), '{ "name": "mine" }\n')
    // A file where the workflow's folder must be: the suites are written by then.
    writeFileSync(join(dir, '.github'), 'not a folder\n')
    const first = await runCli(['init'], dir)
    expect(first.code).toBe(1)
    expect(first.err).toContain(`cannot write "${join(dir, '.github/workflows/arbigraph.yml')}"`)
    expect(first.err).toContain(
      'is a file, not a folder; removed what init had created, nothing else changed',
    )
    expect(readdirSync(dir).sort()).toEqual(['.github', 'package.json'])
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{ "name": "mine" }\n')
    rmSync(join(dir, '.github'))
    const second = await runCli(['init'], dir)
    expect(second.code).toBe(0)
    expect(manifest(dir)).toEqual({ name: 'mine', scripts: PROJECT_SCRIPTS })
    for (const file of projectFiles()) expect(readFileSync(join(dir, file.path), 'utf8')).toBe(file.content)
  })

  it('refuses a package.json script of the same name that does something else', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'package.json'), '{ "scripts": { "eval": "node eval.js" } }')
    const { code, err } = await runCli(['init'], dir)
    expect(code).toBe(1)
    expect(err).toContain('package.json script "eval" (it runs "node eval.js")')
  })

  it("keeps the user's tsconfig.json and .gitignore", async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'tsconfig.json'), '{}\n')
    writeFileSync(join(dir, '.gitignore'), 'x\n')
    const { code, out } = await runCli(['init'], dir)
    expect(code).toBe(0)
    expect(out).toContain('kept     tsconfig.json (yours)')
    expect(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).toBe('{}\n')
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('x\n')
    expect(manifest(dir)).toMatchObject({ type: 'module', scripts: PROJECT_SCRIPTS })
  })

  it('names a package.json that is not JSON', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'package.json'), '{ nope')
    const { code, err } = await runCli(['init'], dir)
    expect(code).toBe(1)
    expect(err).toMatch(/arbigraph init: .*package\.json: not valid JSON/)
  })

  it('takes no arguments', async () => {
    const { code, err } = await runCli(['init', 'here'], tempDir())
    expect(code).toBe(2)
    expect(err).toContain('arbigraph init')
  })
})
