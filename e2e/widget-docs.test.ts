import { gzipSync } from 'node:zlib'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { budgetsKb } from '../scripts/check-budgets.mjs'
import { baseUrl, launchBrowser, shownOption, watchPage } from './support/browser'

// The embedder's guide (/widget/docs) as a partner's developer reads it: the widget embedded live, under the
// server's own policy, accessible (axe, at desktop and phone widths) and as light as a public page.

/** axe-core's browser script, as its package carries it. */
const axeSource = axe.source

interface AxeViolation {
  id: string
  help: string
  nodes: { target: unknown[] }[]
}

/** axe's violations on the page (its script added past the page's policy, in a context that allows it). */
async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run()).violations
  })
  return violations.map(
    ({ id, help, nodes }) => `${id}: ${help} (${JSON.stringify(nodes.map((node) => node.target))})`,
  )
}

/** Waits until both live examples show their form. */
async function examplesRendered(page: Page) {
  const widgets = page.locator('engage-order-widget')
  expect(await widgets.count()).toBe(2)
  await expect
    .poll(() => shownOption(widgets.nth(0).getByRole('combobox', { name: 'Action Type' })))
    .toBe('LIKES')
  await widgets.nth(1).scrollIntoViewIfNeeded()
  await expect
    .poll(() => shownOption(widgets.nth(1).getByRole('combobox', { name: 'Action Type' })))
    .toBe('FOLLOWERS')
}

describe("the embedder's guide", () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('embeds the widget live under its own policy, branded in the theming example', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    const { errors } = watchPage(page)
    const violations: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text())
    })
    await page.goto(new URL('/widget/docs', baseUrl()).toString())
    await page.getByRole('heading', { name: 'Embedding the order widget', level: 1 }).waitFor()
    await examplesRendered(page)
    const branded = page
      .locator('engage-order-widget.branded')
      .getByRole('button', { name: 'Order', exact: true })
    expect(await branded.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      'rgb(122, 31, 92)',
    )
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it.each([
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])('passes axe at $width px, the live widgets included', async (viewport) => {
    const context = await browser.newContext({ viewport, bypassCSP: true })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    await page.goto(new URL('/widget/docs', baseUrl()).toString())
    await examplesRendered(page)
    expect(await axeViolations(page)).toEqual([])
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    await context.close()
  })

  it("loads no script of its own but the widget's loader, within a public page's budget", async () => {
    const html = await (await fetch(new URL('/widget/docs', baseUrl()))).text()
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!)
    expect(scripts).toEqual(['/widget/loader.js'])
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const loader = Buffer.from(await (await fetch(new URL('/widget/loader.js', baseUrl()))).arrayBuffer())
    expect(gzipSync(loader, { level: 9 }).length / 1024).toBeLessThanOrEqual(budgetsKb['/']!)
    // The types the guide links to, from the widget's build.
    expect(html).toContain('href="/widget/element.d.ts"')
    const types = await (await fetch(new URL('/widget/element.d.ts', baseUrl()))).text()
    expect(types).toContain("'engage:order': CustomEvent<WidgetOrderDetail>")
  })
})
