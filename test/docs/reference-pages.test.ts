/**
 * The reference pages stay complete as the code grows: every environment variable the package
 * reads is a row of the one table in docs/environment-variables.md, every error code a user can
 * meet (src/errors.ts) is explained in docs/troubleshooting.md, and every page is in the site's
 * sidebar.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO } from './doc-examples.ts'

/** The package's code: what a user installs (tests and benches read variables of their own). */
const CODE = ['src', 'plugins', 'reporters', 'index.ts', 'vitest.ts', 'cli.ts', 'bin']

function* codeFiles(path: string): Generator<string> {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) yield* codeFiles(join(path, name))
  } else if (/\.(ts|js|mjs|cjs)$/.test(path) && !/\.test\.ts$/.test(path)) yield path
}

/** Names of that shape that are no variable: the constant holding init's arbigraph.config.ts. */
const NOT_VARIABLES = ['ARBIGRAPH_CONFIG']

const read = (path: string) => readFileSync(join(REPO, path), 'utf8')

/** The error codes of src/errors.ts (`| 'ARBIGRAPH_…'`). */
const errorCodes = [...read('src/errors.ts').matchAll(/\| '(ARBIGRAPH_[A-Z_]+)'/g)].map((m) => m[1]!)

describe('the reference pages', () => {
  it('every environment variable the code reads is a row of the table', () => {
    const names = new Set<string>()
    for (const root of CODE)
      for (const file of codeFiles(join(REPO, root)))
        for (const match of readFileSync(file, 'utf8').matchAll(
          /\b(?:ARBIGRAPH|OPENAI)_[A-Z][A-Z_]*[A-Z]\b/g,
        ))
          names.add(match[0])
    for (const name of [...errorCodes, ...NOT_VARIABLES]) names.delete(name)
    const table = read('docs/environment-variables.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]!)
      .join(' ')
    expect(names.size).toBeGreaterThan(40)
    expect([...names].filter((name) => !table.includes(`\`${name}\``)).sort()).toEqual([])
  })

  it('every error code is explained in troubleshooting', () => {
    expect(errorCodes.length).toBeGreaterThan(15)
    const page = read('docs/troubleshooting.md')
    expect(errorCodes.filter((code) => !page.includes(`\`${code}\``))).toEqual([])
  })

  it('every page is in the sidebar', () => {
    const config = read('docs/.vitepress/config.ts')
    const pages = readdirSync(join(REPO, 'docs')).filter(
      (name) => name.endsWith('.md') && name !== 'index.md',
    )
    expect(pages.length).toBeGreaterThan(15)
    expect(pages.filter((name) => !config.includes(`'/${name.replace(/\.md$/, '')}'`))).toEqual([])
  })
})
