import { type Compilable, CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { providersOfRunsInFlight, runsInFlight } from '../src/domain/fulfilment/sync'
import { dueJobIds } from '../src/jobs/claim'
import { createTestDatabase, insertNamedUsers, type TestDatabase } from './support/database'

// How the SQLite dialect writes parameters (db/connect.ts): `+?`, so that the planner never plans a statement
// for the values bound to it, and a prepared statement is not planned again on every run. SQLite only: the
// PostgreSQL dialect writes $1, $2, ... as before.

let test: TestDatabase

beforeAll(async () => {
  test = await createTestDatabase()
  await insertNamedUsers(test.db, ['ann', 'bob', 'cy', 'dee'])
})
afterAll(() => test.close())

/** The plan SQLite chooses for the query, one line per step. */
async function planOf(query: Compilable<unknown>): Promise<string[]> {
  const { sql, parameters } = query.compile()
  const { rows } = await test.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  )
  return rows.map((row) => row.detail)
}

describe('parameters on SQLite', () => {
  it('are written behind a unary plus, every one of them', () => {
    const { sql, parameters } = test.db
      .selectFrom('users')
      .select('username')
      .where('id', 'in', [1, 2, 3])
      .where('email', 'like', '%@example.test')
      .orderBy('id')
      .limit(2)
      .offset(1)
      .compile()
    expect(parameters).toEqual([1, 2, 3, '%@example.test', 2, 1])
    expect(sql.match(/\+\?/g)).toHaveLength(6)
    expect(sql.replaceAll('+?', '')).not.toContain('?')
  })

  it('keep their values wherever they stand: a comparison, a list, a pattern, a limit, an insert, an update', async () => {
    const { db } = test
    const listed = await db
      .selectFrom('users')
      .select('username')
      .where('id', 'in', [1, 2, 4])
      .where('email', 'like', '%@example.test')
      .where('created_at', '>=', 0)
      .orderBy('id')
      .limit(2)
      .offset(1)
      .execute()
    expect(listed.map((row) => row.username)).toEqual(['bob', 'dee'])

    const inserted = await db
      .insertInto('users')
      .values({
        email: 'eve@example.test',
        username: 'eve',
        password_hash: null,
        google_sub: null,
        phone: '+1 555 0100',
        profile_photo: null,
        disabled_at: null,
        created_at: 9,
      })
      .returning(['id', 'phone', 'created_at'])
      .executeTakeFirstOrThrow()
    expect(inserted).toMatchObject({ phone: '+1 555 0100', created_at: 9 })

    const updated = await db
      .updateTable('users')
      .set({ balance: 1_500_000 })
      .where('id', '=', inserted.id)
      .where('username', '=', 'eve')
      .returning('balance')
      .executeTakeFirstOrThrow()
    expect(Number(updated.balance)).toBe(1_500_000)
    // A number sent as text is compared as the number the column holds, as with a bare parameter.
    const byNumber = await db
      .selectFrom('users')
      .select('username')
      .where('created_at', '=', '9' as unknown as number)
      .execute()
    expect(byNumber.map((row) => row.username)).toEqual(['eve'])
  })

  it('leave the plan of a query that must see a value to it, written in the SQL: the runs in flight use their partial index', async () => {
    expect(await planOf(runsInFlight(test.db, 1, 0))).toEqual([
      'SEARCH order_runs USING INDEX order_runs_processing (provider_id=? AND id>?)',
    ])
    expect((await planOf(providersOfRunsInFlight(test.db))).join(' ')).toContain(
      'USING COVERING INDEX order_runs_processing',
    )
  })

  it('claim due jobs in the index order, without sorting every due job on each claim', async () => {
    const plan = await planOf(dueJobIds(test.db, { limit: 8, now: Date.now(), kinds: ['dispatch', 'sync'] }))
    expect(plan).toContain('SEARCH jobs USING INDEX jobs_due (status=? AND run_at<?)')
    expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([])
  })
})
