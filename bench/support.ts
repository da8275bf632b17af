// What the browser benchmarks share: the panel served on a free port with a fresh database, Chromium's flags,
// and a fresh account whose session a page stores on the panel's origin.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { STORAGE_KEYS } from '@engage/contract'
import { freePort } from '../scripts/free-port.mjs'
import { ensurePanelBuilt } from '../scripts/panel-build.mjs'
import { loadConfig } from '../server/src/config'
import { silentLogger } from '../server/src/logger'
import { startServer } from '../server/src/main'

/** Debian's Chromium (or CHROME_PATH). */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Headless, with the flags that keep it from calling home. */
export const chromiumFlags = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** The built panel and its API on a free port, with a fresh database of the demo services; close() removes it. */
export async function startPanel(name: string) {
  ensurePanelBuilt()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `engage-${name}-`))
  const server = await startServer(
    loadConfig({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1' }),
    silentLogger,
  )
  return {
    url: server.url,
    async close() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Session {
  token: string
  sessionId: string
}

/** Signs up a fresh account from a page on the panel's origin; its session is not stored yet. */
export function signUp(page: Page, name: string): Promise<Session> {
  return page.evaluate(async (email) => {
    const response = await fetch('/api/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'benchmark account' }),
    })
    return (await response.json()) as Session
  }, `${name}-${Date.now()}@example.com`)
}

/**
 * Stores the session where the panel looks for it, so that its signed-in pages open signed in, then reloads
 * the page: its head script copies the session into the cookie the server renders signed-in pages for.
 */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.evaluate(
    ({ keys, token, sessionId }) => {
      // Runs in the page; this file is compiled without the DOM library.
      const storage = (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage
      storage.setItem(keys.authToken, token)
      storage.setItem(keys.sessionId, sessionId)
    },
    { keys: STORAGE_KEYS, ...session },
  )
  await page.reload()
}
