import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/src/config'
import { createDatabase, type Db } from '../server/src/db/connect'
import type { Logger } from '../server/src/logger'
import { startServer, type RunningServer } from '../server/src/main'
import { secretOfUri, totpCode } from './support/totp'
import { failOnBrokenPages, launchBrowser, shownOption, watchPage } from './support/browser'

// Support tickets end to end, once on a wide screen and once on a phone: the demo customer opens a ticket
// about one of their orders from /support, the demo operator answers it in the console's Tickets section, the
// customer sees it answered with the reply, and the mail outbox holds both mails (support's, with the console's
// link, and the customer's, with the ticket's). The file starts its own server on a fresh SQLite database, as
// the console's file does: the demo seed prints the accounts' passwords through the logger, and the outbox is
// read from the database file.

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]

let server: RunningServer
let dataDir: string
let db: Db
let browser: Browser
let operatorContext: BrowserContext
const accounts = new Map<string, { email: string; password: string }>()
const pages = failOnBrokenPages()

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL('**/dashboard')
}

function account(role: 'operator' | 'customer') {
  const found = accounts.get(role)
  if (!found) throw new Error(`The demo seed printed no ${role} account`)
  return found
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'engage-e2e-support-'))
  const logger: Logger = {
    info: (message) => {
      const match = /^Demo (operator|customer): (\S+) \/ (\S+)$/.exec(message)
      if (match?.[1] && match[2] && match[3]) accounts.set(match[1], { email: match[2], password: match[3] })
    },
    warn: (message, fields) => console.warn(`[server] ${message}`, fields ?? ''),
    error: (message, fields) => console.error(`[server] ${message}`, fields ?? ''),
  }
  server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1' }),
    logger,
  )
  db = createDatabase({ dataDir })
  browser = await launchBrowser()

  // The operator signs in once and sets up two-factor sign-in, which the console asks for first.
  operatorContext = await browser.newContext({ viewport: widths[0]?.viewport, baseURL: server.url })
  operatorContext.setDefaultTimeout(15_000)
  const page = await operatorContext.newPage()
  pages.watch(page)
  await signIn(page, account('operator'))
  await page.goto('/admin/tickets')
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  const uri = await page.locator('code').filter({ hasText: 'otpauth://' }).textContent()
  await page.getByLabel('Code from your app').fill(totpCode(secretOfUri(uri ?? ''), Date.now()))
  await page.getByRole('button', { name: 'Confirm and turn on' }).click()
  await page.getByRole('button', { name: 'I have saved these codes' }).click()
  await page.getByRole('heading', { name: 'Support tickets' }).waitFor()
  await page.close()
})

afterAll(async () => {
  await browser?.close()
  await db?.destroy()
  await server?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe.each(widths)('a support ticket on a $name ($viewport.width px)', ({ name, viewport }) => {
  let customer: Page
  let customerErrors: string[]
  let token = ''
  let orderId = ''
  let ticketId = ''
  const subject = `Order help from the ${name}`

  beforeAll(async () => {
    const context = await browser.newContext({ viewport, baseURL: server.url })
    context.setDefaultTimeout(15_000)
    customer = await context.newPage()
    pages.watch(customer)
    customerErrors = watchPage(customer).errors
    await signIn(customer, account('customer'))
    token = (await customer.evaluate(() => localStorage.getItem('authToken'))) ?? ''
    const response = await fetch(`${server.url}/api/orders/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        service_type: 'likes',
        target_url: `https://www.instagram.com/p/support-${name}-${Date.now()}/`,
        quantity: 100,
      }),
    })
    expect(response.status).toBe(201)
    orderId = String(((await response.json()) as { id: string }).id)
  })

  it('lets the customer open a ticket about the order from the Support page', async () => {
    // Where the order card's "Get help with this order" leads: the form, with the order chosen.
    await customer.goto(`/support?order=${orderId}`)
    await customer.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
    const form = customer.getByRole('form', { name: 'New ticket' })
    const order = form.getByRole('combobox', { name: 'Order (optional)' })
    await expect.poll(() => shownOption(order)).toContain(`#${orderId}`)
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject)
    await form.getByRole('textbox', { name: 'Message' }).fill('Hello,\nthe likes have not started yet.')
    await form.getByRole('button', { name: 'Open ticket' }).click()
    await customer.waitForURL(/\/support\/\d+$/)
    ticketId = /\/support\/(\d+)$/.exec(customer.url())?.[1] ?? ''
    await customer.getByRole('heading', { name: subject }).waitFor()
    await customer.getByText('Open', { exact: true }).waitFor()
    await customer.getByText(`Ticket #${ticketId} · about order #${orderId}`, { exact: false }).waitFor()
    expect(await customer.title()).toBe('Support | Engage Panel')
  })

  it('lets the operator answer it in the console', async () => {
    const page = await operatorContext.newPage()
    pages.watch(page)
    await page.setViewportSize(viewport)
    await page.goto('/admin/tickets')
    await page.getByRole('link', { name: `#${ticketId} ${subject}` }).click()
    await page.getByRole('heading', { name: `#${ticketId} ${subject}` }).waitFor()
    await page.getByRole('button', { name: 'Assign to me' }).click()
    await expect
      .poll(() => shownOption(page.getByRole('combobox', { name: 'Assignee' })))
      .toBe(account('operator').email)
    await page.getByRole('textbox', { name: 'Your reply' }).fill('Thanks! It starts within the hour.')
    await page.getByRole('button', { name: 'Send reply' }).click()
    await page.getByText('Answered', { exact: true }).waitFor()
    await page.close()
  })

  it('shows the customer the ticket answered with the reply, and both mails are in the outbox', async () => {
    await customer.reload()
    await customer.getByText('Answered', { exact: true }).waitFor()
    const messages = customer.getByRole('list', { name: 'Messages' }).getByRole('listitem')
    await expect.poll(() => messages.count()).toBe(2)
    await expect.poll(() => messages.nth(1).textContent()).toContain('Thanks! It starts within the hour.')
    await expect.poll(() => messages.nth(1).textContent()).toContain('Support')

    const ticketMails = () =>
      db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'body'])
        .where('subject', 'like', `%Ticket #${ticketId}:%`)
        .orderBy('id')
        .execute()
    // The reply reaches the customer as a notification, e-mailed by the server's worker.
    await expect.poll(async () => (await ticketMails()).length, { timeout: 15_000 }).toBe(2)
    const mails = await ticketMails()
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([
      ['support@engage-panel.example', `New ticket: Ticket #${ticketId}: ${subject}`],
      [account('customer').email, `Support replied: Ticket #${ticketId}: ${subject}`],
    ])
    // The links start with PUBLIC_URL, which this server (on a port chosen at start) leaves to its default.
    expect(mails[0]?.body).toMatch(new RegExp(`^http://\\S+/admin/tickets/${ticketId}$`, 'm'))
    expect(mails[1]?.body).toMatch(new RegExp(`^http://\\S+/support/${ticketId}$`, 'm'))
    expect(customerErrors).toEqual([])
  })
})
