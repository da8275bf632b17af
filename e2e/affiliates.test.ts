import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/src/config'
import type { Logger } from '../server/src/logger'
import { startServer, type RunningServer } from '../server/src/main'
import { freePort } from '../scripts/free-port.mjs'
import { choose, failOnBrokenPages, launchBrowser, screenshotOnFailure, watchPage } from './support/browser'

// Affiliates end to end, at both widths: customer A opens the affiliate page from the navigation and copies the
// referral link; B opens the link in another browser, signs up and places an order; the simulator completes it;
// once the hold is over A sees the commission credited, and the wallet shows it.
//
// The hold is the time that passes: this file starts its own server (a fresh SQLite database, the built panel)
// where the operator has set the hold to 0 days, the simulator completes orders in a couple of seconds and the
// payout job runs twice a second, so "after the hold" is a few seconds away, in real time, as everywhere in
// these tests.

const PASSWORD = 'correct horse battery'
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let server: RunningServer
let dataDir: string
let operatorToken: string
let browser: Browser
const pages = failOnBrokenPages()

async function api<T>(pathname: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(response.status, `${pathname}: ${response.status}`).toBe(200)
  return (await response.json()) as T
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'engage-e2e-affiliates-'))
  const operators: { email: string; password: string }[] = []
  const logger: Logger = {
    info: (message) => {
      const match = /^Demo operator: (\S+) \/ (\S+)$/.exec(message)
      if (match?.[1] && match[2]) operators.push({ email: match[1], password: match[2] })
    },
    warn: (message, fields) => console.warn(`[server] ${message}`, fields ?? ''),
    error: (message, fields) => console.error(`[server] ${message}`, fields ?? ''),
  }
  server = await startServer(
    loadConfig({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      // The console's own two-factor set-up is tested in admin.test.ts; here the operator only sets the hold.
      OPERATOR_2FA: '0',
      SIMULATOR_STEP_MS: '500',
      SYNC_INTERVAL_MS: '300',
      REFERRAL_PAYOUT_INTERVAL_MS: '500',
    }),
    logger,
  )
  const [operator] = operators
  if (!operator) throw new Error('The demo seed printed no operator account')
  const { token } = await api<{ token: string }>('/api/signin', { method: 'POST', body: operator })
  operatorToken = token
  await api('/api/admin/affiliates/settings', {
    token,
    method: 'PUT',
    body: { rate_basis_points: 1000, hold_days: 0, reason: 'End-to-end: no hold' },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function visitor(viewport: { width: number; height: number }) {
  // Headless Chromium says 'HeadlessChrome' in its user agent, which the referral link does not count as a
  // visitor (an automated browser): these visitors present the agent of the Chrome they stand in for.
  const context: BrowserContext = await browser.newContext({
    viewport,
    baseURL: server.url,
    userAgent: DESKTOP_CHROME,
  })
  context.setDefaultTimeout(15_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
  const page = await context.newPage()
  pages.watch(page)
  return { context, page, errors: watchPage(page).errors }
}

async function signUpOnTheForm(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Sign Up', level: 1 }).waitFor()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/auth')
}

/** The figure of a stat card on the affiliate page. */
function stat(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first()
}

/** New accounts start at $0: the operator credits B's wallet, as for a bank transfer. */
async function fund(email: string, usd: number) {
  const { users } = await api<{ users: { id: string }[] }>(
    `/api/admin/users?q=${encodeURIComponent(email)}`,
    {
      token: operatorToken,
    },
  )
  const [user] = users
  if (!user) throw new Error(`No account for ${email}`)
  await api(`/api/admin/users/${user.id}/balance`, {
    token: operatorToken,
    method: 'POST',
    body: { amount: usd, reason: 'End-to-end funding', idempotency_key: crypto.randomUUID() },
  })
}

describe.each([
  { name: 'wide', viewport: { width: 1280, height: 800 } },
  { name: 'narrow', viewport: { width: 375, height: 740 } },
])('affiliates at the $name width', ({ name, viewport }) => {
  let a: Awaited<ReturnType<typeof visitor>>
  let b: Awaited<ReturnType<typeof visitor>>
  let link: string

  beforeAll(async () => {
    a = await visitor(viewport)
    b = await visitor(viewport)
  })

  afterAll(async () => {
    await a.context.close()
    await b.context.close()
  })

  it('lets A open the affiliate page from the navigation and copy the referral link', async () => {
    screenshotOnFailure(a.page, `affiliates-${name}-copy`)
    await a.page.goto('/auth?mode=signup')
    await signUpOnTheForm(a.page, `referrer-${name}-${Date.now()}@example.test`)
    if (viewport.width < 768) await a.page.getByRole('button', { name: 'Open menu' }).click()
    await a.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Affiliates' }).click()
    await a.page.waitForURL('**/affiliates')
    await a.page.getByRole('heading', { name: 'Affiliates', level: 1 }).waitFor()
    expect(await a.page.title()).toBe('Affiliates | Engage Panel')

    const field = a.page.getByRole('textbox', { name: 'Referral link' })
    await a.page.getByRole('button', { name: 'Copy link' }).click()
    await a.page.getByText('Copied').waitFor()
    link = await a.page.evaluate(() => navigator.clipboard.readText())
    expect(link).toMatch(new RegExp(`^${server.url}/r/[a-z2-9]{10}$`))
    expect(await field.inputValue()).toBe(link)
    expect(await stat(a.page, 'Visits').textContent()).toBe('0')
    expect(a.errors).toEqual([])
  })

  it('attributes B, who signs up through the link and orders', async () => {
    screenshotOnFailure(b.page, `affiliates-${name}-signup`)
    await b.page.goto(link)
    await b.page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('mode') === 'signup')
    const email = `referred-${name}-${Date.now()}@example.test`
    await signUpOnTheForm(b.page, email)
    await fund(email, 10)

    await b.page.goto('/dashboard')
    const orderForm = b.page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'LIKES')
    await orderForm.getByLabel('Link').fill(`https://social.example/post/affiliates-${name}-${Date.now()}`)
    await orderForm.getByLabel('Quantity').fill('1000')
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await b.page.getByText('Order placed successfully!').waitFor()
    expect(b.errors).toEqual([])
  })

  it('shows A the visit, the sign-up and, once the order completed and the hold passed, the credit', async () => {
    screenshotOnFailure(a.page, `affiliates-${name}-credit`)
    // The order completes at the simulator within seconds, and the payout job credits it on its next round.
    await expect
      .poll(
        async () => {
          await a.page.reload()
          await a.page.getByRole('heading', { name: 'Affiliates', level: 1 }).waitFor()
          return stat(a.page, 'Credited').textContent()
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .not.toBe('$0.00')
    // likes cost $0.90 per 1,000: 10 % of it is $0.09.
    expect(await stat(a.page, 'Credited').textContent()).toBe('$0.09')
    expect(await stat(a.page, 'Visits').textContent()).toBe('1')
    expect(await stat(a.page, 'Sign-ups').textContent()).toBe('1')
    const commissions = a.page.getByRole('grid', { name: 'Commissions' })
    await commissions.getByText('Credited', { exact: true }).waitFor()
    await a.page.getByRole('grid', { name: 'Credits to your balance' }).getByText('+$0.09').waitFor()

    await a.page.goto('/wallet')
    const history = a.page.getByRole('grid', { name: 'Transactions' })
    await history.getByText('Referral Commission').waitFor()
    expect(a.errors).toEqual([])
  })
})
