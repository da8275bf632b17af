import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDatabase, type Db, migrate } from '../src/db/connect'
import { createAccount } from '../src/domain/accounts'
import { credit, debit, ledgerSum } from '../src/domain/ledger'

// `cli db:backup` while the database is being written to, then `cli db:restore` of that backup into another
// DATA_DIR: the restored ledger must balance (every balance equals the sum of its entries) and hold a state
// from the middle of the writes. The CLI runs for real, as a child process; the writes come from this process,
// a connection of its own, as the server's would. SQLite only (the PostgreSQL project leaves this file out):
// PostgreSQL is backed up with pg_dump.

vi.setConfig({ testTimeout: 120_000 })

const run = promisify(execFile)
const serverRoot = path.resolve(import.meta.dirname, '..')

let live: string
let restored: string
let db: Db

beforeEach(() => {
  live = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-backup-live-'))
  restored = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-backup-restored-'))
})
afterEach(async () => {
  await db?.destroy()
  for (const dir of [live, restored]) fs.rmSync(dir, { recursive: true, force: true })
})

async function cli(dataDir: string, ...args: string[]) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverRoot,
      env: { ...inherited, DATA_DIR: dataDir },
    })
    return { code: 0, output: stdout }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, output: failure.stdout + failure.stderr }
  }
}

/** Every user's balance next to the sum of their ledger entries. */
async function ledgerOf(database: Db) {
  const users = await database.selectFrom('users').select(['id', 'balance']).orderBy('id').execute()
  return Promise.all(
    users.map(async (user) => ({
      balance: Number(user.balance),
      sum: await ledgerSum(database, Number(user.id)),
    })),
  )
}

describe('db:backup and db:restore', () => {
  it('restores a backup taken during writes with the ledger balanced', async () => {
    db = createDatabase({ dataDir: live })
    await migrate(db)
    const ids = await Promise.all(
      ['a@example.test', 'b@example.test'].map((email) =>
        createAccount(db, { email, passwordHash: null, now: Date.now() }),
      ),
    )
    // Money moves between the two accounts, one transaction per move, until the backup is done.
    let moves = 0
    let writing = true
    const writer = (async () => {
      while (writing) {
        moves += 1
        const [from, to] = moves % 2 === 0 ? [ids[0]!, ids[1]!] : [ids[1]!, ids[0]!]
        await db.transaction().execute(async (trx) => {
          const key = `backup-test:${moves}`
          await credit(trx, {
            userId: from,
            amount: 3_000_000,
            kind: 'deposit',
            reference: key,
            idempotencyKey: `${key}:in`,
            now: Date.now(),
          })
          await debit(trx, {
            userId: from,
            amount: 1_000_000,
            kind: 'order_payment',
            reference: key,
            idempotencyKey: `${key}:out`,
            now: Date.now(),
          })
          await credit(trx, {
            userId: to,
            amount: 1_000_000,
            kind: 'refund',
            reference: key,
            idempotencyKey: `${key}:back`,
            now: Date.now(),
          })
        })
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    let failure: unknown
    writer.catch((error: unknown) => (failure = error))
    while (moves < 50 && failure === undefined) await new Promise((resolve) => setTimeout(resolve, 5))
    if (failure !== undefined) throw failure
    const file = path.join(live, 'backups', 'engage.sqlite')
    const backup = await cli(live, 'db:backup', file)
    const movesDuringBackup = moves
    writing = false
    await writer
    expect(backup, backup.output).toMatchObject({ code: 0 })
    expect(backup.output).toContain(`Backed up the database to ${file}`)
    expect(movesDuringBackup).toBeGreaterThan(50)

    const restore = await cli(restored, 'db:restore', file)
    expect(restore, restore.output).toMatchObject({ code: 0 })
    const copy = createDatabase({ dataDir: restored })
    try {
      const ledger = await ledgerOf(copy)
      expect(ledger).toHaveLength(2)
      for (const account of ledger) expect(account.balance).toBe(account.sum)
      const entries = await copy
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      // Three entries per move: whole moves only, and some from before the backup started.
      expect(Number(entries.n) % 3).toBe(0)
      expect(Number(entries.n)).toBeGreaterThanOrEqual(50 * 3)
    } finally {
      await copy.destroy()
    }
    // The live database went on balanced too.
    for (const account of await ledgerOf(db)) expect(account.balance).toBe(account.sum)
  })

  it('refuses to overwrite a file, and to restore something that is not a backup', async () => {
    db = createDatabase({ dataDir: live })
    await migrate(db)
    const existing = path.join(live, 'taken')
    fs.writeFileSync(existing, 'not a database')
    expect(await cli(live, 'db:backup', existing)).toMatchObject({
      code: 1,
      output: expect.stringContaining('already exists'),
    })
    const refused = await cli(restored, 'db:restore', existing)
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/Error: /)
    expect(fs.existsSync(path.join(restored, 'engage.sqlite'))).toBe(false)
  })
})
