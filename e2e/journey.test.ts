import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
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
  usdAsShown,
} from './support/browser'

// A customer's whole journey through the panel, as they would click it, once on a wide screen and once on a
// phone: each width signs up its own account on the same server. The steps depend on each other (an order
// needs the deposit before it), so they run in order and share one page.

const widths: { name: string; viewport: Viewport }[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]

const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'staple battery horse correct'

/** The signed-in user as GET /api/user/me answers, with the page's stored token. */
function currentUser(page: Page): Promise<{ username: string; email: string; balance: number }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
    })
    return (await response.json()) as { username: string; email: string; balance: number }
  })
}

/** The id of the user's newest order (GET /api/orders/get lists newest first). */
function newestOrderId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/orders/get?limit=1', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
    })
    const [order] = (await response.json()) as { id: string | number }[]
    return String(order?.id)
  })
}

function storedSession(page: Page) {
  return page.evaluate(() => ({
    authToken: localStorage.getItem('authToken'),
    sessionId: localStorage.getItem('sessionId'),
  }))
}

describe.each(widths)('the customer journey on a $name ($viewport.width px)', ({ name, viewport }) => {
  const email = `journey-${name}-${Date.now()}@example.com`
  const link = `https://www.instagram.com/p/e2e-${name}/`
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const pages = failOnBrokenPages()

  beforeAll(async () => {
    browser = await launchBrowser()
    context = await newVisitor(browser, viewport)
    page = await context.newPage()
    pages.watch(page)
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach((test) => {
    screenshotOnFailure(page, `${name}-${test.task.name}`)
  })

  it('shows the landing page, with the pricing grid, on an unknown path', async () => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Social media engagement, ordered in minutes')
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).count()).toBeGreaterThan(0)
  })

  it("names the operator's support contacts and hours on the public pages, the ones customers see", async () => {
    const methods = (await (await fetch(`${baseUrl()}/api/contact-methods`)).json()) as {
      icon: string
      text: string
      url: string | null
    }[]
    const mail = methods.find((method) => method.icon === 'mail')
    if (!mail?.url) throw new Error('The seeded contact methods have no support mailbox')
    for (const path of ['/', '/privacy']) {
      const response = await page.goto(path)
      // In the server's HTML already, before any script has run.
      expect(await response?.text()).toContain(mail.url)
      const contact = page.getByRole('contentinfo').getByRole('navigation', { name: 'Contact' })
      expect(await contact.getByRole('link', { name: 'Email support' }).getAttribute('href')).toBe(mail.url)
      expect(await page.content()).not.toContain('support@example.com')
    }
    await page.goto('/')
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor()
    expect(await page.getByText(`Support ${mail.text}`).count()).toBeGreaterThan(0)
    expect(await page.getByText(/24\/7/).count()).toBe(0)
  })

  it('sends a signed-out visitor of a signed-in page to /auth, forgetting any stored session', async () => {
    await page.evaluate(() => {
      localStorage.setItem('sessionId', 'left over')
    })
    await page.goto(`/dashboard?service=likes&link=${encodeURIComponent(link)}&quantity=150`)
    await page.waitForURL('**/auth')
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeTruthy()
    expect(await storedSession(page)).toEqual({ authToken: null, sessionId: null })
  })

  it('signs up and returns to the page asked for, with the deep link prefilling the order form', async () => {
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click()
    await page.getByRole('heading', { name: 'Sign Up', level: 1 }).waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()

    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('link') === link)
    const session = await storedSession(page)
    expect(session.authToken).toBeTruthy()
    expect(session.sessionId).toBeTruthy()
    const orderForm = page.getByRole('form', { name: 'New order' })
    await expect.poll(() => orderForm.getByLabel('Link').inputValue()).toBe(link)
    expect(await orderForm.getByLabel('Quantity').inputValue()).toBe('150')
    await expect
      .poll(() => shownOption(orderForm.getByRole('combobox', { name: 'Action Type' })))
      .toBe('LIKES')
  })

  it('shows the dashboard with the account', async () => {
    // Counted from here: no call of the page before may still be on its way.
    await page.waitForLoadState('networkidle')
    // Who sent each call for the user and the service list: the script at the top of the call's stack.
    const senders = new Map<string, string[]>()
    const devtools = await page.context().newCDPSession(page)
    await devtools.send('Network.enable')
    devtools.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const { pathname } = new URL(request.url)
      if (pathname !== '/api/user/me' && pathname !== '/api/get-services') return
      const frame = initiator.stack?.callFrames[0]
      senders.set(pathname, [...(senders.get(pathname) ?? []), frame ? new URL(frame.url).pathname : '?'])
    })
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await page.getByText(email).first().waitFor()
    await page.getByRole('tab', { name: 'New' }).waitFor()
    await expect.poll(() => page.getByRole('combobox', { name: 'Action Type' }).isEnabled()).toBe(true)
    await devtools.detach()
    // The page came rendered for the session, with the user's data and the order form's service list in it:
    // no call for either.
    expect(Object.fromEntries(senders)).toEqual({})
  })

  it("shows a signed-in visitor's menu on the landing page once its scripts, asked for after the first paint, have run", async () => {
    const { username } = await currentUser(page)
    await page.goto('/')
    // The prerendered page paints from its HTML; the account menu needs the hydrated page and the user's data.
    await page.getByRole('button', { name: username }).click()
    await page.getByRole('menuitem', { name: 'Dashboard' }).click()
    await page.waitForURL('**/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  })

  it('deposits through the sandbox checkout and comes back to the wallet with the balance', async () => {
    await page.goto('/wallet')
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('50')
    await deposit.getByRole('button', { name: 'Deposit' }).click()

    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Pay' }).click()

    await page.waitForURL((url) => url.pathname === '/wallet')
    // The banner says what the wallet found, step by step (checking, then the deposit's status): polled by its
    // text, a failure shows where it stopped. The steps are in turn (the page's scripts, the balance, the later
    // pages' calls, the status), so on a busy machine they are given longer than one action's wait.
    await expect
      .poll(() => page.locator('[role=status], [role=alert]').allTextContents(), { timeout: 30_000 })
      .toContainEqual(
        expect.stringContaining('Payment of $50.00 was successful! Your balance has been updated.'),
      )
    // The return's parameters are gone from the address once read.
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await expect.poll(() => currentUser(page).then((user) => user.balance)).toBe(50)
    await page.getByText('$50.00').first().waitFor()
  })

  it('places a single order with its live total and success message', async () => {
    await page.goto('/dashboard')
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'LIKES')
    await orderForm.getByLabel('Link').fill(link)
    await orderForm.getByLabel('Quantity').fill('100')
    // likes cost $0.90 per 1,000: 100 of them $0.0900.
    await expect.poll(() => orderForm.locator('output').textContent()).toBe('$0.0900')
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText('Order placed successfully!').waitFor()
  })

  it('shows the order completed once the provider has delivered it', async () => {
    await page.goto('/orders')
    await expect
      .poll(
        async () => {
          await page.reload()
          const completed = page.getByText(/^completed$/i)
          await completed
            .first()
            .waitFor({ timeout: 3_000 })
            .catch(() => undefined)
          return completed.count()
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBeGreaterThan(0)
  })

  it('places a mass order', async () => {
    await page.goto('/dashboard')
    await page.getByRole('tab', { name: 'Mass' }).click()
    const item = page.getByRole('form', { name: 'Mass order item' })
    await choose(item, 'Action Type', 'VIEWS')
    await item.getByLabel('Quantity').fill('200')
    await item.getByLabel('URL').fill(`https://www.youtube.com/watch?v=e2e-${name}`)
    await item.getByRole('button', { name: 'Add Another Service' }).click()
    await page.getByRole('list', { name: 'Queued services' }).getByRole('listitem').first().waitFor()
    await page.getByRole('button', { name: 'Place Mass Order' }).click()
    await page.getByText('Mass Orders placed successfully!').waitFor()
  })

  it('subscribes to likes every day', async () => {
    await page.goto('/dashboard')
    await page.getByRole('tab', { name: 'Subscriptions' }).click()
    const subscription = page.getByRole('form', { name: 'Subscription' })
    await choose(subscription, 'Action Type', 'LIKES')
    // likes are sold from 10 at a time.
    await subscription.getByLabel('Quantity per Period').fill('50')
    await subscription.getByLabel('Target URL').fill(link)
    await subscription.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByText('Subscription created and initial order placed successfully!').waitFor()
  })

  it('cancels an order and sees the refund in the wallet', async () => {
    const balanceBefore = (await currentUser(page)).balance
    await page.goto('/dashboard')
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'FOLLOWERS')
    await orderForm.getByLabel('Link').fill(`https://x.com/e2e_${name}`)
    await orderForm.getByLabel('Quantity').fill('1000')
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText('Order placed successfully!').first().waitFor()
    const balanceCharged = (await currentUser(page)).balance
    expect(balanceCharged).toBeLessThan(balanceBefore)
    const orderId = await newestOrderId(page)

    await page.goto('/orders')
    await page.getByRole('button', { name: `Cancel order ${orderId}` }).click()
    await page.getByText('Are you sure you want to cancel this order?').waitFor()
    await page.getByRole('button', { name: 'Cancel Order', exact: true }).click()
    // Cancelled at once while the provider has not been asked yet; else the provider is asked to stop it.
    await page
      .getByText(/^(Order cancelled successfully|Cancellation requested: .*)$/)
      .first()
      .waitFor()

    // What the provider had not delivered yet comes back: all of it while pending, the rest once started.
    await expect
      .poll(() => currentUser(page).then((user) => user.balance), { timeout: 30_000 })
      .toBeGreaterThan(balanceCharged)
    const { balance } = await currentUser(page)
    await page.goto('/wallet')
    await page.getByText(usdAsShown(balance)).first().waitFor()
    await page.getByText('Refund', { exact: true }).first().waitFor()
  })

  it('creates an AI setting through the provider wizard, with the models of the provider', async () => {
    await page.goto('/dashboard')
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'AI COMMENTS')
    await orderForm.getByRole('button', { name: 'AI Settings' }).click()
    const picker = page.getByRole('dialog', { name: 'Select one AI setting for this order' })
    await picker.getByRole('button', { name: 'Add New' }).click()

    // The provider step opens over the picker; its radio inputs sit under their styled labels.
    await page.getByText('chat and reasoner', { exact: true }).click()
    expect(await page.getByRole('radio', { name: 'DeepSeek chat and reasoner' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: 'API Key' }).fill('sk-e2e-deepseek')
    await page.getByRole('button', { name: 'Fetch Models' }).click()
    // The models come from the (fake) provider, asked with the key just typed.
    const modelForm = page.getByRole('form', { name: 'Model' })
    await choose(modelForm, 'Model', 'deepseek-reasoner')
    await modelForm.getByRole('button').last().click()

    await picker.getByText('New AI Settings').waitFor()
    await picker.getByRole('button', { name: 'Done' }).click()
    await orderForm.getByText('AI setting: New AI Settings').waitFor()

    await page.goto('/settings?tab=ai')
    const newSetting = page.getByRole('row').filter({ hasText: 'New AI Settings' })
    await newSetting.getByText('deepseek-reasoner').waitFor()
  })

  it("writes an AI order's comments with that setting and shows them in the order's details", async () => {
    await page.goto('/dashboard')
    const orderForm = page.getByRole('form', { name: 'New order' })
    await choose(orderForm, 'Action Type', 'AI COMMENTS')
    await orderForm.getByRole('button', { name: 'AI Settings' }).click()
    const picker = page.getByRole('dialog', { name: 'Select one AI setting for this order' })
    await picker.getByText('New AI Settings').click()
    await picker.getByRole('button', { name: 'Done' }).click()
    await orderForm.getByText('AI setting: New AI Settings').waitFor()
    await orderForm.getByLabel('Link').fill(`https://x.com/engage/status/e2e-ai-${name}`)
    await orderForm.getByLabel('Quantity').fill('3')
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText('Order placed successfully!').waitFor()

    // The worker asks the (fake) provider for three comments with the setting's key and model, then sends the
    // order upstream; the orders page shows them in the order's detail card once written.
    await page.goto('/orders')
    await expect
      .poll(
        async () => {
          await page.reload()
          await page.getByRole('button', { name: 'AI COMMENTS' }).first().click()
          const card = page.getByRole('dialog', { name: /^Order \d+ details$/ })
          const texts = card.getByRole('region', { name: 'Generated comments' }).getByRole('listitem')
          await texts
            .first()
            .waitFor({ timeout: 3_000 })
            .catch(() => undefined)
          return texts.count()
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(3)
  })

  it('changes the password', async () => {
    await page.goto('/auth?mode=change')
    await page.getByRole('heading', { name: 'Change Password', level: 1 }).waitFor()
    await page.getByLabel('Current Password').fill(PASSWORD)
    await page.getByLabel('New Password').fill(NEW_PASSWORD)
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Change Password' }).click()
    // A successful change goes to the dashboard after 2 s.
    await page.waitForURL('**/dashboard')
  })

  it('logs out from the user menu, with the keyboard', async () => {
    const { username } = await currentUser(page)
    // React Aria's keyboard handling: Enter opens the menu on its first item, the arrow keys move, typing jumps to an item, Enter picks it.
    await page.getByRole('banner').getByRole('button', { name: username }).focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    const items = await menu.getByRole('menuitem').allTextContents()
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent?.trim())
    await expect.poll(focusedItem).toBe(items[0]?.trim())
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedItem).toBe(items[1]?.trim())
    await page.keyboard.type('Log')
    await expect.poll(focusedItem).toBe('Logout')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/')
    expect(await storedSession(page)).toEqual({ authToken: null, sessionId: null })
  })

  it('logs in with the new password and goes to the dashboard', async () => {
    await page.goto('/auth')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  })

  it('signs up with Google in a popup and starts at the wallet', async () => {
    await page.waitForLoadState('networkidle')
    const sessionCalls: string[] = []
    // Only what the /logout page asks (the page before it may still have a call on its way).
    const recordSessionCall = (request: Request) => {
      const { pathname } = new URL(request.url())
      const fromLogout = new URL(request.frame().url()).pathname === '/logout'
      if (fromLogout && (pathname === '/api/user/me' || pathname === '/api/logout')) {
        sessionCalls.push(`${request.method()} ${pathname}`)
      }
    }
    page.on('request', recordSessionCall)
    await page.goto('/logout')
    await page.waitForURL((url) => url.pathname === '/')
    page.off('request', recordSessionCall)
    // /logout ends the session and asks for no user data: an answer to such a call arriving after the session
    // ended would log out and reload the page, cancelling wherever the visitor went next.
    expect(sessionCalls).toEqual(['POST /api/logout'])
    await page.goto('/auth')
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign in with Google' }).click(),
    ])
    // The (fake) Google consent page: the account to sign in with, then Continue.
    await popup.getByRole('textbox', { name: 'Email' }).fill(`google-${name}-${Date.now()}@example.com`)
    // The callback page posts the session to this page and closes itself.
    const popupClosed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Continue' }).click({ noWaitAfter: true })
    await popupClosed

    await page.getByText('Signed in with Google. Redirecting...').waitFor()
    await page.waitForURL((url) => url.pathname === '/wallet')
    expect((await storedSession(page)).authToken).toBeTruthy()
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor()
  })
})
