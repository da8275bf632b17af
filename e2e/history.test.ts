import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  baseUrl,
  choose,
  failOnBrokenPages,
  launchBrowser,
  newVisitor,
  screenshotOnFailure,
  type Viewport,
  usdAsShown,
} from './support/browser'

// A returning customer, once on a wide screen and once on a phone: an account that already has orders (one
// completed, one in progress or pending, one cancelled) places a single, a mass and a subscription order in a
// row on the open dashboard, sees an order placed through the API v2 arrive and move on through the live
// updates without a reload, cancels an order and sees the result at once and the refund in the header, asks
// for a refill of a completed order of a service with refills and sees its status, and opens a transaction's
// details. On the way it checks what a first-time customer stumbled on: Contact Us and
// Updates links open their real addresses, the order form holds each service to its own limits before sending,
// and a failed deposit reads as failed in the wallet. Each width has its own account on the shared server; the
// steps run in order on one page, which is never reloaded between the orders (a broken update would show the
// error fallback, which fails the step).

const widths: { name: string; viewport: Viewport }[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]

const PASSWORD = 'correct horse battery'

interface ApiOrder {
  id: string
  status: string
}

/** Calls the API from Node with the account's token. */
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

/** The account's orders, newest first. */
function orders(token: string): Promise<ApiOrder[]> {
  return api<ApiOrder[]>(token, '/api/orders/get?limit=50')
}

/** The ids of the account's orders placed since `before` (the ids listed then). */
async function newOrderIds(token: string, before: readonly string[]): Promise<string[]> {
  return (await orders(token)).map((order) => String(order.id)).filter((id) => !before.includes(id))
}

