import {
  CURSOR_INVALID,
  ListNotificationsResponse,
  LOW_BALANCE_RANGE,
  LOW_BALANCE_STEP,
  MeResponse,
  NOTIFICATION_NOT_FOUND,
  NotificationPreferences,
  Order,
  usdToMicros,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { debit } from '../src/domain/ledger'
import { applyUpstreamStatus } from '../src/domain/fulfilment'
import { notify } from '../src/domain/notifications'
import { applyPaymentReport } from '../src/domain/payments'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { createLiveTestApp } from './support/live'
import { sendNotificationMail } from './support/notification-mail'
import { addService, uniqueLink } from './support/services'

// Customer notifications on each database: each kind written once, in the transaction of the change it tells
// of (none when that rolls back); its e-mail queued only when the customer's switch is on, and sent by the
// job into the outbox; the low-balance alert once per crossing; reading them; another customer's out of reach.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  // $20.00 for an order of 100.
  await addService(t.db, 'likes', 200_000_000)
})
afterAll(() => t.close())

async function customer(usd = 100): Promise<SignedUp> {
  const user = await signUp(t)
  if (usd > 0) await fund(t.db, user.userId, usd)
  return user
}

async function placeOrder(user: SignedUp): Promise<number> {
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({ service_type: 'likes', target_url: uniqueLink(), quantity: 100 }),
  })
  expect(response.status).toBe(201)
  return Number(Order.parse(await response.json()).id)
}

