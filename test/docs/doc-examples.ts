/**
 * The runnable examples of the documentation. A page shows an example as an ordinary fenced code
 * block (so it reads on GitHub and in the VitePress site alike) right after a marker naming the
 * file that holds it:
 *
 *     <!-- example: docs/examples/echo/echo-benchmark.ts -->
 *     ```ts
 *     …the file's bytes…
 *     ```
 *
 * The tests read every marked block back, require it to be the file byte for byte, and run the
 * file; a block that looks like a file (its first line names one) but has no marker is refused,
 * so nothing meant to run can slip out of the tests.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export const REPO = join(import.meta.dirname, '..', '..')

/** One fenced block of a page. */
export interface DocBlock {
  /** The page, relative to the repository (`docs/harnesses.md`). */
  page: string
  /** 1-based line of the opening fence. */
  line: number
  lang: string
  /** The block's text, each line ending in a newline, as a file's would. */
  text: string
  /** The example file the marker names, relative to the repository; undefined when unmarked. */
  example: string | undefined
}

const MARKER = /^<!-- example: (\S+) -->$/
const FENCE = /^(`{3,})(\S*)/

/** README.md and every Markdown page under docs/ (the built site and examples excluded). */
export function docPages(): string[] {
  const pages = ['README.md']
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(REPO, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory() && !['.vitepress', 'examples', 'node_modules'].includes(entry.name)) walk(path)
      else if (entry.isFile() && entry.name.endsWith('.md')) pages.push(path)
    }
  }
  walk('docs')
  return pages.sort()
}

/** Every fenced block of `page`, with the example its marker names. */
export function docBlocks(page: string): DocBlock[] {
  const lines = readFileSync(join(REPO, page), 'utf8').split('\n')
  const blocks: DocBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (!open) continue
    const fence = open[1]!
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && !lines[i]!.startsWith(fence); i++) body.push(lines[i]!)
    const marker = MARKER.exec(lines[start - 1] ?? '')
    blocks.push({
      page,
      line: start + 1,
      lang: open[2]!,
      text: body.map((l) => `${l}\n`).join(''),
      example: marker?.[1],
    })
  }
  return blocks
}

/** A block whose first line names a file (`// my-agent.ts`, `# suites/x.yml`) is meant to run. */
export const looksLikeAFile = (block: DocBlock): boolean =>
  /^(\/\/|#) \S+\.(ts|mjs|js|ya?ml|json)\b/.test(block.text.split('\n')[0] ?? '')

/** `path` relative to the repository, for messages. */
export const fromRepo = (path: string): string => relative(REPO, path)
