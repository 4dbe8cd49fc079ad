/**
 * The pages link to each other with relative .md links, which GitHub and the VitePress site both
 * follow. A link to a page that does not exist, or to a heading the page does not have, is caught
 * here: a heading's anchor must be the same under GitHub's rule and VitePress's (the two differ on
 * punctuation, so a heading linked to keeps to words), and must exist in the page.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docPages, REPO } from './doc-examples.ts'

/** A heading's text as both renderers see it: inline code and emphasis marks dropped. */
const headingText = (line: string) => line.replace(/^#+\s+/, '').replace(/[`*]/g, '')

/** GitHub: lowercase, punctuation dropped, each space a hyphen. */
const githubSlug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

/** VitePress (markdown-it anchors with its slugify): runs of punctuation and spaces become one hyphen. */
const vitepressSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase()

/** The headings of a page (outside code blocks). */
function headings(page: string): string[] {
  let fenced = false
  const found: string[] = []
  for (const line of readFileSync(join(REPO, page), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    else if (!fenced && /^#{1,6} /.test(line)) found.push(headingText(line))
  }
  return found
}

/** Every `[text](target)` link of a page outside code, with its line. */
function links(page: string): { line: number; target: string }[] {
  let fenced = false
  const found: { line: number; target: string }[] = []
  readFileSync(join(REPO, page), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (text.startsWith('```')) fenced = !fenced
      if (fenced) return
      for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g))
        found.push({ line: i + 1, target: match[1]! })
    })
  return found
}

describe('links between the pages', () => {
  const pages = [...docPages(), 'examples/http-agent/README.md']

  it('every heading linked to has one anchor on GitHub and in the site, and it exists', () => {
    const problems: string[] = []
    let checked = 0
    for (const page of pages) {
      for (const { line, target } of links(page)) {
        if (/^[a-z]+:/.test(target)) continue
        const [path, anchor] = target.split('#')
        const file = path ? normalize(join(dirname(page), path)) : page
        const where = `${page}:${line}: ${target}`
        if (!existsSync(join(REPO, file))) {
          problems.push(`${where}: no such file`)
          continue
        }
        checked++
        if (anchor === undefined || !file.endsWith('.md')) continue
        const texts = headings(file)
        const github = texts.map(githubSlug)
        const site = texts.map(vitepressSlug)
        if (!github.includes(anchor))
          problems.push(`${where}: no heading of ${file} has this anchor on GitHub`)
        if (!site.includes(anchor))
          problems.push(`${where}: no heading of ${file} has this anchor in the site`)
      }
    }
    expect(checked).toBeGreaterThan(50)
    expect(problems).toEqual([])
  })

  it('the two anchor rules agree on plain headings and differ on punctuation', () => {
    expect(githubSlug('Streams, overflow and timeouts')).toBe('streams-overflow-and-timeouts')
    expect(vitepressSlug('Streams, overflow and timeouts')).toBe('streams-overflow-and-timeouts')
    expect(githubSlug("Replaying the reference's transcripts")).toBe('replaying-the-references-transcripts')
    expect(vitepressSlug("Replaying the reference's transcripts")).toBe(
      'replaying-the-reference-s-transcripts',
    )
  })
})
