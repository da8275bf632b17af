import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../src/db/connect'
import { ledgerSum } from '../src/domain/ledger'
import { createTestDatabase, type TestDatabase } from './support/database'
import { addService } from './support/services'

// The upgrade to workspaces on a database that already has customers: money, orders and ledger entries from
// before, written the way the panel wrote them then (a ledger entry beside each balance change), then the
// workspaces migration. Every account must come out with its personal workspace, its person as owner, and
// every balance still equal to its ledger.

let test: TestDatabase

const customers = [
  { email: 'ada@example.test', deposits: [25_000_000, 5_000_000], orders: [3_200_000, 1_000_000] },
  { email: 'bob@example.test', deposits: [10_000_000], orders: [10_000_000] },
  { email: 'cy@example.test', deposits: [], orders: [] },
]

beforeAll(async () => {
  test = await createTestDatabase({ before: '0240' })
  const db = test.db
  const serviceId = await addService(db, 'Followers (migration)', 1_000_000)
  let event = 0
  for (const customer of customers) {
    const user = await db
      .insertInto('users')
      .values({
        email: customer.email,
        username: customer.email.split('@')[0]!,
        password_hash: null,
        google_sub: null,
        phone: null,
        profile_photo: null,
        disabled_at: null,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const entries = [
      ...customer.deposits.map((amount) => ({ amount, kind: 'deposit' })),
      ...customer.orders.map((amount) => ({ amount: -amount, kind: 'order_payment' })),
    ]
    for (const entry of entries) {
      event += 1
      let reference = `payment:old-${event}`
      if (entry.kind === 'order_payment') {
        const order = await sql<{
          id: number
        }>`insert into orders (user_id, service_id, service_type, target_url,
            quantity, charge, status, created_at, updated_at)
          values (${user.id}, ${serviceId}, 'Followers (migration)', ${`https://example.test/p/${event}`},
            ${-entry.amount / 1000}, ${-entry.amount}, 'completed', 2, 2) returning id`.execute(db)
        reference = `order:${order.rows[0]!.id}`
      }
      await sql`insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, note, created_at)
        values (${user.id}, ${entry.amount}, ${entry.kind}, ${reference}, ${`old:${event}`}, null, 3)`.execute(
        db,
      )
      await sql`update users set balance = balance + ${entry.amount} where id = ${user.id}`.execute(db)
    }
    await sql`insert into api_keys (user_id, name, key_hash, prefix, created_at)
      values (${user.id}, 'old key', ${`hash-${customer.email}`}, 'ep_old', 4)`.execute(db)
  }
  await migrate(db, test.schema)
})
afterAll(() => test.close())

describe('the workspaces migration', () => {
  it('keeps every balance equal to its ledger, and every order and entry where it was', async () => {
    const users = await test.db.selectFrom('users').select(['id', 'email', 'balance']).orderBy('id').execute()
    expect(users.map((user) => [user.email, user.balance])).toEqual([
      ['ada@example.test', 25_800_000],
      ['bob@example.test', 0],
      ['cy@example.test', 0],
    ])
    for (const user of users) expect(await ledgerSum(test.db, user.id)).toBe(user.balance)
    const entries = await test.db.selectFrom('ledger_entries').select(['user_id', 'actor_user_id']).execute()
    expect(entries).toHaveLength(6)
    // Who made the entries of before is not known: history keeps a null actor.
    expect(entries.every((entry) => entry.actor_user_id === null)).toBe(true)
    const orders = await test.db.selectFrom('orders').select('user_id').execute()
    expect(orders).toHaveLength(3)
  })

  it('gives every account its personal workspace, with its person as the owner and no spend limit', async () => {
    const rows = await test.db
      .selectFrom('users')
      .innerJoin('workspaces', 'workspaces.account_id', 'users.id')
      .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
      .select([
        'users.id',
        'users.username',
        'workspaces.name',
        'workspace_members.user_id',
        'workspace_members.role',
      ])
      .select('workspace_members.monthly_limit')
      .orderBy('users.id')
      .execute()
    expect(rows.map((row) => [row.name, row.user_id === row.id, row.role, row.monthly_limit])).toEqual([
      ['ada', true, 'owner', null],
      ['bob', true, 'owner', null],
      ['cy', true, 'owner', null],
    ])
  })

  it('makes every API key act as the person who made it', async () => {
    const keys = await test.db.selectFrom('api_keys').select(['user_id', 'member_user_id']).execute()
    expect(keys).toHaveLength(3)
    for (const key of keys) expect(key.member_user_id).toBe(key.user_id)
  })
})

// The next step: deposits and subscriptions learn the member behind them (migration 0250). What is still to
// come (a payment not credited yet, a subscription still running) takes its member from the activity log of
// 0240; what is over keeps no one, as history does.
describe('the member actors migration', () => {
  let before0250: TestDatabase
  const ids = { payments: [] as string[], subscriptions: [] as number[], member: 0 }

  beforeAll(async () => {
    before0250 = await createTestDatabase({ before: '0250' })
    const db = before0250.db
    const serviceId = await addService(db, 'Followers (actors)', 1_000_000)
    const person = (email: string) =>
      db
        .insertInto('users')
        .values({
          email,
          username: email.split('@')[0]!,
          password_hash: null,
          google_sub: null,
          phone: null,
          profile_photo: null,
          disabled_at: null,
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    const account = await person('dee@example.test')
    ids.member = (await person('eli@example.test')).id
    const workspace = await db
      .insertInto('workspaces')
      .values({ name: 'dee', account_id: account.id, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const logged = (action: string, subject: string) =>
      db
        .insertInto('workspace_activity')
        .values({
          workspace_id: workspace.id,
          actor_user_id: ids.member,
          action,
          subject,
          detail: null,
          created_at: 2,
        })
        .execute()
    for (const [index, status] of (['pending', 'completed', 'pending'] as const).entries()) {
      const orderId = `dep_actors_${index}`
      ids.payments.push(orderId)
      await db
        .insertInto('payments')
        .values({
          order_id: orderId,
          user_id: account.id,
          gateway: 'sandbox',
          gateway_id: null,
          amount_requested: 5_000_000,
          amount_credited: null,
          currency: null,
          network: null,
          status,
          gateway_status: null,
          txid: null,
          details: '{}',
          payment_url: null,
          created_at: 2,
          updated_at: 2,
          credited_at: null,
        })
        .execute()
      // The third was started before the log: no one is known.
      if (index < 2) await logged('deposit.started', `payment:${orderId}`)
    }
    for (const status of ['active', 'cancelled'] as const) {
      const subscription = await db
        .insertInto('subscriptions')
        .values({
          user_id: account.id,
          service_id: serviceId,
          service_type: 'Followers (actors)',
          plan: 'Growth',
          target_url: `https://example.test/actors/${status}`,
          renewal_period: 'daily',
          quantity_per_period: 100,
          rate_per_1k: 1_000_000,
          start_at: 2,
          end_at: 2 + 3 * 86_400_000,
          period_count: 3,
          periods_placed: 1,
          next_run_at: status === 'active' ? 2 + 86_400_000 : null,
          status,
          ai_setting_ids: '[]',
          note: null,
          created_at: 2,
          updated_at: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.subscriptions.push(subscription.id)
      await logged('subscription.created', `subscription:${subscription.id}`)
    }
    await migrate(db, before0250.schema)
  })
  afterAll(() => before0250.close())

  it('names who started each payment not yet credited, and who created each running subscription', async () => {
    const payments = await before0250.db
      .selectFrom('payments')
      .select(['order_id', 'started_by'])
      .orderBy('id')
      .execute()
    expect(payments.map((row) => [row.order_id, row.started_by])).toEqual([
      [ids.payments[0], ids.member],
      [ids.payments[1], null],
      [ids.payments[2], null],
    ])
    const subscriptions = await before0250.db
      .selectFrom('subscriptions')
      .select(['id', 'created_by'])
      .orderBy('id')
      .execute()
    expect(subscriptions.map((row) => [row.id, row.created_by])).toEqual([
      [ids.subscriptions[0], ids.member],
      [ids.subscriptions[1], null],
    ])
  })
})
