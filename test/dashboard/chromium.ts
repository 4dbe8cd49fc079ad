/**
 * Launches Debian's Chromium for the browser tests through playwright-core, with the flags known
 * to work on this project's machines (no sandbox as root, no GPU, and no background networking:
 * the network is closed, and Chromium's own connections would otherwise be refused by the
 * dozen). Without /usr/bin/chromium (`scripts/ci-install-chromium.sh` installs it) the tests skip
 * with a visible notice, so `npm test` still works on a machine with only Node.
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chromium } from 'playwright-core'

/** Where the browser is; ARBIGRAPH_CHROMIUM overrides it. */
export const CHROMIUM = process.env.ARBIGRAPH_CHROMIUM ?? '/usr/bin/chromium'

/** Whether the browser tests can run here; warns (once per file) when they cannot. */
export function chromiumAvailable(): boolean {
  const found = existsSync(CHROMIUM)
  if (!found)
    console.warn(
      `⚠ browser tests SKIPPED: no Chromium at ${CHROMIUM} (run scripts/ci-install-chromium.sh, or set ARBIGRAPH_CHROMIUM)`,
    )
  return found
}

/** The flags every launch uses (node.md "Known to work"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * How long any page wait may take before it counts as a hang. Generous, because on a loaded
 * machine rendering a page (Graphviz in WebAssembly included) can take many seconds; still below
 * the unit project's test timeout, so a hang fails with Playwright's message naming the wait.
 */
const PAGE_WAIT_MS = 45_000

/** A headless Chromium with a fresh profile folder; close the context when done. */
export async function launchChromium(): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'arbigraph-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  })
  context.setDefaultTimeout(PAGE_WAIT_MS)
  return context
}

export type { Browser }

/**
 * Waits until the page says it has drawn `view` (the app sets `data-ready` on <html> when a view
 * is done), so a test never reads a half-drawn page.
 * @example await pageReady(page, 'overview')
 */
export const pageReady = (page: Page, view: string) =>
  page.waitForFunction(`document.documentElement.dataset.ready === ${JSON.stringify(view)}`)

/**
 * One Chromium for a whole test file, launched when a test first asks for it: each launch costs
 * a second or two of a core, and a page of its own is all a test needs (the dashboards keep no
 * storage, so pages of one browser do not see each other). Close it in the file's `afterAll`.
 * @example const chromium = sharedChromium(); afterAll(() => chromium.close()); const page = await chromium.newPage()
 */
export function sharedChromium(): {
  newPage(): ReturnType<BrowserContext['newPage']>
  close(): Promise<void>
} {
  let launched: Promise<BrowserContext> | undefined
  return {
    newPage: async () => (await (launched ??= launchChromium())).newPage(),
    close: async () => {
      if (launched) await (await launched).close()
    },
  }
}
