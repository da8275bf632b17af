import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  choose,
  failOnBrokenPages,
  launchBrowser,
  screenshotOnFailure,
  shownOption,
  watchPage,
} from './support/browser'
import { goInApp, openConsole, startDemoServer, type DemoServer } from './support/demoServer'

// The operator console end to end: the demo operator signs in, opens /admin, is led to set up two-factor
// sign-in (operators must have it; the code is computed here from the secret shown), changes a service's rate, and a
// visitor's pricing grid on the landing page shows the new rate; a customer who opens /admin is refused.
// This file starts its own server (a fresh SQLite database, the built panel) so that the rate it changes
// cannot move the prices the customer journey of the shared server expects.

const PASSWORD = 'correct horse battery'
const viewport = { width: 1280, height: 800 }

let server: DemoServer
let operator: DemoServer['operator']
let browser: Browser
const pages = failOnBrokenPages()

beforeAll(async () => {
  server = await startDemoServer()
  operator = server.operator
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: server.url })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  pages.watch(page)
  return { context, page, errors: watchPage(page).errors }
}

/** The price on the landing page's pricing card of a service ('Likes' → '$1.20'). */
async function landingPrice(page: Page, title: string): Promise<string | null> {
  const card = page.locator('li').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
  return card.getByText(/^\$[\d,.]+$/).textContent()
}

