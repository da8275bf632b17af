import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDatabase, type Db } from '../server/src/db/connect'
import { baseUrl, failOnBrokenPages, launchBrowser, newVisitor, screenshotOnFailure } from './support/browser'

// Notifications as a customer meets them, at both widths: a customer with history (a deposit, which told them
// already) switches the completed-order e-mail off and on in Settings; an order then completes at the simulator,
// and the top bar's bell counts it within seconds, without a reload, while the e-mail waits in the outbox
// (the server has no SMTP_URL, so mail lands in mail_outbox).

const PASSWORD = 'correct horse battery'
/** Time allowed for a change to reach the page: seconds, where the 20-second refresh would take 20. */
const LIVE_MS = 5_000
const COMPLETED_EMAIL = 'An order is completed'

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

/** The bell's accessible name for this many unread notifications. */
const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications')

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path

describe('notifications', () => {
  const email = `notify-${Date.now()}@example.com`
  let browser: Browser
  let session: { token: string; sessionId: string }
  let db: Db
  const pages = failOnBrokenPages()

  async function signedInPage(width: number): Promise<Page> {
    const context = await newVisitor(browser, { width, height: 800 })
    await context.addInitScript((stored) => {
      if (localStorage.getItem('authToken') === null) {
        localStorage.setItem('authToken', stored.token)
        localStorage.setItem('sessionId', stored.sessionId)
      }
    }, session)
    const page = await context.newPage()
    pages.watch(page)
    return page
  }

  const outbox = () =>
    db.selectFrom('mail_outbox').select(['subject', 'body']).where('to_address', '=', email).execute()

  beforeAll(async () => {
    db = createDatabase({ dataDir: inject('dataDir') })
    session = await fetch(`${baseUrl()}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }).then((response) => response.json() as Promise<{ token: string; sessionId: string }>)
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await db?.destroy()
  })

  it('tells of a deposit at once: the bell counts it and the e-mail is in the outbox', async () => {
    // History: a deposit through the sandbox checkout.
    const page = await signedInPage(1280)
    screenshotOnFailure(page, 'notifications-deposit')
    await page.goto('/wallet')
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('20')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor()
    await expect
      .poll(async () => (await outbox()).map((mail) => mail.subject))
      .toEqual(['Deposit of $20.00 credited'])
    await page.context().close()
  })

  it.each([1280, 375])(
    'at %i px: switches the e-mail off and on, then counts a completed order live and e-mails it',
    async (width) => {
      const page = await signedInPage(width)
      screenshotOnFailure(page, `notifications-${width}`)

      await page.goto('/settings?tab=notifications')
      const completed = page.getByRole('switch', { name: COMPLETED_EMAIL })
      await completed.waitFor({ state: 'attached' })
      const saved = () =>
        page.waitForResponse(
          (response) =>
            isPath('/api/user/notification-preferences')(response) && response.request().method() === 'PUT',
        )
      // The first pass finds it off (the default); each click saves at once.
      for (const wanted of width === 1280 ? [true, false, true] : [false, true]) {
        const answer = saved()
        await page.getByText(COMPLETED_EMAIL, { exact: true }).click()
        expect((await answer).status()).toBe(200)
        await expect.poll(() => completed.isChecked()).toBe(wanted)
      }
      const preferences = await api<{ email: Record<string, boolean> }>(
        session.token,
        '/api/user/notification-preferences',
      )
      expect(preferences.email.order_completed).toBe(true)

      const streamOpened = page.waitForResponse(isPath('/api/events'))
      await page.goto('/dashboard')
      expect((await streamOpened).status()).toBe(200)
      const me = await api<{ unreadNotifications: number }>(session.token, '/api/user/me')
      const bell = page.getByRole('link', { name: /^Notifications/ })
      await expect.poll(() => bell.getAttribute('aria-label')).toBe(bellName(me.unreadNotifications))
      await page.evaluate(() => Object.assign(window, { __notReloaded: true }))

      const order = await api<{ id: string }>(session.token, '/api/orders/create', {
        method: 'POST',
        body: {
          service_type: 'likes',
          target_url: `https://www.instagram.com/p/e2e-notify-${width}/`,
          quantity: 100,
        },
      })
      // The simulator completes the order in about 12 s; the bell follows the server within seconds.
      const statusAtServer = async () =>
        (await api<{ id: string; status: string }[]>(session.token, '/api/orders/get?limit=5'))
          .find((listed) => String(listed.id) === String(order.id))
          ?.status.toLowerCase()
      await expect.poll(statusAtServer, { timeout: 60_000, interval: 250 }).toBe('completed')
      await page
        .getByRole('link', { name: bellName(me.unreadNotifications + 1) })
        .waitFor({ timeout: LIVE_MS })
      expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true)

      await expect
        .poll(
          async () => (await outbox()).find((mail) => mail.subject === `Order ${order.id} completed`)?.body,
        )
        .toContain('was delivered in full')

      // The bell leads to the list, where the new one is first and unread.
      await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click()
      await page.waitForURL((url) => url.pathname === '/notifications')
      const first = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()
      await first.getByText(`Order ${order.id} completed`).waitFor()
      await first.getByText('New', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Mark all as read' }).click()
      await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor({ timeout: LIVE_MS })
      await page.context().close()
    },
  )
})
