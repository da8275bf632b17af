import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../server/src/db/connect'
import {
  choose,
  failOnBrokenPages,
  launchBrowser,
  newVisitor,
  screenshotOnFailure,
  type Viewport,
} from './support/browser'

// A team in one workspace, as its people click it, on a wide screen and on a phone: the owner deposits and
// invites a member with a monthly limit and a viewer; each accepts the link from their mail; the member orders
// within the limit and is refused past it, the viewer is refused; the owner sees it all in the activity log.

const widths: { name: string; viewport: Viewport }[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]

const PASSWORD = 'correct horse battery'
const SPEND_LIMIT_REACHED = 'This order would take you past your monthly spend limit in this workspace'
const WORKSPACE_FORBIDDEN = 'Your role in this workspace does not allow this'

/** The invitation link in the newest mail the server kept for `email`. */
async function invitationPath(email: string): Promise<string> {
  const db = createDatabase({ dataDir: inject('dataDir') })
  try {
    let body = ''
    await expect
      .poll(async () => {
        const mail = await db
          .selectFrom('mail_outbox')
          .select('body')
          .where('to_address', '=', email)
          .orderBy('id', 'desc')
          .executeTakeFirst()
        body = mail?.body ?? ''
        return body
      })
      .toContain('/invitation/')
    return new URL(/https?:\/\/\S+\/invitation\/\S+/.exec(body)?.[0] ?? '').pathname
  } finally {
    await db.destroy()
  }
}

async function signUp(page: Page, email: string) {
  await page.goto('/auth?mode=signup')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await page.waitForURL('**/dashboard')
}

async function placeLikes(page: Page, link: string) {
  await page.goto('/dashboard')
  const orderForm = page.getByRole('form', { name: 'New order' })
  await choose(orderForm, 'Action Type', 'LIKES')
  await orderForm.getByLabel('Link').fill(link)
  await orderForm.getByLabel('Quantity').fill('100')
  await orderForm.getByRole('button', { name: 'Place Order' }).click()
}

async function invite(page: Page, email: string, role: string, limit?: string) {
  const form = page.getByRole('form', { name: 'Invite a member' })
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await choose(form, 'Role', role)
  if (limit !== undefined) await form.getByRole('textbox', { name: 'Monthly spend limit (USD)' }).fill(limit)
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await page.getByText(`Invitation sent to ${email}`).waitFor()
}

async function accept(page: Page, email: string) {
  await page.goto(await invitationPath(email))
  await page.getByRole('button', { name: 'Accept invitation' }).click()
  await page.getByText(/^You joined /).waitFor()
}

describe.each(widths)('a team on a $name ($viewport.width px)', ({ name, viewport }) => {
  const stamp = `${name}-${Date.now()}`
  const owner = `team-owner-${stamp}@example.com`
  const member = `team-member-${stamp}@example.com`
  const viewer = `team-viewer-${stamp}@example.com`
  let browser: Browser
  let ownerPage: Page
  let memberPage: Page
  let viewerPage: Page
  const pages = failOnBrokenPages()

  beforeAll(async () => {
    browser = await launchBrowser()
    ownerPage = await (await newVisitor(browser, viewport)).newPage()
    memberPage = await (await newVisitor(browser, viewport)).newPage()
    viewerPage = await (await newVisitor(browser, viewport)).newPage()
    for (const page of [ownerPage, memberPage, viewerPage]) pages.watch(page)
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach((test) => {
    for (const [who, page] of [
      ['owner', ownerPage],
      ['member', memberPage],
      ['viewer', viewerPage],
    ] as const) {
      screenshotOnFailure(page, `team-${name}-${who}-${test.task.name}`)
    }
  })

  it('the owner deposits and invites a member with a monthly limit and a viewer', async () => {
    await signUp(ownerPage, owner)
    await ownerPage.goto('/wallet')
    const deposit = ownerPage.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('10')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await ownerPage.waitForURL('**/sandbox/pay/**')
    await ownerPage.getByRole('button', { name: 'Pay' }).click()
    await ownerPage.waitForURL((url) => url.pathname === '/wallet')

    await ownerPage.goto('/settings?tab=team')
    // likes cost $0.09 a hundred: the member's $0.15 covers one order of 100 and not two.
    await invite(ownerPage, member, 'Member', '0.15')
    await invite(ownerPage, viewer, 'Viewer')
    const invitations = ownerPage.getByRole('grid', { name: 'Invitations' })
    await expect.poll(() => invitations.getByText('Pending').count()).toBe(2)
  })

  it('the member accepts, orders within the limit and is refused past it', async () => {
    await signUp(memberPage, member)
    await accept(memberPage, member)
    // Two workspaces now: the switcher in the top bar shows the owner's, where the session acts.
    const switcher = memberPage.getByRole('combobox', { name: 'Workspace' })
    await memberPage.goto('/dashboard')
    await expect
      .poll(() => switcher.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text))
      .toBe(owner.split('@')[0])
    await placeLikes(memberPage, `https://www.instagram.com/p/team-${stamp}-1/`)
    await memberPage.getByText('Order placed successfully!').waitFor()
    await placeLikes(memberPage, `https://www.instagram.com/p/team-${stamp}-2/`)
    await memberPage.getByText(SPEND_LIMIT_REACHED).first().waitFor()
  })

  it('the viewer accepts and cannot order', async () => {
    await signUp(viewerPage, viewer)
    await accept(viewerPage, viewer)
    await placeLikes(viewerPage, `https://www.instagram.com/p/team-${stamp}-3/`)
    await viewerPage.getByText(WORKSPACE_FORBIDDEN).first().waitFor()
  })

  it('the owner sees who did what in the activity log, and filters it', async () => {
    await ownerPage.goto('/settings?tab=team')
    const log = ownerPage.getByRole('grid', { name: 'Activity' })
    const placed = log.getByRole('row').filter({ hasText: 'Placed an order' })
    await expect.poll(() => placed.count()).toBe(1)
    await expect.poll(() => placed.first().textContent()).toContain(member)
    for (const person of [member, viewer]) {
      await expect
        .poll(() => log.getByRole('row').filter({ hasText: 'Joined' }).filter({ hasText: person }).count())
        .toBe(1)
    }
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'Invited a member' }).count()).toBe(2)
    await choose(ownerPage.locator('main'), 'What', 'Placed an order')
    await expect.poll(() => log.getByRole('row').filter({ hasText: member }).count()).toBe(1)
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'Joined' }).count()).toBe(0)
  })
})
