import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { baseUrl, failOnBrokenPages, launchBrowser, newVisitor, screenshotOnFailure } from './support/browser'

// Live updates on the open dashboard: an order placed through the API v2 (a customer's script) appears without
// a reload and without the 20-second refresh, and so does the simulator's status change. The refresh runs only
// while the stream is not working; here it works, so each step is allowed a few seconds, well under the 20 s
// a refresh would take (ADR 180). Each step starts right after the list was fetched, so a refresh, had one
// been running, would still be most of 20 s away.

const PASSWORD = 'correct horse battery'
/** Time allowed for a change to reach the page: seconds, where the refresh would take 20. */
const LIVE_MS = 5_000

interface ApiOrder {
  id: string
  status: string
}

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

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path

describe('live updates on the dashboard', () => {
  const email = `live-${Date.now()}@example.com`
  let browser: Browser
  let page: Page
  let token: string
  const pages = failOnBrokenPages()

  beforeAll(async () => {
    const session = await fetch(`${baseUrl()}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }).then((response) => response.json() as Promise<{ token: string; sessionId: string }>)
    token = session.token
    browser = await launchBrowser()
    const context = await newVisitor(browser, { width: 1280, height: 800 })
    await context.addInitScript((stored) => {
      if (localStorage.getItem('authToken') === null) {
        localStorage.setItem('authToken', stored.token)
        localStorage.setItem('sessionId', stored.sessionId)
      }
    }, session)
    page = await context.newPage()
    pages.watch(page)

    await page.goto('/wallet')
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('20')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    await page.getByText('Payment of $20.00 was successful! Your balance has been updated.').waitFor()
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach((test) => {
    screenshotOnFailure(page, `live-${test.task.name}`)
  })

  it('shows an order placed through the API v2, then its status change, as they happen', async () => {
    const { key } = await api<{ key: string }>(token, '/api/user/api-keys', {
      method: 'POST',
      body: { name: 'live dashboard' },
    })
    const services = await api<{ id: string; name: string }[]>(token, '/api/services')
    const likes = services.find((service) => service.name === 'likes')

    // The stream opens after the page, and its first event has the page fetch its data once more: the list
    // has just been fetched when that answer arrives.
    const streamOpened = page.waitForResponse(isPath('/api/events'))
    await page.goto('/dashboard')
    expect((await streamOpened).status()).toBe(200)
    await page.waitForResponse(isPath('/api/orders/get'))
    await page.evaluate(() => Object.assign(window, { __notReloaded: true }))

    const answer = await fetch(`${baseUrl()}/api/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key,
        action: 'add',
        service: String(likes?.id),
        link: 'https://www.instagram.com/p/e2e-live/',
        quantity: '173',
      }),
    }).then((response) => response.json() as Promise<{ order?: number; error?: string }>)
    expect(answer.error).toBeUndefined()
    const row = page
      .getByRole('grid', { name: 'Your Recent Orders' })
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: '173', exact: true }) })
    await row.waitFor({ timeout: LIVE_MS })

    // The simulator completes the order in about 12 s, passing through In progress; the page follows each
    // change the server makes, within seconds of it.
    const statusAtServer = async () =>
      (await api<ApiOrder[]>(token, '/api/orders/get?limit=5'))
        .find((order) => String(order.id) === String(answer.order))
        ?.status.toLowerCase()
    await expect.poll(statusAtServer, { timeout: 60_000, interval: 250 }).toBe('completed')
    await row.getByText(/^completed$/i).waitFor({ timeout: LIVE_MS })
    expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true)
  })
})
