import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  baseUrl,
  choose,
  failOnBrokenPages,
  launchBrowser,
  newVisitor,
  screenshotOnFailure,
  shownOption,
  type Viewport,
} from './support/browser'

// The services catalogue and the order history tools, once on a wide screen and once on a phone: a visitor
// reads the public catalogue (prerendered) and narrows it; a customer opens it from the sidebar and orders
// from it, the order form opening with the service chosen; on Orders History the customer searches and
// filters, the filters stay in the address bar through a reload, and Export CSV downloads exactly the
// filtered orders.

const widths: { name: string; viewport: Viewport }[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]

const PASSWORD = 'correct horse battery'

async function api<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

/** The order ids of the Orders grid's rows, in order. */
async function shownOrderIds(page: Page): Promise<string[]> {
  const cells = page
    .getByRole('grid', { name: 'Orders' })
    .getByRole('row')
    .locator('[role="gridcell"]:first-child')
  return (await cells.allTextContents()).map((text) => text.replace(/^#/, ''))
}

describe.each(widths)(
  'the catalogue and the order history on a $name ($viewport.width px)',
  ({ name, viewport }) => {
    const email = `catalogue-${name}-${Date.now()}@example.com`
    const link = (what: string) => `https://www.instagram.com/p/catalogue-${name}-${what}/`
    let browser: Browser
    let page: Page
    let token: string
    const placed: Record<string, string> = {}
    const pages = failOnBrokenPages()

    beforeAll(async () => {
      const session = await fetch(`${baseUrl()}/api/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }).then((response) => response.json() as Promise<{ token: string; sessionId: string }>)
      token = session.token
      browser = await launchBrowser()
      const context = await newVisitor(browser, viewport)
      page = await context.newPage()
      pages.watch(page)

      // A deposit through the sandbox checkout, then three orders through the API.
      await page.goto('/auth')
      await page.evaluate((stored) => {
        localStorage.setItem('authToken', stored.token)
        localStorage.setItem('sessionId', stored.sessionId)
      }, session)
      await page.goto('/wallet')
      const deposit = page.getByRole('form', { name: 'Deposit' })
      await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('20')
      await deposit.getByRole('button', { name: 'Deposit' }).click()
      await page.waitForURL('**/sandbox/pay/**')
      await page.getByRole('button', { name: 'Pay' }).click()
      await page.waitForURL((url) => url.pathname === '/wallet')
      await page.getByText('Payment of $20.00 was successful! Your balance has been updated.').waitFor()
      for (const [service, what] of [
        ['likes', 'first'],
        ['views', 'second'],
        ['likes', 'third'],
      ] as const) {
        const order = await api<{ id: string }>(token, '/api/orders/create', {
          method: 'POST',
          body: { service_type: service, target_url: link(what), quantity: 100 },
        })
        placed[what] = order.id
      }
    })

    afterAll(async () => {
      await browser?.close()
    })

    beforeEach((test) => {
      screenshotOnFailure(page, `catalogue-${name}-${test.task.name}`)
    })

    it('shows a visitor the prerendered catalogue, searchable and filtered by category', async () => {
      const visitor = await newVisitor(browser, viewport)
      const publicPage = await visitor.newPage()
      pages.watch(publicPage)
      const response = await publicPage.goto('/services')
      expect(response?.status()).toBe(200)
      // Prerendered: the heading and the controls are in the HTML before any script runs.
      const html = (await response?.text()) ?? ''
      expect(html).toContain('Search services')
      const grid = publicPage.getByRole('table', { name: 'Services' })
      await expect.poll(() => grid.getByRole('row').count(), { timeout: 20_000 }).toBe(9)
      await publicPage.getByRole('searchbox', { name: 'Search services' }).fill('refill')
      await expect.poll(() => grid.getByRole('row').count()).toBe(2)
      await publicPage.getByRole('searchbox', { name: 'Search services' }).fill('')
      await choose(publicPage.locator('main'), 'Category', 'AI engagement')
      await expect.poll(() => grid.getByRole('row').count()).toBe(3)
      expect(await publicPage.getByRole('link', { name: 'Order AI TWEETS' }).getAttribute('href')).toBe(
        '/dashboard?service=ai_tweets',
      )
      await visitor.close()
    })

    it('opens the catalogue from the sidebar and orders from it with the service chosen', async () => {
      await page.goto('/dashboard')
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click()
      await page.waitForURL((url) => url.pathname === '/services')
      const grid = page.getByRole('table', { name: 'Services' })
      await grid.getByRole('row').nth(1).waitFor()
      // In the signed-in layout: the sidebar marks Services as the page shown (behind the menu on a phone).
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).waitFor()
      else
        expect(
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'Services' })
            .getAttribute('aria-current'),
        ).toBe('page')
      await page.getByRole('link', { name: 'Order VIEWS' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('service') === 'views',
      )
      const orderForm = page.getByRole('form', { name: 'New order' })
      await expect
        .poll(() => shownOption(orderForm.getByRole('combobox', { name: 'Action Type', exact: true })))
        .toBe('VIEWS')
    })

    it('searches and filters the order history, keeps the filters through a reload and exports them as CSV', async () => {
      await page.goto('/orders')
      await expect
        .poll(() => shownOrderIds(page), { timeout: 20_000 })
        .toEqual([placed.third, placed.second, placed.first])
      // Search by a part of the link.
      await page.getByRole('searchbox', { name: 'Search' }).fill(`catalogue-${name}-fir`)
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect.poll(() => shownOrderIds(page)).toEqual([placed.first])
      expect(new URL(page.url()).searchParams.get('search')).toBe(`catalogue-${name}-fir`)
      // Search by id, then filter by service.
      await page.getByRole('searchbox', { name: 'Search' }).fill('')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await choose(page.locator('main'), 'Service', 'LIKES')
      await expect.poll(() => shownOrderIds(page)).toEqual([placed.third, placed.first])
      expect(new URL(page.url()).searchParams.get('service')).toBe('likes')

      await page.reload()
      await expect.poll(() => shownOrderIds(page), { timeout: 20_000 }).toEqual([placed.third, placed.first])
      expect(await shownOption(page.getByRole('combobox', { name: 'Service', exact: true }))).toBe('LIKES')

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('orders.csv')
      const file = readFileSync((await download.path()) ?? '', 'utf8')
      const lines = file.replace(/^\uFEFF/, '').split('\r\n')
      expect(lines[0]).toBe('Order ID,Date,Service,Link,Quantity,Charge (USD),Status,Start count,Remains')
      expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([placed.third, placed.first])
      expect(lines.slice(1, -1).every((line) => line.includes(',likes,'))).toBe(true)
    })
  },
)
