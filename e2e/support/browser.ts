import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { afterEach, expect, inject, onTestFailed } from 'vitest'

// Debian's Chromium (or CHROME_PATH), headless, with the flags that keep it from calling home.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

export const baseUrl = (): string => inject('baseUrl')

export interface Viewport {
  width: number
  height: number
}

/** A fresh browser profile (no stored session) at the given size, with the server as its base URL. */
export async function newVisitor(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() })
  context.setDefaultTimeout(15_000)
  return context
}

const resultsDir = path.resolve(import.meta.dirname, '../../test-results')

/**
 * Collects the page's console errors and uncaught exceptions (a page that logs errors is failing). Chromium's
 * own line for an HTTP error answer ('Failed to load resource: ... 404') is left out: the journey expects some
 * (the unknown path's 404, the 401 of a session that ended) and checks what the user sees instead.
 */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text())
    }
  })
  page.on('pageerror', (error) => errors.push(error.message))
  // Failed API answers go to the test output: the first thing to read when a step fails.
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
      void response.text().then(
        (body) =>
          console.log(
            `[browser] ${response.status()} ${response.request().method()} ${response.url()} ${body.slice(0, 300)}`,
          ),
        () => undefined,
      )
    }
  })
  return { errors }
}

/** Saves a screenshot into test-results/ when the current test fails. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    mkdirSync(resultsDir, { recursive: true })
    const file = path.join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`)
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
  })
}

/** Picks an option of a ui Select (a native select) by its label, once the select is enabled. */
export async function choose(scope: Locator, label: string, option: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: label, exact: true })
  await expect.poll(() => select.isEnabled()).toBe(true)
  await select.selectOption({ label: option })
}

/** The label of the option a ui Select shows. */
export function shownOption(select: Locator): Promise<string | undefined> {
  return select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text)
}

/** The error fallback's title, as ErrorFallback shows it. */
const FALLBACK_TITLE = 'Something went wrong'

/**
 * Fails the test that was running when a page showed the error fallback or logged an error: after each test of
 * the calling file, every page given to `watch` is checked (its console errors and uncaught exceptions since the
 * last check, and the fallback's title on screen). Call once per file, at its top level or in a describe.
 */
export function failOnBrokenPages(): { watch: (page: Page) => void } {
  const pages: { page: Page; errors: string[] }[] = []
  afterEach(async () => {
    const broken: string[] = []
    for (const { page, errors } of pages) {
      if (page.isClosed()) continue
      const fallbacks = await page.getByRole('heading', { name: FALLBACK_TITLE }).count()
      if (fallbacks > 0) broken.push(`${page.url()} shows '${FALLBACK_TITLE}'`)
      broken.push(...errors.splice(0).map((error) => `${page.url()} logged: ${error}`))
    }
    expect(broken, 'the browser showed the error fallback or logged errors').toEqual([])
  })
  return { watch: (page) => void pages.push({ page, errors: watchPage(page).errors }) }
}

/**
 * A balance as the panel shows it: cents as usual ('$12.50'), a sub-cent balance with the precision it has
 * ('$9.991'), grouped by thousands.
 */
export function usdAsShown(amountUsd: number): string {
  return `$${amountUsd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`
}
