import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { credit, debit, InsufficientFundsError, ledgerSum } from '../src/domain/ledger'
import { createTestDatabase, type TestDatabase } from './support/database'

let test: TestDatabase
let userId: number

beforeAll(async () => {
  test = await createTestDatabase()
  const user = await test.db
    .insertInto('users')
    .values({
      email: 'ledger@example.test',
      username: 'ledger',
      password_hash: null,
      google_sub: null,
      phone: null,
      profile_photo: null,
      disabled_at: null,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  userId = user.id
})
afterAll(() => test.close())

async function balance() {
  const row = await test.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

describe('the wallet ledger', () => {
  it('credits once per idempotency key however often the event repeats', async () => {
    for (let i = 0; i < 5; i++) {
      await test.db.transaction().execute((trx) =>
        credit(trx, {
          userId,
          amount: 25_000_000,
          kind: 'deposit',
          reference: 'payment:p1',
          idempotencyKey: 'deposit:p1',
          now: 1,
        }),
      )
    }
    expect(await balance()).toBe(25_000_000)
    expect(await ledgerSum(test.db, userId)).toBe(25_000_000)
  })

  it('refuses a debit the balance cannot cover and leaves balance and ledger unchanged', async () => {
    await expect(
      test.db.transaction().execute((trx) =>
        debit(trx, {
          userId,
          amount: 25_000_001,
          kind: 'order_payment',
          reference: 'order:1',
          idempotencyKey: 'charge:1',
          now: 2,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError)
    expect(await balance()).toBe(25_000_000)
    expect(await ledgerSum(test.db, userId)).toBe(25_000_000)
  })

  it('debits exactly the balance down to zero, never below', async () => {
    await test.db.transaction().execute((trx) =>
      debit(trx, {
        userId,
        amount: 25_000_000,
        kind: 'order_payment',
        reference: 'order:2',
        idempotencyKey: 'charge:2',
        now: 3,
      }),
    )
    expect(await balance()).toBe(0)
    expect(await ledgerSum(test.db, userId)).toBe(0)
  })
})