describe('the operator console', () => {
  let operatorPage: Page
  let operatorErrors: string[]

  beforeAll(async () => {
    ;({ page: operatorPage, errors: operatorErrors } = await newPage())
  })

  beforeEach((test) => {
    screenshotOnFailure(operatorPage, `admin-${test.task.name}`)
  })

  it('lets the demo operator sign in and open /admin once two-factor sign-in is set up', async () => {
    await openConsole(operatorPage, operator, async () => {
      // The console stays closed until the operator has two-factor sign-in.
      expect(await operatorPage.getByRole('navigation', { name: 'Operator console' }).count()).toBe(0)
    })
    const navigation = operatorPage.getByRole('navigation', { name: 'Operator console' })
    expect(await navigation.getByRole('link').allTextContents()).toEqual([
      'Services',
      'Providers',
      'Users',
      'Orders',
      'Payments',
      'Tickets',
      'Reports',
      'Updates and contact',
      'Affiliates',
      'Jobs',
      'Audit log',
    ])
    expect(await operatorPage.title()).toBe('Services | Operator console | Engage Panel')
  })

  it("changes a service's rate, and a visitor's pricing grid shows it", async () => {
    const before = await newPage()
    await before.page.goto('/')
    const oldPrice = await landingPrice(before.page, 'Likes')
    expect(oldPrice).toMatch(/^\$/)
    await before.context.close()

    await operatorPage.getByRole('button', { name: 'Edit likes' }).click()
    const dialog = operatorPage.getByRole('dialog', { name: 'Edit likes' })
    const rate = dialog.getByRole('textbox', { name: /Rate per 1,000/ })
    await rate.fill('7.77')
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('End-to-end price change')
    await dialog.getByRole('button', { name: 'Save service' }).click()
    await operatorPage.getByText('likes saved').waitFor()
    const row = operatorPage
      .getByRole('row')
      .filter({ has: operatorPage.getByText('likes', { exact: true }) })
    await row.getByText('$7.77').waitFor()

    const visitor = await newPage()
    await visitor.page.goto('/')
    await expect.poll(() => landingPrice(visitor.page, 'Likes')).toBe('$7.77')
    expect(oldPrice).not.toBe('$7.77')
    expect(visitor.errors).toEqual([])
    await visitor.context.close()

    // The change is in the audit log with its reason.
    await operatorPage.getByRole('link', { name: 'Audit log' }).click()
    await operatorPage.waitForURL('**/admin/audit')
    const entry = operatorPage.getByRole('row').filter({ hasText: 'service.update' }).first()
    await entry.getByText('End-to-end price change').waitFor()
    expect(operatorErrors).toEqual([])
  })

  it('saves an update once when Save is pressed twice, and the Updates table lists it', async () => {
    const navigation = operatorPage.getByRole('navigation', { name: 'Operator console' })
    await navigation.getByRole('link', { name: 'Updates and contact', exact: true }).click()
    await operatorPage.getByRole('button', { name: 'Add update' }).click()
    const form = operatorPage.getByRole('form', { name: 'Add update' })
    const title = `End-to-end update ${Date.now()}`
    await form.getByRole('textbox', { name: 'Title' }).fill(title)
    await form.getByRole('textbox', { name: 'Text' }).fill('Saved by the operator journey.')
    // Two presses in a row, before the first answer: one update, not two.
    await form.getByRole('button', { name: 'Save update' }).dblclick()
    await operatorPage.getByText(`“${title}” added`).waitFor()
    await operatorPage.waitForLoadState('networkidle')
    await operatorPage.getByRole('grid', { name: 'Updates' }).getByText(title).waitFor()
    expect(await form.count()).toBe(0)
    expect(await operatorPage.getByRole('grid', { name: 'Updates' }).getByText(title).count()).toBe(1)
    expect(operatorErrors).toEqual([])
  })

  it('saves a contact method and an edit of it, closing the dialog once each', async () => {
    await operatorPage.getByRole('button', { name: 'Add contact method' }).click()
    const form = operatorPage.getByRole('form', { name: 'Add contact method' })
    const title = `End-to-end contact ${Date.now()}`
    await form.getByRole('textbox', { name: 'Title' }).fill(title)
    await form.getByRole('textbox', { name: /^Contact/ }).fill('@EndToEndBot')
    await form.getByRole('textbox', { name: /^Link/ }).fill('https://t.me/EndToEndBot')
    await form.getByRole('button', { name: 'Save contact method' }).click()
    await operatorPage.getByText(`“${title}” added`).waitFor()
    const table = operatorPage.getByRole('grid', { name: 'Contact methods' })
    await table.getByText(title).waitFor()
    expect(await form.count()).toBe(0)
    expect(await table.getByText(title).count()).toBe(1)

    await operatorPage.getByRole('button', { name: `Edit ${title}` }).click()
    const edit = operatorPage.getByRole('form', { name: 'Edit contact method' })
    await edit.getByRole('textbox', { name: 'Text' }).fill('Everyday, 9 AM to 5 PM')
    await edit.getByRole('button', { name: 'Save contact method' }).click()
    await operatorPage.getByText(`“${title}” saved`).waitFor()
    await table.getByText('@EndToEndBot · Everyday, 9 AM to 5 PM').waitFor()
    expect(await edit.count()).toBe(0)
    expect(operatorErrors).toEqual([])
  })

  it("adjusts a customer's balance and shows the new balance", async () => {
    const email = `admin-e2e-balance-${Date.now()}@example.com`
    const signUp = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(signUp.status).toBe(200)
    const navigation = operatorPage.getByRole('navigation', { name: 'Operator console' })
    await navigation.getByRole('link', { name: 'Users', exact: true }).click()
    await operatorPage.getByRole('button', { name: `Open ${email}` }).click()
    await operatorPage.getByRole('heading', { level: 3, name: email }).waitFor()
    await operatorPage.getByRole('button', { name: 'Adjust balance' }).click()
    const form = operatorPage.getByRole('form', { name: 'Adjust balance' })
    await form.getByRole('textbox', { name: 'Amount (USD)' }).fill('12.50')
    await form.getByRole('textbox', { name: 'Reason' }).fill('End-to-end goodwill credit')
    await form.getByRole('button', { name: 'Adjust balance' }).click()
    await operatorPage
      .getByText(`Balance of ${email} adjusted by +$12.50. New balance: $12.50`)
      .first()
      .waitFor()
    await operatorPage.getByRole('button', { name: `Close ${email}` }).click()
  })

  it('opens every section, a user and the role filter, without an error in the browser', async () => {
    const navigation = operatorPage.getByRole('navigation', { name: 'Operator console' })
    for (const name of await navigation.getByRole('link').allTextContents()) {
      const link = navigation.getByRole('link', { name, exact: true })
      await link.click()
      await expect.poll(() => link.getAttribute('aria-current')).toBe('page')
      await operatorPage.getByRole('heading', { level: 2 }).first().waitFor()
      await operatorPage.waitForLoadState('networkidle')
    }

    await navigation.getByRole('link', { name: 'Users', exact: true }).click()
    await operatorPage.getByRole('button', { name: `Open ${operator.email}` }).click()
    await operatorPage.getByRole('heading', { level: 3, name: operator.email }).waitFor()
    await operatorPage.getByRole('grid', { name: `Ledger of ${operator.email}` }).waitFor()
    await operatorPage.getByRole('button', { name: `Close ${operator.email}` }).click()
    await choose(operatorPage.locator('body'), 'Role', 'Admin')
    expect(await shownOption(operatorPage.getByRole('combobox', { name: 'Role' }))).toBe('Admin')
    await operatorPage.getByRole('button', { name: 'Search', exact: true }).click()
    await operatorPage.getByRole('button', { name: `Open ${operator.email}` }).waitFor()
    expect(operatorErrors).toEqual([])
  })

  it('refuses a customer who opens /admin', async () => {
    const customer = await newPage()
    screenshotOnFailure(customer.page, 'admin-customer')
    await customer.page.goto('/auth')
    await customer.page.getByRole('link', { name: "Don't have an account? Sign up" }).click()
    await customer.page.getByLabel('Email').fill(`admin-e2e-customer-${Date.now()}@example.com`)
    await customer.page.getByLabel('Password').fill(PASSWORD)
    await customer.page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await customer.page.waitForURL('**/dashboard')

    await goInApp(customer.page, '/admin/users')
    await customer.page.getByRole('heading', { level: 2, name: 'Operator access required' }).waitFor()
    expect(await customer.page.getByRole('navigation', { name: 'Operator console' }).count()).toBe(0)
    expect(await customer.page.getByRole('grid').count()).toBe(0)
    // The API says the same to the customer's token.
    const status = await customer.page.evaluate(async () => {
      const response = await fetch('/api/admin/users', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
      })
      return response.status
    })
    expect(status).toBe(403)
    await customer.context.close()
  })

  it('serves the console when /admin is loaded from the address bar', async () => {
    await operatorPage.goto('/admin/orders')
    await operatorPage.getByRole('heading', { level: 2, name: 'Orders' }).waitFor()
    expect(await operatorPage.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page')
  })
})
