import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDatabase, type Db } from '../src/db/connect'
import { createAccount } from '../src/domain/accounts'
import { readMe } from '../src/domain/me'
import { createTestDatabase, type TestDatabase } from './support/database'

// On PostgreSQL the statements of every request are sent by name (keepPrepared in db/connect.ts), so each
// connection parses them once and PostgreSQL can keep their plan; every other statement stays unnamed.
// PostgreSQL only: SQLite keeps every statement prepared itself (see sqlite-statements.test.ts).

let test: TestDatabase
let oneConnection: Db

beforeAll(async () => {
  test = await createTestDatabase()
  // One connection, so that what it has prepared can be read back on it.
  oneConnection = createDatabase({ databaseUrl: test.url, schema: test.schema, poolSize: 1 })
})
afterAll(async () => {
  await oneConnection.destroy()
  await test.close()
})

async function preparedOnTheConnection(): Promise<{ name: string; statement: string }[]> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements order by name`.execute(oneConnection)
  return rows
}

it("keeps the customer's page statement prepared by name, and leaves other statements unnamed", async () => {
  const userId = await createAccount(oneConnection, {
    email: 'prepared@example.test',
    passwordHash: null,
    now: 1,
  })
  const dataKey = Buffer.alloc(32, 7)
  const first = await readMe(oneConnection, userId, 5, dataKey)
  const again = await readMe(oneConnection, userId, 5, dataKey)
  expect(again).toEqual(first)
  expect(first?.email).toBe('prepared@example.test')

  const prepared = await preparedOnTheConnection()
  const page = prepared.filter((row) => row.statement.includes('"unread_notifications"'))
  expect(page).toHaveLength(1)
  expect(page[0]?.name).toMatch(/^engage_\d+$/)
  // The account's insert above was sent unnamed: nothing of it stays on the connection.
  expect(prepared.filter((row) => row.statement.startsWith('insert into "users"'))).toEqual([])
})