/** The row of an order in the dashboard's Your Recent Orders, found by its cancel button. */
function orderRow(page: Page, orderId: string) {
  return page
    .getByRole('grid', { name: 'Your Recent Orders' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Cancel order ${orderId}` }) })
}

describe.each(widths)('a customer with history on a $name ($viewport.width px)', ({ name, viewport }) => {
  const email = `history-${name}-${Date.now()}@example.com`
  const link = (what: string) => `https://www.instagram.com/p/history-${name}-${what}/`
  let browser: Browser
  let page: Page
  let token: string
  let knownIds: string[] = []
  /** A premium_followers order of the history: its service offers refills (the simulator's service 8). */
  let refillableId = ''
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
    await context.addInitScript((stored) => {
      if (localStorage.getItem('authToken') === null) {
        localStorage.setItem('authToken', stored.token)
        localStorage.setItem('sessionId', stored.sessionId)
      }
    }, session)
    page = await context.newPage()
    pages.watch(page)

    // The history: a deposit through the sandbox checkout, then orders through the API that by now are
    // completed, under way and cancelled.
    await page.goto('/wallet')
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('40')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    await page.getByText('Payment of $40.00 was successful! Your balance has been updated.').waitFor()

    const place = (serviceType: string, what: string, quantity: number) =>
      api<ApiOrder>(token, '/api/orders/create', {
        method: 'POST',
        body: { service_type: serviceType, target_url: link(what), quantity },
      })
    await place('likes', 'completed', 100)
    await place('views', 'under-way', 500)
    refillableId = (await place('premium_followers', 'refillable', 100)).id
    const cancelled = await place('followers', 'cancelled', 200)
    await api(token, `/api/orders/${cancelled.id}/cancel`, { method: 'POST' })
    // The simulator completes an order in about 12 s: wait for the first one, so the list has every kind.
    const deadline = Date.now() + 60_000
    while (!(await orders(token)).some((order) => order.status.toLowerCase() === 'completed')) {
      if (Date.now() > deadline) throw new Error('No order of the history completed within a minute')
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    knownIds = (await orders(token)).map((order) => String(order.id))
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach((test) => {
    screenshotOnFailure(page, `history-${name}-${test.task.name}`)
  })

  it('opens the dashboard on the orders it already has', async () => {
    await page.goto('/dashboard')
    const recent = page.getByRole('grid', { name: 'Your Recent Orders' })
    await expect.poll(() => recent.getByRole('row').count(), { timeout: 20_000 }).toBe(knownIds.length + 1)
    await recent
      .getByText(/^completed$/i)
      .first()
      .waitFor()
    await recent
      .getByText(/^cancell?ed$/i)
      .first()
      .waitFor()
  })

  it('opens Contact Us and Updates links at their real addresses, not inside the panel', async () => {
    const panel = page.getByRole('tablist', { name: 'Help and news' }).locator('..')
    await page.getByRole('tab', { name: 'Contact Us' }).click()
    const contacts = page.getByRole('list', { name: 'Contact methods' })
    await contacts.waitFor()
    const links = contacts.getByRole('link')
    expect(await links.count()).toBeGreaterThan(0)
    for (const contactLink of await links.all()) {
      const href = (await contactLink.getAttribute('href')) ?? ''
      expect(href).toMatch(/^(https?:\/\/|mailto:)/)
      if (href.startsWith('http')) {
        expect(await contactLink.getAttribute('target')).toBe('_blank')
        expect(await contactLink.getAttribute('rel')).toContain('noopener')
      }
    }
    await panel.getByRole('tab', { name: 'Updates' }).click()
    for (const updateLink of await page.getByRole('list', { name: 'Updates' }).getByRole('link').all()) {
      expect((await updateLink.getAttribute('href')) ?? '').not.toMatch(/^\/dashboard\//)
    }
  })

  it("shows the chosen service's own limits and refuses a quantity outside them before sending", async () => {
    const services = await api<{ name: string; minQuantity: number; maxQuantity: number }[]>(
      token,
      '/api/services',
    )
    const likes = services.find((service) => service.name === 'likes')
    if (!likes) throw new Error('the demo panel has a likes service')
    const count = (value: number) => value.toLocaleString('en-US')
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'LIKES')
    const quantity = orderForm.getByLabel('Quantity')
    expect(await quantity.getAttribute('placeholder')).toBe(`Minimum: ${count(likes.minQuantity)}`)
    await orderForm.getByText(`From ${count(likes.minQuantity)} to ${count(likes.maxQuantity)}`).waitFor()
    await orderForm.getByLabel('Link').fill(link('too-many'))
    await quantity.fill(String(likes.maxQuantity + 1))
    const sent: string[] = []
    const record = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/api/orders/create'))
        sent.push(request.url())
    }
    page.on('request', record)
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await orderForm
      .getByText(`Quantity must be between ${count(likes.minQuantity)} - ${count(likes.maxQuantity)}`, {
        exact: true,
      })
      .waitFor()
    await quantity.fill('12.5')
    await orderForm.getByText('Quantity must be a whole number', { exact: true }).waitFor()
    page.off('request', record)
    expect(sent).toEqual([])
    await quantity.fill('')
    await orderForm.getByLabel('Link').fill('')
  })

  it('places a single order: its message, and its row in the list', async () => {
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'LIKES')
    await orderForm.getByLabel('Link').fill(link('single'))
    await orderForm.getByLabel('Quantity').fill('120')
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText('Order placed successfully!').first().waitFor()
    const [placed] = await newOrderIds(token, knownIds)
    expect(placed).toBeDefined()
    await orderRow(page, placed ?? '').waitFor()
    knownIds = (await orders(token)).map((order) => String(order.id))
  })

  it('places a drip-feed order and follows its runs in the order detail card', async () => {
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'LIKES')
    await orderForm.getByLabel('Link').fill(link('drip-feed'))
    await orderForm.getByLabel('Quantity').fill('100')
    // The checkbox's input sits under its styled label, which holds its description too.
    await orderForm
      .locator('label')
      .filter({ hasText: /^Drip-feed/ })
      .click()
    expect(await orderForm.getByRole('checkbox', { name: /^Drip-feed/ }).isChecked()).toBe(true)
    await orderForm.getByRole('textbox', { name: 'Runs', exact: true }).fill('2')
    await orderForm.getByRole('textbox', { name: 'Interval (minutes)', exact: true }).fill('1')
    await orderForm.getByText('2 runs × 100 = 200 in all').waitFor()
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText('Order placed successfully!').first().waitFor()
    const [placed] = await newOrderIds(token, knownIds)
    expect(placed).toBeDefined()
    const orderId = placed ?? ''
    knownIds = (await orders(token)).map((order) => String(order.id))

    /** Opens the order's detail card and answers the value of `term`; the card closes again. */
    const detail = async (term: string) => {
      await orderRow(page, orderId).getByRole('button', { name: 'LIKES' }).click()
      const card = page.getByRole('dialog', { name: `Order ${orderId} details` })
      await card.waitFor()
      const value = await card
        .getByText(term, { exact: true })
        .locator('xpath=following-sibling::dd')
        .textContent()
      await page.keyboard.press('Escape')
      await card.waitFor({ state: 'detached' })
      return value ?? ''
    }
    // The first run goes at once, the second a minute later (the live updates bring each change).
    await expect.poll(() => detail('Drip-feed'), { timeout: 30_000, interval: 1_000 }).toMatch(/^Run 1 of 2/)
    expect(await detail('Quantity')).toBe('200')
    expect(await detail('Next run')).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/)
    expect(await detail('Delivered')).toMatch(/ of 200$/)
    await expect.poll(() => detail('Drip-feed'), { timeout: 100_000, interval: 2_000 }).toMatch(/^Run 2 of 2/)
    expect(await detail('Next run')).toBe('None left')
  })

  it('then places a mass order on the same page: its message, and its rows', async () => {
    await page.getByRole('tab', { name: 'Mass' }).click()
    const item = page.getByRole('form', { name: 'Mass order item' })
    for (const [service, what] of [
      ['VIEWS', 'mass-one'],
      ['LIKES', 'mass-two'],
    ] as const) {
      await choose(item, 'Action Type', service)
      await item.getByLabel('Quantity').fill('150')
      await item.getByLabel('URL').fill(link(what))
      await item.getByRole('button', { name: 'Add Another Service' }).click()
    }
    await expect
      .poll(() => page.getByRole('list', { name: 'Queued services' }).getByRole('listitem').count())
      .toBe(2)
    await page.getByRole('button', { name: 'Place Mass Order' }).click()
    await page.getByText('Mass Orders placed successfully!').first().waitFor()
    const placed = await newOrderIds(token, knownIds)
    expect(placed).toHaveLength(2)
    for (const id of placed) await orderRow(page, id).waitFor()
    knownIds = (await orders(token)).map((order) => String(order.id))
  })

  it('then pastes two lines service_id|link|quantity, reviews them in the queue and places them', async () => {
    const services = await api<{ id: string; name: string }[]>(token, '/api/services')
    const idOf = (serviceName: string) => services.find((service) => service.name === serviceName)?.id ?? ''
    // The radio input sits under its styled label.
    await page.getByText('Paste lines', { exact: true }).click()
    expect(await page.getByRole('radio', { name: 'Paste lines' }).isChecked()).toBe(true)
    await page
      .getByRole('textbox', { name: 'Order lines' })
      .fill(`${idOf('views')}|${link('pasted-one')}|150\n\n${idOf('likes')} | ${link('pasted-two')} | 120`)
    await page.getByRole('button', { name: 'Add lines to queue' }).click()
    await expect
      .poll(() => page.getByRole('list', { name: 'Queued services' }).getByRole('listitem').count())
      .toBe(2)
    await page.getByRole('button', { name: 'Place Mass Order' }).click()
    await expect.poll(() => newOrderIds(token, knownIds).then((ids) => ids.length)).toBe(2)
    for (const id of await newOrderIds(token, knownIds)) await orderRow(page, id).waitFor()
    knownIds = (await orders(token)).map((order) => String(order.id))
  })

  it('then subscribes on the same page: its message, and the first order in the list', async () => {
    await page.getByRole('tab', { name: 'Subscriptions' }).click()
    const subscription = page.getByRole('form', { name: 'Subscription' })
    await choose(subscription, 'Action Type', 'LIKES')
    await subscription.getByLabel('Quantity per Period').fill('40')
    await subscription.getByLabel('Target URL').fill(link('subscription'))
    await subscription.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByText('Subscription created and initial order placed successfully!').first().waitFor()
    const [placed] = await newOrderIds(token, knownIds)
    expect(placed).toBeDefined()
    await orderRow(page, placed ?? '').waitFor()
    knownIds = (await orders(token)).map((order) => String(order.id))
  })

  it('shows an order placed through the API v2, and its status change, live without a reload', async () => {
    const { key } = await api<{ key: string }>(token, '/api/user/api-keys', {
      method: 'POST',
      body: { name: `history ${name}` },
    })
    const services = await api<{ id: string; name: string }[]>(token, '/api/services')
    const views = services.find((service) => service.name === 'views')
    // The live updates bring the order in and then its completion (the simulator completes it in about
    // 12 s); e2e/live.test.ts times them, and checks the 20-second refresh that takes over without them.
    const answer = await fetch(`${baseUrl()}/api/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key,
        action: 'add',
        service: String(views?.id),
        link: link('api-v2'),
        quantity: '337',
      }),
    }).then((response) => response.json() as Promise<{ order?: number; error?: string }>)
    expect(answer.error).toBeUndefined()
    // A marker on the page: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __notReloaded: true }))
    const row = page
      .getByRole('grid', { name: 'Your Recent Orders' })
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: '337', exact: true }) })
    await row.waitFor({ timeout: 30_000 })
    // The row's text: its date, service, quantity and status; only the status can say Completed.
    const status = () => row.textContent()
    expect(await status()).not.toMatch(/completed/i)
    await expect.poll(status, { timeout: 45_000, interval: 1_000 }).toMatch(/completed/i)
    expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true)
  })

  it('cancels an order: its message, and the refunded balance in the header', async () => {
    await page.getByRole('tab', { name: 'New' }).click()
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'FOLLOWERS')
    await orderForm.getByLabel('Link').fill(`https://x.com/history_${name}`)
    await orderForm.getByLabel('Quantity').fill('1000')
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText('Order placed successfully!').first().waitFor()
    const [orderId] = await newOrderIds(token, knownIds)
    const balanceCharged = (await api<{ balance: number }>(token, '/api/user/me')).balance
    await page.getByRole('button', { name: `Cancel order ${orderId}` }).click()
    await page.getByText('Are you sure you want to cancel this order?').waitFor()
    await page.getByRole('button', { name: 'Cancel Order', exact: true }).click()
    // Cancelled at once while the provider has not been asked yet; else the provider is asked to stop it.
    await page
      .getByText(/^(Order cancelled successfully|Cancellation requested: .*)$/)
      .first()
      .waitFor()
    // The row changes at once: no second Cancel for it.
    await expect
      .poll(() => page.getByRole('button', { name: `Cancel order ${orderId}` }).count(), { timeout: 5_000 })
      .toBe(0)
    // What the provider had not delivered yet comes back: all of it while pending, the rest once started.
    await expect
      .poll(async () => (await api<{ balance: number }>(token, '/api/user/me')).balance, { timeout: 30_000 })
      .toBeGreaterThan(balanceCharged)
    const { balance, username } = await api<{ balance: number; username: string }>(token, '/api/user/me')
    const shown = usdAsShown(balance)
    const header = page.getByRole('banner')
    if (viewport.width >= 768) {
      await header.getByText(shown).first().waitFor({ timeout: 30_000 })
    } else {
      // Narrow screens show the balance in the header's user menu.
      await expect
        .poll(
          async () => {
            await header.getByRole('button', { name: username }).click()
            const item = page.getByRole('menuitem', { name: /^Balance: / })
            const text = await item.textContent()
            await page.keyboard.press('Escape')
            return text
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toBe(`Balance: ${shown}`)
    }
  })

  it('refills a completed order: asked first, then its status in the row and in the detail card', async () => {
    await expect
      .poll(async () => (await orders(token)).find((order) => order.id === refillableId)?.status, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe('completed')
    const recent = page.getByRole('grid', { name: 'Your Recent Orders' })
    const refillButton = recent.getByRole('button', { name: `Refill order ${refillableId}` })
    // The completed status (and with it the button) comes with the live updates, without a reload. The order
    // is older than the list's first page once the steps above have placed theirs: Load more brings it.
    const loadMore = page.getByRole('button', { name: 'Load more' })
    await expect
      .poll(
        async () => {
          if (await refillButton.isVisible()) return true
          if (await loadMore.isVisible()) await loadMore.click()
          return refillButton.isVisible()
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true)
    await refillButton.click()
    const dialog = page.getByRole('alertdialog', { name: 'Request a refill of this order?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Request Refill' }).click()
    await page.getByText('Refill requested: the provider is asked to top up this order.').first().waitFor()
    // The account's only premium_followers order.
    const row = recent
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'PREMIUM FOLLOWERS' }) })
    await row.getByText(/^Refill (pending|in progress)$/).waitFor()
    await expect.poll(() => refillButton.count(), { timeout: 5_000 }).toBe(0)

    const card = page.getByRole('dialog', { name: `Order ${refillableId} details` })
    // The list is read again as the refill's live update arrives, which may land under the first press.
    await expect
      .poll(
        async () => {
          if (!(await card.isVisible())) await row.getByRole('button', { name: 'PREMIUM FOLLOWERS' }).click()
          return card.isVisible()
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true)
    await card.getByText(/^(Pending|In progress)$/).waitFor()
    await card.getByText('Refill requested').waitFor()
    await card.getByText('Refill available until').waitFor()
    await page.keyboard.press('Escape')
    // The server has the same refill, asked of the provider.
    const [listed] = (
      await api<{ id: string; refill: { status: string } | null }[]>(token, '/api/orders/get?limit=100')
    ).filter((order) => order.id === refillableId)
    expect(['pending', 'in_progress']).toContain(listed?.refill?.status)
  })

  it('shows a failed deposit as failed: no plus sign, not the credit colour', async () => {
    await page.goto('/wallet')
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('7.50')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Fail' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    const table = page.getByRole('grid', { name: 'Transactions' })
    const failed = table.getByText('$7.50', { exact: true }).first()
    // Polled by the rows' text, so that a failure shows what the list held (the list loads after the page's
    // scripts).
    await expect
      .poll(() => table.locator('[role=row]').allTextContents(), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/Deposit.*(?<![+\d])\$7\.50(?!\d).*Failed/))
    await failed.waitFor()
    expect(await table.getByText('+$7.50', { exact: true }).count()).toBe(0)
    // The completed deposit of the history is a credit, in the credit colour; the failed one is not.
    const credit = table.getByText('+$40.00', { exact: true }).first()
    const colour = (element: typeof failed) => element.evaluate((node) => getComputedStyle(node).color)
    expect(await colour(failed)).not.toBe(await colour(credit))
  })

  it('shows dates on the clock of the timezone chosen in Settings', async () => {
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await choose(page.getByRole('main'), 'Timezone', 'PST')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Your information has been saved').waitFor()

    // The history's deposit, as the server keeps it (UTC), read on the Pacific clock.
    const { transactions } = await api<{ transactions: { date: string; amount: number; type: string }[] }>(
      token,
      '/api/wallet/transactions',
    )
    const deposit = transactions.find((entry) => entry.type === 'deposit' && entry.amount === 40)
    if (!deposit) throw new Error('The history has no $40 deposit')
    const onTheClockOf = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hour12: true,
        timeZoneName: 'short',
      }).format(new Date(deposit.date))
    const pacific = onTheClockOf('America/Los_Angeles')
    expect(pacific).toMatch(/ P[SD]T$/)
    expect(pacific.slice(0, -4)).not.toBe(onTheClockOf('UTC').slice(0, -4))

    await page.goto('/wallet')
    const row = page
      .getByRole('grid', { name: 'Transactions' })
      .getByRole('row')
      .filter({ hasText: '+$40.00' })
      .first()
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(pacific)
  })

  it('never scrolls a page sideways, /orders included', async () => {
    for (const path of ['/orders', '/dashboard', '/wallet', '/settings']) {
      await page.goto(path)
      await page.getByRole('main').waitFor()
      await page.waitForLoadState('networkidle')
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }))
      expect(widths.page, path).toBeLessThanOrEqual(widths.screen)
    }
  })

  it('opens a transaction in the wallet with a click on its row', async () => {
    await page.goto('/wallet')
    const table = page.getByRole('grid', { name: 'Transactions' })
    const row = table
      .getByRole('row')
      .filter({ hasText: /deposit/i })
      .first()
    const toggle = row.getByRole('button', { name: 'Details' })
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
    await row
      .getByText(/deposit/i)
      .first()
      .click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await page
      .getByLabel(/^Additional details of /)
      .first()
      .waitFor()
  })
})
