import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { usdToMicros } from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../src/crypto/passwords'
import { ledgerSum } from '../src/domain/ledger'
import { DEMO_CUSTOMER_EMAIL, DEMO_OPERATOR_EMAIL, seed } from '../src/seed'
import { createTestDatabase, type TestDatabase } from './support/database'

let database: TestDatabase
beforeEach(async () => {
  database = await createTestDatabase()
})
afterEach(() => database.close())

const now = Date.UTC(2026, 10, 21, 9)

async function counts() {
  const count = async (table: 'services' | 'updates' | 'contact_methods' | 'users' | 'ledger_entries') =>
    (await database.db.selectFrom(table).select('id').execute()).length
  return {
    services: await count('services'),
    updates: await count('updates'),
    contactMethods: await count('contact_methods'),
    users: await count('users'),
    ledgerEntries: await count('ledger_entries'),
  }
}

describe('the first-start seed', () => {
  it('adds the service catalogue with realistic per-1,000 rates, updates and the contact methods', async () => {
    const result = await seed(database.db, { demo: false, now })
    expect(result).toEqual({ servicesAdded: 8, accounts: [] })

    const services = await database.db.selectFrom('services').selectAll().orderBy('id').execute()
    expect(services.map((service) => service.name)).toEqual([
      'followers',
      'likes',
      'views',
      'retweets',
      'follows',
      'ai_comments',
      'ai_tweets',
      'premium_followers',
    ])
    for (const service of services) {
      expect(service.rate_per_1k, service.name).toBeGreaterThanOrEqual(usdToMicros(0.05))
      expect(service.rate_per_1k, service.name).toBeLessThanOrEqual(usdToMicros(100))
      expect(service.is_ai, service.name).toBe(service.name.startsWith('ai_') ? 1 : 0)
      expect(service.enabled).toBe(1)
      expect([service.min_quantity, service.max_quantity]).toEqual([1, 10_000])
    }
    expect(services.filter((service) => service.name.includes('premium'))).toHaveLength(1)

    const updates = await database.db.selectFrom('updates').selectAll().execute()
    expect(updates.length).toBeGreaterThanOrEqual(2)
    expect(updates.some((update) => update.url !== null)).toBe(true)

    const contacts = await database.db
      .selectFrom('contact_methods')
      .selectAll()
      .orderBy('sort_order')
      .execute()
    expect(contacts.map((contact) => contact.icon)).toEqual(['chat', 'mail', 'wallet'])
    expect(contacts[1]?.text).toBe('Everyday | 9 AM to 5 PM')
    expect(contacts[2]?.title).toMatch(/crypto payment/i)

    expect((await counts()).users).toBe(0)
  })

  it('with DEMO on, creates an operator and a demo customer with a $50 opening balance in the ledger', async () => {
    const result = await seed(database.db, { demo: true, now })
    expect(result.accounts.map((account) => [account.email, account.role])).toEqual([
      [DEMO_OPERATOR_EMAIL, 'admin'],
      [DEMO_CUSTOMER_EMAIL, 'customer'],
    ])
    for (const account of result.accounts) {
      const user = await database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow()
      expect(user.role).toBe(account.role)
      expect(await verifyPassword(user.password_hash ?? '', account.password)).toBe(true)
    }
    const customer = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_CUSTOMER_EMAIL)
      .executeTakeFirstOrThrow()
    expect(customer.balance).toBe(50_000_000)
    expect(await ledgerSum(database.db, customer.id)).toBe(50_000_000)
    const entries = await database.db.selectFrom('ledger_entries').selectAll().execute()
    expect(entries).toEqual([
      expect.objectContaining({ user_id: customer.id, amount: 50_000_000, reference: 'opening-balance' }),
    ])
  })

  it('adds nothing and prints no password when run again', async () => {
    await seed(database.db, { demo: true, now })
    const before = await counts()
    const again = await seed(database.db, { demo: true, now: now + 1000 })
    expect(again).toEqual({ servicesAdded: 0, accounts: [] })
    expect(await counts()).toEqual(before)
  })
})

describe('the server process', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-main-'))
  })
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('starts with no configuration but a data directory, serves the API over HTTP, and prints demo credentials once', async () => {
    const { loadConfig } = await import('../src/config')
    const { startServer } = await import('../src/main')
    const lines: string[] = []
    const logger = {
      info: (message: string) => lines.push(message),
      warn: (message: string) => lines.push(message),
      error: (message: string) => lines.push(message),
    }
    const config = { ...loadConfig({ DATA_DIR: dataDir }), port: 0 }
    const first = await startServer(config, logger)
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const services = await fetch(`${first.url}/api/get-services`)
      expect(services.status).toBe(200)
      expect(Object.keys((await services.json()) as object)).toContain('premium_followers')

      const password = /demo@engage-panel\.test \/ (\S+)/.exec(lines.join('\n'))?.[1]
      expect(password).toBeDefined()
      const signin = await fetch(`${first.url}/api/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: DEMO_CUSTOMER_EMAIL, password }),
      })
      expect(signin.status).toBe(200)
      const { token } = (await signin.json()) as { token: string }
      const me = await fetch(`${first.url}/api/user/me`, { headers: { Authorization: `Bearer ${token}` } })
      expect(((await me.json()) as { balance: number }).balance).toBe(50)
    } finally {
      await first.close()
    }
    expect(fs.statSync(path.join(dataDir, 'data.key')).mode & 0o777).toBe(0o600)
    expect(fs.existsSync(path.join(dataDir, 'engage.sqlite'))).toBe(true)

    lines.length = 0
    const second = await startServer({ ...loadConfig({ DATA_DIR: dataDir }), port: 0 }, logger)
    await second.close()
    expect(lines.join('\n')).not.toMatch(/engage-panel\.test \//)
    // The whole server starts here (migrations, seed with argon2 hashes, the panel's pages): slow when loaded.
  }, 120_000)
})
