import { ListActivityResponse, ListMembersResponse } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentConfigFromEnv } from '../src/adapters/payments'
import type { LedgerKind } from '../src/db/schema'
import { ledgerSum } from '../src/domain/ledger'
import { periodPastSpendLimitNote, placeSubscriptionPeriod } from '../src/domain/subscription-periods'
import { createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'
import { json, teamCalls } from './support/workspaces'

// Whose act each of a workspace's ledger entries is: a deposit names the member who started it, a refund the
// member whose order it was (and comes off that member's spend of the month the order was charged in), and a
// subscription's renewal is a debit of the member who created it, held to their monthly limit.

const DAY_MS = 24 * 60 * 60 * 1000

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    config: {
      publicUrl: 'http://panel.invalid',
      payments: paymentConfigFromEnv({ SANDBOX_PAYMENTS: 'on' }),
    },
  })
  // $1 per 1,000: an order of 100 costs $0.10.
  await addService(t.db, 'followers', 1_000_000)
})
afterAll(() => t.close())

const { request, invitedMember, order, balanceOf } = teamCalls(() => t)

/** What the member spent this month, as the Team tab shows it (USD). */
async function spentThisMonth(owner: SignedUp, member: SignedUp): Promise<number | undefined> {
  const members = ListMembersResponse.parse(
    await json(await request(owner.token, 'GET', '/api/workspace/members')),
  )
  return members.find((row) => row.id === String(member.userId))?.spent_this_month
}