/** The order as the dispatch leaves it: accepted upstream, processing. */
async function processingOrder(user: SignedUp) {
  const id = await placeOrder(user)
  return t.db
    .updateTable('orders')
    .set({ status: 'processing', upstream_order_id: String(id), upstream_attempted_at: t.clock.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

function upstream(status: string, remains: number) {
  return { status, startCount: 0, remains, charge: null, chargeMicros: null, currency: null }
}

async function notificationsOf(userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
}

async function mailJobsOf(userId: number) {
  const rows = await t.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', 'notification-mail')
    .execute()
  const ids = new Set((await notificationsOf(userId)).map((row) => Number(row.id)))
  return rows.filter((row) => ids.has((JSON.parse(row.payload) as { notificationId: number }).notificationId))
}

async function setPreferences(user: SignedUp, body: unknown) {
  return t.app.request('/api/user/notification-preferences', {
    method: 'PUT',
    headers: authed(user.token),
    body: JSON.stringify(body),
  })
}

async function list(user: SignedUp, query = '') {
  const response = await t.app.request(`/api/notifications${query}`, { headers: authed(user.token) })
  expect(response.status).toBe(200)
  return ListNotificationsResponse.parse(await response.json())
}

async function outboxFor(email: string) {
  return t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute()
}

describe('notifications of orders', () => {
  it('tells of a completed order once, without an e-mail by default', async () => {
    const alice = await customer()
    const order = await processingOrder(alice)
    expect(await applyUpstreamStatus(t, order, upstream('Completed', 0))).toBe('completed')
    // The same answer applied again changes nothing, so it tells nothing again.
    expect(await applyUpstreamStatus(t, order, upstream('Completed', 0))).toBe('unchanged')
    expect(await notificationsOf(alice.userId)).toEqual([
      expect.objectContaining({
        kind: 'order_completed',
        title: `Order ${order.id} completed`,
        body: 'Your order of 100 Likes was delivered in full.',
        link: '/orders',
      }),
    ])
    expect(await mailJobsOf(alice.userId)).toEqual([])
  })

  it('tells of a partial order with its refund and e-mails it through the job', async () => {
    const bob = await customer()
    const order = await processingOrder(bob)
    expect(await applyUpstreamStatus(t, order, upstream('Partial', 40))).toBe('partial')
    expect(await notificationsOf(bob.userId)).toEqual([
      expect.objectContaining({
        kind: 'order_partial',
        title: `Order ${order.id} partly delivered`,
        body: 'Your order of 100 Likes ended with 40 not delivered; $8.00 was refunded to your balance.',
      }),
    ])
    expect(await mailJobsOf(bob.userId)).toHaveLength(1)
    expect(await sendNotificationMail(t)).toBeGreaterThanOrEqual(1)
    const mail = await outboxFor(bob.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toBe(`Order ${order.id} partly delivered`)
    expect(mail[0]?.body).toContain('$8.00 was refunded')
    expect(mail[0]?.body).toContain('http://panel.test/orders')
  })

  it("tells of a customer's own cancel with its full refund", async () => {
    const carol = await customer()
    const orderId = await placeOrder(carol)
    const response = await t.app.request(`/api/orders/${orderId}/cancel`, {
      method: 'POST',
      headers: authed(carol.token),
    })
    expect(response.status).toBe(200)
    expect(await notificationsOf(carol.userId)).toEqual([
      expect.objectContaining({
        kind: 'order_cancelled',
        body: 'Your order of 100 Likes was cancelled; $20.00 was refunded to your balance.',
      }),
    ])
    expect(await mailJobsOf(carol.userId)).toHaveLength(1)
  })

  it('e-mails a completed order once the customer switches it on, and stops when switched off', async () => {
    const dave = await customer()
    expect((await setPreferences(dave, { email: { order_completed: true } })).status).toBe(200)
    const first = await processingOrder(dave)
    await applyUpstreamStatus(t, first, upstream('Completed', 0))
    expect(await mailJobsOf(dave.userId)).toHaveLength(1)
    expect((await setPreferences(dave, { email: { order_completed: false } })).status).toBe(200)
    const second = await processingOrder(dave)
    await applyUpstreamStatus(t, second, upstream('Completed', 0))
    expect((await notificationsOf(dave.userId)).map((row) => row.kind)).toEqual([
      'order_completed',
      'order_completed',
    ])
    expect(await mailJobsOf(dave.userId)).toHaveLength(1)
  })
})

describe('notifications of money', () => {
  async function pendingDeposit(userId: number, orderId: string) {
    const now = t.clock.now()
    await t.db
      .insertInto('payments')
      .values({
        order_id: orderId,
        user_id: userId,
        gateway: 'sandbox',
        gateway_id: `invoice-${orderId}`,
        gateway_payment_id: null,
        amount_requested: usdToMicros(25),
        amount_credited: null,
        currency: null,
        network: null,
        status: 'pending',
        gateway_status: null,
        txid: null,
        details: '{}',
        payment_url: null,
        created_at: now,
        updated_at: now,
        credited_at: null,
      })
      .execute()
  }

  function paid(orderId: string) {
    return {
      gateway: 'sandbox' as const,
      orderId,
      gatewayId: `invoice-${orderId}`,
      gatewayStatus: 'paid',
      state: 'paid' as const,
      final: true,
      amountReceivedUsd: '25',
      details: {},
    }
  }

  it('tells of a credited deposit once however often the gateway reports it, e-mailed unless switched off', async () => {
    const erin = await customer(10)
    await pendingDeposit(erin.userId, `dep-${erin.userId}-1`)
    expect((await applyPaymentReport(t.db, paid(`dep-${erin.userId}-1`), t.clock.now())).kind).toBe(
      'credited',
    )
    expect((await applyPaymentReport(t.db, paid(`dep-${erin.userId}-1`), t.clock.now())).kind).toBe(
      'unchanged',
    )
    expect(await notificationsOf(erin.userId)).toEqual([
      expect.objectContaining({
        kind: 'deposit_credited',
        title: 'Deposit of $25.00 credited',
        body: 'Your deposit of $25.00 arrived. Your balance is now $35.00.',
        link: '/wallet',
      }),
    ])
    expect(await mailJobsOf(erin.userId)).toHaveLength(1)

    expect((await setPreferences(erin, { email: { deposit_credited: false } })).status).toBe(200)
    await pendingDeposit(erin.userId, `dep-${erin.userId}-2`)
    await applyPaymentReport(t.db, paid(`dep-${erin.userId}-2`), t.clock.now())
    expect(await notificationsOf(erin.userId)).toHaveLength(2)
    expect(await mailJobsOf(erin.userId)).toHaveLength(1)
  })

  it('alerts once when a debit takes the balance below the threshold, and again only after it rose above', async () => {
    const frank = await customer(100)
    const set = await setPreferences(frank, { lowBalanceThreshold: 50 })
    expect(set.status).toBe(200)
    expect(NotificationPreferences.parse(await set.json()).lowBalanceThreshold).toBe(50)
    await placeOrder(frank) // 80
    await placeOrder(frank) // 60
    expect(await notificationsOf(frank.userId)).toEqual([])
    await placeOrder(frank) // 40: crosses
    await placeOrder(frank) // 20: still below
    expect(await notificationsOf(frank.userId)).toEqual([
      expect.objectContaining({
        kind: 'low_balance',
        body:
          'Your balance is $40.00, below the $50.00 you chose to be told of. ' +
          'Add funds to keep your orders and subscriptions going.',
      }),
    ])
    expect(await mailJobsOf(frank.userId)).toHaveLength(1)
    await fund(t.db, frank.userId, 60) // 80
    await placeOrder(frank) // 60
    await placeOrder(frank) // 40: crosses again
    expect((await notificationsOf(frank.userId)).map((row) => row.kind)).toEqual([
      'low_balance',
      'low_balance',
    ])
  })

  it('alerts on no debit while the threshold is off', async () => {
    const gina = await customer(30)
    await placeOrder(gina) // 10
    expect(await notificationsOf(gina.userId)).toEqual([])
  })

  it('leaves nothing behind when the transaction of the change rolls back', async () => {
    const hank = await customer(100)
    await setPreferences(hank, { lowBalanceThreshold: 90 })
    await expect(
      t.db.transaction().execute(async (trx) => {
        await debit(trx, {
          userId: hank.userId,
          amount: usdToMicros(20),
          kind: 'order_payment',
          reference: 'test:rollback',
          idempotencyKey: `test:rollback:${hank.userId}`,
          now: t.clock.now(),
        })
        await notify(
          trx,
          hank.userId,
          'ticket_reply',
          { ticketId: 7, subject: 'Refill', link: '/support/7', message: 'Done.' },
          1,
        )
        expect(
          await trx.selectFrom('notifications').select('id').where('user_id', '=', hank.userId).execute(),
        ).toHaveLength(2)
        throw new Error('the change fails after its writes')
      }),
    ).rejects.toThrow('the change fails after its writes')
    expect(await notificationsOf(hank.userId)).toEqual([])
    expect(await mailJobsOf(hank.userId)).toEqual([])
  })
})

describe('the notification list', () => {
  it('lists newest first a page at a time with the unread count, and marks one or all read', async () => {
    const ivy = await customer(0)
    await t.db.transaction().execute(async (trx) => {
      for (const ticketId of [1, 2, 3]) {
        await notify(
          trx,
          ivy.userId,
          'ticket_reply',
          { ticketId, subject: `Question ${ticketId}`, link: '/support', message: 'Answered.' },
          ticketId,
        )
      }
    })
    const first = await list(ivy, '?limit=2')
    expect(first.notifications.map((row) => row.title)).toEqual([
      'Support replied: Ticket #3: Question 3',
      'Support replied: Ticket #2: Question 2',
    ])
    expect(first.unread).toBe(3)
    expect(first.nextCursor).not.toBeNull()
    const second = await list(ivy, `?limit=2&cursor=${first.nextCursor ?? ''}`)
    expect(second.notifications.map((row) => row.title)).toEqual(['Support replied: Ticket #1: Question 1'])
    expect(second.nextCursor).toBeNull()

    const newest = first.notifications[0]?.id ?? ''
    const read = await t.app.request(`/api/notifications/${newest}/read`, {
      method: 'POST',
      headers: authed(ivy.token),
    })
    expect(read.status).toBe(200)
    expect(await read.json()).toEqual({ unread: 2 })
    const me = MeResponse.parse(
      await (await t.app.request('/api/user/me', { headers: authed(ivy.token) })).json(),
    )
    expect(me.unreadNotifications).toBe(2)
    expect((await list(ivy)).notifications[0]?.readAt).not.toBeNull()

    const all = await t.app.request('/api/notifications/read-all', {
      method: 'POST',
      headers: authed(ivy.token),
    })
    expect(await all.json()).toEqual({ unread: 0 })
    expect((await list(ivy)).notifications.every((row) => row.readAt !== null)).toBe(true)
  })

  it("never shows nor marks another customer's notification", async () => {
    const jack = await customer(0)
    const kate = await customer(0)
    const id = await t.db
      .transaction()
      .execute((trx) =>
        notify(
          trx,
          jack.userId,
          'ticket_reply',
          { ticketId: 9, subject: 'Mine', link: '/support', message: 'Answered.' },
          1,
        ),
      )
    expect((await list(kate)).notifications).toEqual([])
    for (const path of [`/api/notifications/${id}/read`, '/api/notifications/not-an-id/read']) {
      const response = await t.app.request(path, { method: 'POST', headers: authed(kate.token) })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: NOTIFICATION_NOT_FOUND })
    }
    await t.app.request('/api/notifications/read-all', { method: 'POST', headers: authed(kate.token) })
    expect((await list(jack)).unread).toBe(1)
  })

  it('refuses a cursor that is not one of ours', async () => {
    const lily = await customer(0)
    const response = await t.app.request('/api/notifications?cursor=abc', { headers: authed(lily.token) })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail: `cursor: ${CURSOR_INVALID}`, field: 'cursor' })
  })
})

