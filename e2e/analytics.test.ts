import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failOnBrokenPages, launchBrowser, screenshotOnFailure, watchPage } from './support/browser'
import { openConsole, startDemoServer, type DemoServer } from './support/demoServer'

// Real-time analytics end to end: an order a customer's script places through the API v2 appears, without a
// reload, on the dashboard and on the analytics page that the customer has open in other browsers, at 1280 and
// 375 px; the analytics' delivery progress then follows the order to its completion. The operator opens the
// console's Reports and downloads a table as CSV. This file starts its own server (the demo seed prints the
// operator's password) with the shared server's simulator pace: an order completes in about 12 s.

const PASSWORD = 'correct horse battery'
/** Time allowed for a change to reach an open page: seconds, where the fallback refresh would take 20. */
const LIVE_MS = 5_000
const WIDTHS = [1280, 375] as const

let server: DemoServer
let browser: Browser
const pages = failOnBrokenPages()
const contexts: BrowserContext[] = []

async function api<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

async function newPage(width: number, session?: { token: string; sessionId: string }) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: server.url })
  context.setDefaultTimeout(15_000)
  contexts.push(context)
  if (session) {
    await context.addInitScript((stored) => {
      if (localStorage.getItem('authToken') === null) {
        localStorage.setItem('authToken', stored.token)
        localStorage.setItem('sessionId', stored.sessionId)
      }
    }, session)
  }
  const page = await context.newPage()
  pages.watch(page)
  return { page, errors: watchPage(page).errors }
}

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path

/** The figure of a stat card ('Orders' → '1'). */
const statValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/** A chart card by its heading. */
const chartCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true })

beforeAll(async () => {
  server = await startDemoServer({ SIMULATOR_STEP_MS: '3000', SYNC_INTERVAL_MS: '500' })
  browser = await launchBrowser()
})

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined)
  await browser?.close()
  await server?.close()
})

describe('analytics', () => {
  const email = `analytics-${Date.now()}@example.com`
  let session: { token: string; sessionId: string }
  let key: string
  let likesId: string

  beforeAll(async () => {
    session = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }).then((response) => response.json() as Promise<{ token: string; sessionId: string }>)

    const { page } = await newPage(1280, session)
    await page.goto('/wallet')
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('20')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    await page.getByText('Payment of $20.00 was successful! Your balance has been updated.').waitFor()

    key = (
      await api<{ key: string }>(session.token, '/api/user/api-keys', { method: 'POST', body: { name: 'a' } })
    ).key
    const services = await api<{ id: string; name: string }[]>(session.token, '/api/services')
    likesId = String(services.find((service) => service.name === 'likes')?.id)
  })

  it('shows an order placed through the API v2 live on open dashboards and analytics, at both widths', async () => {
    // The customer's other browsers: a dashboard and the analytics at each width, all open before the order.
    const open = await Promise.all(
      WIDTHS.flatMap((width) => [
        newPage(width, session).then(async ({ page, errors }) => {
          screenshotOnFailure(page, `analytics-dashboard-${width}`)
          const stream = page.waitForResponse(isPath('/api/events'))
          // Waited for from before the page opens: the list may be read before the stream answers.
          const orders = page.waitForResponse(isPath('/api/orders/get'))
          await page.goto('/dashboard')
          expect((await stream).status()).toBe(200)
          await orders
          return { kind: 'dashboard' as const, width, page, errors }
        }),
        newPage(width, session).then(async ({ page, errors }) => {
          screenshotOnFailure(page, `analytics-page-${width}`)
          const stream = page.waitForResponse(isPath('/api/events'))
          await page.goto('/dashboard')
          // In the app, as the customer gets there: the sidebar's link (behind the menu button on a phone).
          if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click()
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'Analytics' })
            .click()
          await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor()
          expect((await stream).status()).toBe(200)
          await expect.poll(() => statValue(page, 'Orders').textContent()).toBe('0')
          await chartCard(page, 'Delivery of active orders')
            .getByText('No active orders: everything you ordered has been delivered.')
            .waitFor()
          return { kind: 'analytics' as const, width, page, errors }
        }),
      ]),
    )
    for (const { page } of open) await page.evaluate(() => Object.assign(window, { __notReloaded: true }))

    const answer = await fetch(`${server.url}/api/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key,
        action: 'add',
        service: likesId,
        link: 'https://www.instagram.com/p/e2e-analytics/',
        quantity: '173',
      }),
    }).then((response) => response.json() as Promise<{ order?: number; error?: string }>)
    expect(answer.error).toBeUndefined()

    await Promise.all(
      open.map(async ({ kind, page }) => {
        if (kind === 'dashboard') {
          await page
            .getByRole('grid', { name: 'Your Recent Orders' })
            .getByRole('gridcell', { name: '173', exact: true })
            .waitFor({ timeout: LIVE_MS })
          return
        }
        await expect.poll(() => statValue(page, 'Orders').textContent(), { timeout: LIVE_MS }).toBe('1')
        await chartCard(page, 'Delivery of active orders')
          .getByText(/^1 active order: \d+ of 173 units delivered/)
          .waitFor({ timeout: LIVE_MS })
        // The chart's figures as a table, opened from the keyboard.
        const delivery = chartCard(page, 'Delivery of active orders')
        await delivery.getByText('Data table').click()
        await delivery
          .getByRole('grid', { name: 'Delivery of active orders: data' })
          .getByText('173')
          .waitFor()
      }),
    )

    // The simulator completes the order in about 12 s; the analytics follow it there without a reload.
    const statusAtServer = async () =>
      (await api<{ id: string; status: string }[]>(session.token, '/api/orders/get?limit=5'))
        .find((order) => String(order.id) === String(answer.order))
        ?.status.toLowerCase()
    await expect.poll(statusAtServer, { timeout: 60_000, interval: 250 }).toBe('completed')
    for (const { kind, page, errors } of open) {
      if (kind === 'analytics') {
        await chartCard(page, 'Delivery of active orders')
          .getByText('No active orders: everything you ordered has been delivered.')
          .waitFor({ timeout: LIVE_MS })
        await chartCard(page, 'Orders by status')
          .getByText(/^1 order placed .*, now 1 completed\.$/)
          .waitFor({ timeout: LIVE_MS })
      }
      expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true)
      expect(errors).toEqual([])
    }
  })
})

describe('reports', () => {
  it('lets the operator open Reports and download a table as CSV', async () => {
    const { page, errors } = await newPage(1280)
    screenshotOnFailure(page, 'analytics-reports')
    await openConsole(page, server.operator)
    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Reports' })
      .click()
    await page.waitForURL('**/admin/reports')
    await page.getByRole('heading', { level: 2, name: 'Reports' }).waitFor()
    // The customer's order of the test above is in today's revenue (the demo seed's orders are older).
    await expect.poll(() => statValue(page, 'Revenue').textContent()).toMatch(/^\$(?!0\.00$)[\d,.]+$/)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV of the periods' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^report-periods-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await file.path()) ?? '', 'utf8')
    const [header, ...records] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(header).toBe(
      'Start,End,Orders,Charges (USD),Refunded (USD),Cost (USD),Profit (USD),Margin,Deposits (USD),Refunds paid (USD),Active customers',
    )
    // The last 30 days, one record each, today's with the order.
    expect(records).toHaveLength(30)
    expect(Number(records.at(-1)?.split(',')[2])).toBeGreaterThanOrEqual(1)
    expect(errors).toEqual([])
  })
})
