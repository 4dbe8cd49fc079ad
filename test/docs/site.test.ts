/**
 * The documentation site: `npm run docs:build` (VitePress) builds docs/ into a static folder, which
 * is served here on 127.0.0.1 and opened in headless Chromium: the index and a page load with no
 * console error, no failed request, and the sidebar leads from one to the other. The build runs
 * even without Chromium (so `npm test` always builds the site, as CI must); only the browser
 * half skips then, with a notice.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumAvailable, launchChromium } from '../dashboard/chromium.ts'
import { REPO } from './doc-examples.ts'

const out = mkdtempSync(join(tmpdir(), 'ag-docs-site-'))
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}

/** `npm run docs:build -- --outDir <dir>`: the exit code and the output. */
function buildSite(): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', 'docs:build', '--', '--outDir', out], {
    cwd: REPO,
    env: { ...process.env, NO_COLOR: '1' },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })))
}

/** A static server of the built folder, as any static host would serve it. */
function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname))
    const file = join(out, path.endsWith('/') ? `${path}index.html` : path)
    if (!file.startsWith(out) || !existsSync(file)) {
      response.writeHead(404).end('not found')
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

let build: { code: number | null; output: string }
let server: Server | undefined

beforeAll(async () => {
  build = await buildSite()
}, 300_000)
afterAll(() => server?.close())

describe('the documentation site', () => {
  it('builds, with a page per topic', () => {
    expect(build.code, build.output).toBe(0)
    for (const page of ['index', 'getting-started', 'running-against-vllm', 'troubleshooting'])
      expect(existsSync(join(out, `${page}.html`)), page).toBe(true)
    // The anchors the pages link to (test/docs/links.test.ts) are the ones VitePress makes.
    expect(readFileSync(join(out, 'running-against-vllm.html'), 'utf8')).toContain(
      'id="streams-overflow-and-timeouts"',
    )
  })

  it.skipIf(!chromiumAvailable())(
    'opens its index and a page in Chromium with no console error',
    {
      timeout: 180_000,
    },
    async () => {
      expect(build.code, build.output).toBe(0)
      server = await serve()
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const context = await launchChromium()
      try {
        const page = await context.newPage()
        const errors: string[] = []
        page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} (${m.location().url})`))
        page.on('pageerror', (e) => errors.push(String(e)))
        page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`))
        page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()}: ${r.url()}`))

        await page.goto(`${base}/index.html`, { waitUntil: 'networkidle' })
        await expect.poll(() => page.locator('h1').first().textContent()).toContain('arbigraph documentation')
        // The sidebar leads to a page (a client-side navigation, as a reader clicks).
        await page.locator('.VPSidebar a', { hasText: 'Running against vLLM' }).first().click()
        await page.waitForURL(/running-against-vllm\.html$/)
        await expect.poll(() => page.locator('h1').first().textContent()).toContain('Running against vLLM')
        await page.waitForLoadState('networkidle')
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    },
  )
})
