import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/connect'
import { reusableQuery } from '../src/db/reusable-query'
import { createTestDatabase, insertNamedUsers, type TestDatabase } from './support/database'

let test: TestDatabase

beforeAll(async () => {
  test = await createTestDatabase()
  await insertNamedUsers(test.db, ['ann', 'bob', 'cy'])
})
afterAll(() => test.close())

const usersAfter = (db: Db, { name, limit }: { name: string; limit: number }) =>
  db
    .selectFrom('users')
    .select('username')
    .where('username', '>', name)
    .where('email', 'like', '%@example.test')
    .orderBy('username')
    .limit(limit)

describe('a query compiled once and run with new values', () => {
  it('answers each call with its own values, as the query built afresh does', async () => {
    const run = reusableQuery(usersAfter, { name: '\u0000name', limit: -1 })
    for (const values of [
      { name: 'ann', limit: 5 },
      { name: 'a', limit: 1 },
      { name: 'bob', limit: 5 },
      { name: 'cy', limit: 5 },
    ]) {
      const { rows } = await run(test.db, values)
      expect(rows).toEqual(await usersAfter(test.db, values).execute())
    }
    expect((await run(test.db, { name: 'a', limit: 2 })).rows.map((row) => row.username)).toEqual([
      'ann',
      'bob',
    ])
  })

  it('refuses stand-ins it could not tell apart, and one the query does not use as a parameter', async () => {
    expect(() => reusableQuery(usersAfter, { name: 'x', limit: 'x' as unknown as number })).toThrow(
      /distinct/,
    )
    const computed = reusableQuery(
      (db, { name, limit }: { name: string; limit: number }) => usersAfter(db, { name, limit: limit + 1 }),
      { name: '\u0000name', limit: -1 },
    )
    await expect(computed(test.db, { name: 'a', limit: 1 })).rejects.toThrow(/does not use limit/)
  })

  it('is compiled once for a database and its transactions, and takes null where a value may be null', async () => {
    let builds = 0
    const setPhone = reusableQuery(
      (db: Db, { name, phone }: { name: string; phone: string | null }) => {
        builds += 1
        return db
          .updateTable('users')
          .set({ phone })
          .where('username', '=', name)
          .returning(['username', 'phone'])
      },
      { name: '\u0000name', phone: '\u0000phone' },
    )
    expect((await setPhone(test.db, { name: 'ann', phone: '+1 555 0100' })).rows).toEqual([
      { username: 'ann', phone: '+1 555 0100' },
    ])
    await test.db.transaction().execute(async (trx) => {
      expect((await setPhone(trx, { name: 'bob', phone: '+1 555 0101' })).rows).toHaveLength(1)
      expect((await setPhone(trx, { name: 'ann', phone: null })).rows).toEqual([
        { username: 'ann', phone: null },
      ])
    })
    const phones = await test.db
      .selectFrom('users')
      .select(['username', 'phone'])
      .orderBy('username')
      .execute()
    expect(phones).toEqual([
      { username: 'ann', phone: null },
      { username: 'bob', phone: '+1 555 0101' },
      { username: 'cy', phone: null },
    ])
    expect(builds).toBe(1)
  })
})