describe('notification preferences', () => {
  it('starts from the defaults: e-mails on except completed orders, no low balance alert', async () => {
    const mike = await customer(0)
    const response = await t.app.request('/api/user/notification-preferences', {
      headers: authed(mike.token),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      email: {
        order_completed: false,
        order_partial: true,
        order_cancelled: true,
        deposit_credited: true,
        low_balance: true,
        ticket_reply: true,
      },
      lowBalanceThreshold: null,
    })
  })

  it('changes what it is given and keeps the rest; null turns the alert off', async () => {
    const nina = await customer(0)
    await setPreferences(nina, { email: { ticket_reply: false }, lowBalanceThreshold: 12.5 })
    const response = await setPreferences(nina, { email: { order_completed: true } })
    const preferences = NotificationPreferences.parse(await response.json())
    expect(preferences.email).toMatchObject({
      ticket_reply: false,
      order_completed: true,
      order_partial: true,
    })
    expect(preferences.lowBalanceThreshold).toBe(12.5)
    const off = NotificationPreferences.parse(
      await (await setPreferences(nina, { lowBalanceThreshold: null })).json(),
    )
    expect(off.lowBalanceThreshold).toBeNull()
  })

  it.each([
    [{ lowBalanceThreshold: 0.5 }, `lowBalanceThreshold: ${LOW_BALANCE_RANGE}`, 'lowBalanceThreshold'],
    [{ lowBalanceThreshold: 20_000 }, `lowBalanceThreshold: ${LOW_BALANCE_RANGE}`, 'lowBalanceThreshold'],
    [{ lowBalanceThreshold: 10.001 }, `lowBalanceThreshold: ${LOW_BALANCE_STEP}`, 'lowBalanceThreshold'],
    [{ lowBalanceThreshold: 'ten' }, `lowBalanceThreshold: ${LOW_BALANCE_RANGE}`, 'lowBalanceThreshold'],
  ])('refuses %j with the message by its field', async (body, detail, field) => {
    const oscar = await customer(0)
    const response = await setPreferences(oscar, body)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail, field })
  })

  it('refuses a kind that does not exist', async () => {
    const pia = await customer(0)
    const response = await setPreferences(pia, { email: { newsletter: true } })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { field: string }).field).toMatch(/^email/)
  })
})

describe('live', () => {
  it("tells the customer's open panel of a new notification and of one read", async () => {
    const live = await createLiveTestApp()
    try {
      const quinn = await live.customer()
      const stream = await live.openStream(quinn)
      try {
        await stream.until((event) => event.event === 'ping')
        const id = await live.t.db
          .transaction()
          .execute((trx) =>
            notify(
              trx,
              quinn.userId,
              'ticket_reply',
              { ticketId: 1, subject: 'Hi', link: '/support', message: 'Hello.' },
              1,
            ),
          )
        const added = await stream.until((event) => event.event === 'notification')
        expect(JSON.parse(added.event.data)).toEqual({ notificationId: id })
        await live.app.request(`/api/notifications/${id}/read`, {
          method: 'POST',
          headers: authed(quinn.token),
        })
        await stream.until((event) => event.event === 'notification')
      } finally {
        await stream.close()
      }
    } finally {
      await live.close()
    }
  })
})
