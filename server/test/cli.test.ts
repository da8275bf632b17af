import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { verifyPassword } from '../src/crypto/passwords'
import { createAccount } from '../src/domain/accounts'
import { ledgerSum } from '../src/domain/ledger'
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './support/database'

// Each test starts the real CLI as a child process (tsx compiling it first): slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000 })

// The operator command line, run for real (`tsx src/cli.ts`) as a child process against the same database the
// test reads: a SQLite file under a temporary DATA_DIR, or this test's PostgreSQL schema through DATABASE_URL.

const run = promisify(execFile)
const serverRoot = path.resolve(import.meta.dirname, '..')

let database: TestDatabase
let environment: Record<string, string>
let dataDir: string

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-cli-'))
  database = await createTestDatabase()
  if (testDatabaseKind === 'postgres') {
    const url = new URL(database.url ?? '')
    url.searchParams.set('options', `-c search_path=${database.schema ?? ''}`)
    environment = { DATABASE_URL: url.toString(), DATA_DIR: dataDir }
  } else {
    // The CLI opens DATA_DIR/engage.sqlite, as the server does: put this test's database there.
    await database.db.destroy()
    fs.renameSync(
      path.join(database.dataDir ?? '', database.sqliteFile ?? ''),
      path.join(dataDir, 'engage.sqlite'),
    )
    const { createDatabase } = await import('../src/db/connect')
    const db = createDatabase({ dataDir })
    database = { ...database, db, close: () => db.destroy() }
    environment = { DATA_DIR: dataDir }
  }
})
afterEach(async () => {
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverRoot,
      env: { ...inherited, ...environment },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr }
  }
}

async function customer(email = 'buyer@example.test') {
  return createAccount(database.db, { email, passwordHash: null, now: Date.now() })
}

async function entries(userId: number) {
  return database.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
}

describe('cli user:credit', () => {
  it('credits the wallet with one adjustment entry per invocation, with the reason', async () => {
    const userId = await customer()
    const first = await cli(
      'user:credit',
      'Buyer@example.test',
      '12.50',
      '--reason',
      'Bank transfer 2026-11-20',
    )
    expect(first).toMatchObject({ code: 0 })
    expect(first.stdout).toContain('Credited $12.50 to buyer@example.test (Bank transfer 2026-11-20)')
    expect(first.stdout).toContain('New balance: $12.50')

    const second = await cli('user:credit', 'buyer@example.test', '7', '--reason=Goodwill')
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('New balance: $19.50')

    const ledger = await entries(userId)
    expect(ledger.map((entry) => [entry.kind, entry.amount, entry.note])).toEqual([
      ['adjustment', 12_500_000, 'Bank transfer 2026-11-20'],
      ['adjustment', 7_000_000, 'Goodwill'],
    ])
    expect(new Set(ledger.map((entry) => entry.idempotency_key)).size).toBe(2)
    const user = await database.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(user.balance).toBe(19_500_000)
    expect(await ledgerSum(database.db, userId)).toBe(19_500_000)
  })

  it.each(['0', '-5', '1.234', 'abc', '', '1e3', '0.00'])(
    'refuses the amount %j and changes nothing',
    async (amount) => {
      const userId = await customer()
      const result = await cli('user:credit', 'buyer@example.test', amount, '--reason', 'test')
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('Invalid amount')
      expect(await entries(userId)).toEqual([])
    },
  )

  it('refuses an unknown user', async () => {
    const result = await cli('user:credit', 'ghost@example.test', '10', '--reason', 'test')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('No user with email ghost@example.test')
  })

  it('requires a reason', async () => {
    const userId = await customer()
    const result = await cli('user:credit', 'buyer@example.test', '10')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('--reason TEXT is required')
    expect(await entries(userId)).toEqual([])
  })
})

describe('cli admin:create', () => {
  it('creates an operator with a printed random password that signs in', async () => {
    const result = await cli('admin:create', 'Boss@example.test')
    expect(result.code).toBe(0)
    const password = /with password: (\S+)/.exec(result.stdout)?.[1]
    expect(password).toMatch(/^[A-Za-z0-9_-]{18}$/)
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'boss@example.test')
      .executeTakeFirstOrThrow()
    expect(user.role).toBe('admin')
    expect(await verifyPassword(user.password_hash ?? '', password ?? '')).toBe(true)
  })

  it('promotes an existing customer without touching the password', async () => {
    const userId = await customer('promote@example.test')
    const result = await cli('admin:create', 'promote@example.test')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('promote@example.test is now an operator (admin)')
    expect(result.stdout).not.toContain('password:')
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(user.role).toBe('admin')
    expect(user.password_hash).toBeNull()
  })

  it('refuses an invalid email and an unknown command', async () => {
    const invalid = await cli('admin:create', 'not-an-email')
    expect(invalid.code).toBe(1)
    expect(invalid.stderr).toContain('Invalid email')
    const unknown = await cli('user:delete', 'a@example.test')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Unknown command: user:delete')
  })
})
