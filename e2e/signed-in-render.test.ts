import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, failOnBrokenPages, launchBrowser, newVisitor, type Viewport } from './support/browser'

// The signed-in pages rendered on the server for the session of the request's cookie: the HTML already holds
// the layout and the customer's own data before any script runs, the browser hydrates it without a mismatch,
// and a request without a valid session gets the empty shell as before (the guard sends it to /auth).

const SESSION_COOKIE = 'engage_session'
const LAYOUT_COOKIE = 'engage_layout'
const PASSWORD = 'correct horse battery'

async function signUp(email: string): Promise<{ token: string; sessionId: string }> {
  const response = await fetch(`${baseUrl()}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(response.ok).toBe(true)
  return (await response.json()) as { token: string; sessionId: string }
}

function getPage(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } })
}

/** The text inside the page's #root element, tags removed. */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root">')
  const end = html.indexOf('<script type="application/json"', start)
  return html.slice(start, end < 0 ? undefined : end).replace(/<[^>]+>/g, ' ')
}

describe('the served HTML of a signed-in page', () => {
  const email = `render-http-${Date.now()}@example.com`
  let token: string

  beforeAll(async () => {
    token = (await signUp(email)).token
  })

  it('holds the layout and the customer’s data for a session cookie', async () => {
    const response = await getPage('/dashboard', `theme=x; ${SESSION_COOKIE}=${token}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache')
    const policy = response.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toMatch(/script-src 'self' [^;]*'nonce-/)
    expect(policy).toContain("style-src-attr 'unsafe-inline'")
    expect(policy).not.toMatch(/(script|style)-src [^;]*unsafe-inline/)
    const html = await response.text()
    const text = rootText(html)
    expect(html).toContain('<nav id=')
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/)
    expect(text).toContain(email)
    expect(text).toContain('Wallet')
    expect(text).toContain('Settings')
    // The token itself never goes into the page.
    expect(html).not.toContain(token)
  })

  it('renders the orders page’s order form with its choices, which the browser hydrates with the same list', async () => {
    const html = await (await getPage('/orders', `${SESSION_COOKIE}=${token}`)).text()
    const text = rootText(html)
    expect(text).toContain('Action Type')
    expect(text).toContain('LIKES')
    expect(text).not.toContain('Loading services...')
    expect(html).toContain('"/api/get-services":')
  })

  it('renders the layout at the width the window last had, else narrow for a phone', async () => {
    const isNarrow = (html: string) => {
      const narrow = html.includes('aria-label="Open menu"')
      expect(rootText(html).includes('Orders History')).toBe(!narrow)
      return narrow
    }
    const session = `${SESSION_COOKIE}=${token}`
    const phone = { 'Sec-CH-UA-Mobile': '?1' }
    expect(isNarrow(await (await getPage('/wallet', session)).text())).toBe(false)
    expect(isNarrow(await (await getPage('/wallet', session, phone)).text())).toBe(true)
    // The layout cookie (the head script's) wins over the hints: a narrow desktop window, a wide tablet.
    expect(isNarrow(await (await getPage('/wallet', `${session}; ${LAYOUT_COOKIE}=narrow`)).text())).toBe(
      true,
    )
    expect(
      isNarrow(await (await getPage('/wallet', `${session}; ${LAYOUT_COOKIE}=wide`, phone)).text()),
    ).toBe(false)
  })

  it('is the empty shell without a session cookie, or with an ended or made-up one', async () => {
    const shell = await (await getPage('/dashboard')).text()
    expect(shell).toContain('<div id="root"></div>')
    expect(shell).not.toContain(email)
    for (const cookie of [`${SESSION_COOKIE}=made-up-token`, `${SESSION_COOKIE}=<script>`, 'other=1']) {
      const response = await getPage('/dashboard', cookie)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(shell)
    }
    const ended = await signUp(`render-ended-${Date.now()}@example.com`)
    const logout = await fetch(`${baseUrl()}/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ended.token}` },
    })
    expect(logout.ok).toBe(true)
    expect(await (await getPage('/dashboard', `${SESSION_COOKIE}=${ended.token}`)).text()).toBe(shell)
  })

  it('is not rendered for the pages the server does not render (sign-in, settings, the console)', async () => {
    const shell = await (await getPage('/dashboard')).text()
    for (const path of ['/auth', '/settings', '/admin']) {
      expect(await (await getPage(path, `${SESSION_COOKIE}=${token}`)).text()).toBe(shell)
    }
  })
})