async function entriesOf(accountId: number, kind: LedgerKind) {
  return t.db
    .selectFrom('ledger_entries')
    .select(['amount', 'actor_user_id', 'reference'])
    .where('user_id', '=', accountId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute()
}

describe('deposits', () => {
  it('credit the workspace with the member who started the payment as the actor', async () => {
    const owner = await signUp(t)
    const admin = await invitedMember(owner, 'admin')
    const started = await json<{ order_id: string }>(
      await request(admin.token, 'POST', '/api/payments/sandbox/create', { amount: 20, currency: 'USD' }),
    )
    const payment = await t.db
      .selectFrom('payments')
      .select(['user_id', 'started_by'])
      .where('order_id', '=', started.order_id)
      .executeTakeFirstOrThrow()
    expect(payment).toEqual({ user_id: owner.userId, started_by: admin.userId })

    const paid = await t.app.request(`/sandbox/pay/${started.order_id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(paid.status).toBe(303)
    expect(await entriesOf(owner.userId, 'deposit')).toEqual([
      { amount: 20_000_000, actor_user_id: admin.userId, reference: `payment:${started.order_id}` },
    ])
    expect(await balanceOf(owner.userId)).toBe(20_000_000)
    // A deposit is no spending: the admin's count stays where it was.
    expect(await spentThisMonth(owner, admin)).toBe(0)
  })
})

describe('refunds', () => {
  it("name the order's member as the actor and give back their spend, whoever cancels", async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 0.2)
    const first = await json<{ id: string }>(await order(member.token), 201)
    await json(await order(member.token), 201)
    expect((await order(member.token)).status).toBe(402)
    expect(await spentThisMonth(owner, member)).toBe(0.2)

    // The owner cancels the member's order: the refund is still the member's.
    await json(await request(owner.token, 'POST', `/api/orders/${first.id}/cancel`))
    expect(await entriesOf(owner.userId, 'refund')).toEqual([
      { amount: 100_000, actor_user_id: member.userId, reference: `order:${first.id}` },
    ])
    expect(await spentThisMonth(owner, member)).toBe(0.1)
    await json(await order(member.token), 201)
    expect((await order(member.token)).status).toBe(402)
    expect(await spentThisMonth(owner, member)).toBe(0.2)
    expect(await balanceOf(owner.userId)).toBe(9_800_000)
    expect(await ledgerSum(t.db, owner.userId)).toBe(9_800_000)
  })

  it('never take a count below zero', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 1)
    const placed = await json<{ id: string }>(await order(member.token), 201)
    // A count lower than the order's charge (as for a member whose count was reset by hand).
    await t.db
      .updateTable('member_monthly_spend')
      .set({ spent: 30_000 })
      .where('user_id', '=', member.userId)
      .execute()
    await json(await request(member.token, 'POST', `/api/orders/${placed.id}/cancel`))
    expect(await spentThisMonth(owner, member)).toBe(0)
  })
})

describe('subscription renewals', () => {
  async function subscribe(member: SignedUp, periods: number) {
    const startAt = t.clock.now()
    const created = await json<{ subscription: { id: string } }>(
      await request(member.token, 'POST', '/api/orders/subscription', {
        plan: 'Growth',
        renewalPeriod: 'daily',
        actionType: 'followers',
        quantityPerPeriod: 100,
        startDate: new Date(startAt).toISOString(),
        endDate: new Date(startAt + periods * DAY_MS).toISOString(),
        url: uniqueLink(),
        aiSettings: [],
      }),
      201,
    )
    return Number(created.subscription.id)
  }

  function renew(subscriptionId: number) {
    return placeSubscriptionPeriod(t.db, { subscriptionId, now: t.clock.now(), operatorAiKeys: {} })
  }

  it("count against the subscriber's limit, and one past it is skipped and paused with the reason", async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 0.25)
    const id = await subscribe(member, 3)
    const row = () =>
      t.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect((await row()).created_by).toBe(member.userId)
    await json(await order(member.token), 201)
    expect(await spentThisMonth(owner, member)).toBe(0.2)

    // Period 2 would take the member to $0.30: skipped, nothing charged, the subscription paused with the reason.
    t.clock.advance(DAY_MS)
    expect(await renew(id)).toBe('skipped')
    expect(await row()).toMatchObject({
      status: 'paused',
      periods_placed: 1,
      periods_skipped: 1,
      note: periodPastSpendLimitNote({ period: 2, periodCount: 3, chargeMicros: 100_000 }),
    })
    expect(await balanceOf(owner.userId)).toBe(9_800_000)
    expect(await spentThisMonth(owner, member)).toBe(0.2)
    expect((await order(member.token)).status).toBe(402)

    // With room under a raised limit, period 3 is placed: a debit of the member, counted in their month. (Period
    // 1's order is delivered first: one active order per link.)
    await t.db.updateTable('orders').set({ status: 'completed' }).where('subscription_id', '=', id).execute()
    await json(
      await request(owner.token, 'PUT', `/api/workspace/members/${member.userId}`, { monthly_limit: 1 }),
    )
    t.clock.advance(DAY_MS)
    expect(await renew(id)).toBe('placed')
    expect(await row()).toMatchObject({ status: 'completed', periods_placed: 2, periods_skipped: 1 })
    const payments = await entriesOf(owner.userId, 'order_payment')
    expect(payments.map((entry) => entry.actor_user_id)).toEqual([
      member.userId,
      member.userId,
      member.userId,
    ])
    expect(await spentThisMonth(owner, member)).toBe(0.3)
    // The member placed period 1 and one order; the scheduler placed period 3, which the log does not put on them.
    const placed = ListActivityResponse.parse(
      await json(await request(owner.token, 'GET', '/api/workspace/activity?action=order.placed')),
    )
    expect(placed.entries).toHaveLength(2)
    expect(await balanceOf(owner.userId)).toBe(9_700_000)
    expect(await ledgerSum(t.db, owner.userId)).toBe(9_700_000)
  })
})

// Last: it moves the shared clock into the next month.
describe('a refund in a later month', () => {
  it('comes off the month the order was charged in, not the current one', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 0.1)
    const placed = await json<{ id: string }>(await order(member.token), 201)
    const today = new Date(t.clock.now())
    t.clock.set(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
    await json(await order(member.token), 201)
    expect(await spentThisMonth(owner, member)).toBe(0.1)

    await json(await request(member.token, 'POST', `/api/orders/${placed.id}/cancel`))
    expect(await spentThisMonth(owner, member)).toBe(0.1)
    expect((await order(member.token)).status).toBe(402)
    const months = await t.db
      .selectFrom('member_monthly_spend')
      .select(['month', 'spent'])
      .where('user_id', '=', member.userId)
      .orderBy('month')
      .execute()
    expect(months.map((row) => [row.month, Number(row.spent)])).toEqual([
      [today.toISOString().slice(0, 7), 0],
      [new Date(t.clock.now()).toISOString().slice(0, 7), 100_000],
    ])
  })
})
