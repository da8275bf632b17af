import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { failOnBrokenPages, launchBrowser, newVisitor, screenshotOnFailure } from './support/browser'
import { secretOfUri, totpCode } from './support/totp'

// Two-factor sign-in and the session list end to end, on the shared server: a customer turns two-factor
// sign-in on in Settings, signs out, signs in with a code computed here from the secret, then with a recovery
// code, and from Settings signs a second browser out at once.

const PASSWORD = 'correct horse battery'
const viewport = { width: 1280, height: 800 }

function meStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
    })
    return response.status
  })
}

/** The password step, which asks for the code. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor()
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/dashboard')
}

async function signOut(page: Page) {
  await page.goto('/logout')
  await page.waitForURL((url) => url.pathname === '/')
}

describe('two-factor sign-in and sessions', () => {
  const email = `two-factor-${Date.now()}@example.com`
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let secret = ''
  let recoveryCodes: string[] = []
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
    screenshotOnFailure(page, `two-factor-${test.task.name}`)
  })

  it('a customer turns it on in Settings and is shown ten recovery codes once', async () => {
    await page.goto('/auth?mode=signup')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.waitForURL('**/dashboard')

    await page.goto('/settings?tab=security')
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const uri = await page.locator('code').filter({ hasText: 'otpauth://' }).textContent()
    secret = secretOfUri(uri ?? '')
    await page.getByLabel('Code from your app').fill(totpCode(secret, Date.now()))
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    const list = page.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
    expect(recoveryCodes).toHaveLength(10)
    await page.getByRole('button', { name: 'I have saved these codes' }).click()
    await page.getByText('Two-factor sign-in is on. 10 recovery codes left.').waitFor()
  })

  it('signs in with a code from the authenticator after the password', async () => {
    await signOut(page)
    await passwordStep(page, email)
    // The set-up took this step's code, and a code is never taken twice: the next step's is used (the
    // server accepts one step either side).
    await codeStep(page, totpCode(secret, Date.now() + 30_000))
    expect(await meStatus(page)).toBe(200)
  })

  it('refuses a wrong code, then signs in with a recovery code', async () => {
    await signOut(page)
    await passwordStep(page, email)
    await page.getByLabel('Authentication code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('alert').filter({ hasText: 'That code is not valid' }).waitFor()
    await codeStep(page, recoveryCodes[0] ?? '')
  })

  it('lists the sessions and signs another browser out everywhere at once', async () => {
    const other = await newVisitor(browser, viewport)
    const otherPage = await other.newPage()
    pages.watch(otherPage)
    await passwordStep(otherPage, email)
    await codeStep(otherPage, recoveryCodes[1] ?? '')

    await page.goto('/settings?tab=security')
    const sessions = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem')
    await expect.poll(() => sessions.count()).toBe(2)
    await page.getByText('This device').waitFor()
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expect.poll(() => sessions.count()).toBe(1)
    expect(await meStatus(otherPage)).toBe(401)
    expect(await meStatus(page)).toBe(200)
    await other.close()
  })
})