const widths: { name: string; viewport: Viewport; mobile: boolean }[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false },
  { name: 'phone', viewport: { width: 375, height: 812 }, mobile: true },
]

describe.each(widths)('the signed-in page in the browser on a $name', ({ name, viewport, mobile }) => {
  let browser: Browser
  let page: Page
  const pages = failOnBrokenPages()
  const email = `render-${name}-${Date.now()}@example.com`
  let token: string

  beforeAll(async () => {
    token = (await signUp(email)).token
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser.close()
  })

  it('shows the layout and the customer’s data before any script runs', async () => {
    const context = await browser.newContext({ viewport, baseURL: baseUrl(), javaScriptEnabled: false })
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl() }])
    const noScript = await context.newPage()
    await noScript.goto('/dashboard')
    await noScript.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await noScript.getByText(email).waitFor()
    expect(
      await noScript.getByRole('navigation', { name: 'Main' }).getByRole('link').count(),
    ).toBeGreaterThan(1)
    // React Aria's visually hidden parts (the wallet's transaction table has some) are styled by an attribute,
    // which the page's policy lets through: they stay hidden.
    await noScript.goto('/wallet')
    await noScript.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor()
    const hidden = noScript.locator('div[style*="clip"]')
    expect(await hidden.count()).toBeGreaterThan(0)
    expect((await hidden.first().boundingBox())?.width).toBeLessThanOrEqual(1)
  })

  it('signs in, and after a reload hydrates the server’s HTML instead of replacing it', async () => {
    // No client hints, as from a desktop browser's window of that width: the head script's layout cookie tells
    // the server how wide the window is.
    const context = await newVisitor(browser, viewport)
    page = await context.newPage()
    pages.watch(page)
    await page.goto('/auth')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/dashboard')

    // The app's entry is held back until the server's heading has been marked: a hydrated page keeps that
    // element, a page rendered anew replaces it.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.reload({ waitUntil: 'commit' })
    const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 })
    await heading.waitFor()
    await page.getByText(email).waitFor()
    await heading.evaluate((element) => element.setAttribute('data-from-server', ''))
    release()

    // Hydrated: the order form renders after it, and the heading is still the server's element.
    await page.getByRole('form', { name: 'New order' }).waitFor()
    expect(await page.locator('h1[data-from-server]').count()).toBe(1)
    // And it works: the layout's links navigate in the page.
    if (mobile) await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click()
    await page.waitForURL('**/wallet')
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor()
    // The wallet rendered on the server hydrates too, its policy refusing nothing in its HTML (a refusal is
    // logged, and fails the test).
    await page.unroute(/\/assets\/index-[^/]+\.js$/)
    await page.reload()
    await page.getByRole('form', { name: 'Deposit' }).waitFor()
  })

  it('takes no input in a page rendered for the other width until the browser has rendered it anew', async () => {
    // The window crossed the breakpoint since the last page load: the server renders the other layout.
    await page
      .context()
      .addCookies([{ name: LAYOUT_COOKIE, value: mobile ? 'wide' : 'narrow', url: baseUrl() }])
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/wallet', { waitUntil: 'commit' })
    const amount = page.getByRole('form', { name: 'Deposit' }).getByRole('textbox', { name: 'Amount (USD)' })
    // (Located by CSS: an inert page is not in the accessibility tree.)
    await page.locator('h1', { hasText: 'Wallet' }).waitFor()
    // The server's page is shown, and inert: what a customer typed into it would be lost when it is replaced.
    expect(await page.locator('#root').evaluate((root) => root.inert)).toBe(true)
    expect(await page.locator('#root [aria-label="Open menu"]').count()).toBe(mobile ? 0 : 1)
    await page.locator('h1').evaluate((element) => element.setAttribute('data-from-server', ''))
    release()

    // Rendered anew at the window's width, and it takes input.
    await expect.poll(() => page.locator('#root').evaluate((root) => root.inert)).toBe(false)
    await amount.fill('7.50')
    expect(await page.locator('h1[data-from-server]').count()).toBe(0)
    expect(await amount.inputValue()).toBe('7.50')
    await page.unroute(/\/assets\/index-[^/]+\.js$/)
  })
})
