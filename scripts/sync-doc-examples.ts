/**
 * Rewrites every marked example block of the documentation from its file (see
 * test/docs/doc-examples.ts): edit the file under docs/examples/, then run `npm run docs:examples`,
 * and test/docs/examples.test.ts holds the pages to it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { docBlocks, docPages, REPO } from '../test/docs/doc-examples.ts'

for (const page of docPages()) {
  const marked = docBlocks(page).filter((block) => block.example !== undefined)
  if (marked.length === 0) continue
  const lines = readFileSync(join(REPO, page), 'utf8').split('\n')
  // From the last block up, so the line numbers of the blocks above stay true.
  for (const block of marked.reverse()) {
    const body = readFileSync(join(REPO, block.example!), 'utf8').replace(/\n$/, '').split('\n')
    const open = block.line - 1
    const bodyLines = block.text === '' ? 0 : block.text.split('\n').length - 1
    lines.splice(open + 1, bodyLines, ...body)
  }
  const text = lines.join('\n')
  if (text !== readFileSync(join(REPO, page), 'utf8')) {
    writeFileSync(join(REPO, page), text)
    console.log(`updated ${page}`)
  }
}
