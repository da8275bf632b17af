import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { loadConfig } from '../../server/src/config'
import type { Logger } from '../../server/src/logger'
import { startServer } from '../../server/src/main'
import { freePort } from '../../scripts/free-port.mjs'
import { secretOfUri, totpCode } from './totp'

// A server of a test file's own (a fresh SQLite database, the built panel, the demo seed), for the files whose
// changes must not reach the shared server's journeys, or that need the demo operator: the seed prints the
// operator's one-time password through the logger, which is how the test learns it.

export interface DemoServer {
  url: string
  operator: { email: string; password: string }
  close: () => Promise<void>
}

export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'engage-e2e-demo-'))
  const accounts: { email: string; password: string }[] = []
  const logger: Logger = {
    info: (message) => {
      const match = /^Demo operator: (\S+) \/ (\S+)$/.exec(message)
      if (match?.[1] && match[2]) accounts.push({ email: match[1], password: match[2] })
    },
    warn: (message, fields) => console.warn(`[server] ${message}`, fields ?? ''),
    error: (message, fields) => console.error(`[server] ${message}`, fields ?? ''),
  }
  const server = await startServer(
    // A port known before the start: the server's own address (the payment sandbox's return) carries it.
    loadConfig({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', ...env }),
    logger,
  )
  const [operator] = accounts
  if (!operator) throw new Error('The demo seed printed no operator account')
  return {
    url: server.url,
    operator,
    close: async () => {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Follows an in-app link to `path` from a page of the app (react-router listens to popstate). The server
 * serves the app itself only for the paths listed in server/src/routes/panel.ts (appShellPaths), which does
 * not list /admin yet: loaded from the address bar, /admin is the landing page.
 */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL(`**${path}`)
}

/**
 * Signs the operator in and opens /admin; the console stays closed until the operator has two-factor
 * sign-in, so it is set up with a code computed here from the secret shown (as an authenticator app would).
 * `beforeTwoFactor` runs once the console asks for it, before the set-up.
 */
export async function openConsole(
  page: Page,
  operator: DemoServer['operator'],
  beforeTwoFactor: () => Promise<void> = async () => {},
) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(operator.email)
  await page.getByLabel('Password').fill(operator.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL('**/dashboard')

  await goInApp(page, '/admin')
  await page.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor()
  await page.getByText('Set up two-factor sign-in to use the console').waitFor()
  await beforeTwoFactor()
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  const uri = await page.locator('code').filter({ hasText: 'otpauth://' }).textContent()
  await page.getByLabel('Code from your app').fill(totpCode(secretOfUri(uri ?? ''), Date.now()))
  await page.getByRole('button', { name: 'Confirm and turn on' }).click()
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor()
  await page.getByRole('button', { name: 'I have saved these codes' }).click()
  await page.getByText(operator.email).first().waitFor()
}
