import { chargeMicros, ListOrdersResponse, microsToUsd } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueLink } from './support/services'
import { RATES, type RunningPanel, startRunningPanel } from './v2-client/running-panel'

// POST /api/v2 against the running panel, through a client written from the protocol: the actions
// services, add, status, cancel and balance, and their refusals. Orders placed here are checked in the
// panel's own calls (GET /api/orders/get) and ledger. The lifecycle with the provider is in
// v2-lifecycle.test.ts; keys, rate limit and request formats in v2-keys.test.ts.

let p: RunningPanel
beforeAll(async () => {
  p = await startRunningPanel()
})
afterAll(async () => {
  await p.close()
})

async function panelOrders(customer: Awaited<ReturnType<RunningPanel['customer']>>) {
  const response = await p.panel(customer, 'GET', '/api/orders/get')
  expect(response.status).toBe(200)
  return ListOrdersResponse.parse(await response.json())
}

async function balanceMicros(userId: number): Promise<number> {
  const row = await p.h.t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

describe('services', () => {
  it('lists the enabled services with their id, type, rate per 1,000 as text, limits, refill and cancel', async () => {
    const customer = await p.customer()
    const services = (await customer.api.services()) as Record<string, unknown>[]
    expect(services.map((service) => service.service)).toEqual([
      p.services.likes,
      p.services.followers,
      p.services.aiComments,
      p.services.follows,
    ])
    expect(services).toContainEqual({
      service: p.services.likes,
      name: 'Likes',
      type: 'Default',
      category: 'test',
      rate: '0.90',
      // Our limits narrowed to the provider's (simulator service 2 takes 10 to 20,000; ours stop at 10,000).
      min: '10',
      max: '10000',
      refill: false,
      cancel: true,
    })
    expect(services).toContainEqual(
      expect.objectContaining({ service: p.services.followers, rate: '2.40', refill: true, cancel: false }),
    )
    expect(services).toContainEqual(
      expect.objectContaining({
        service: p.services.aiComments,
        name: 'Ai Comments',
        type: 'Custom Comments',
        rate: '45.00',
      }),
    )
  })
})

describe('add', () => {
  it('places the same order as the panel: listed by the panel with its charge, paid through the ledger', async () => {
    const customer = await p.customer(10)
    const link = uniqueLink()
    const answer = (await customer.api.add({ service: p.services.likes, link, quantity: 150 })) as {
      order: unknown
    }
    expect(Object.keys(answer)).toEqual(['order'])
    expect(answer.order).toEqual(expect.any(Number))
    const orderId = answer.order as number

    const charge = chargeMicros(RATES.likes, 150)
    const [listed] = await panelOrders(customer)
    expect(listed).toMatchObject({
      id: String(orderId),
      service_type: 'likes',
      target_url: link,
      quantity: 150,
      status: 'pending',
      charge: microsToUsd(charge),
    })
    const entries = await p.h.t.db
      .selectFrom('ledger_entries')
      .select(['amount', 'kind'])
      .where('reference', '=', `order:${orderId}`)
      .execute()
    expect(entries).toEqual([{ amount: -charge, kind: 'order_payment' }])
    expect(await balanceMicros(customer.user.userId)).toBe(10_000_000 - charge)
    // 0.90 per 1,000 × 150 = 0.135, the same charge in the protocol's status.
    expect(await customer.api.status(orderId)).toEqual({
      charge: '0.135',
      start_count: '0',
      status: 'Pending',
      remains: '150',
      currency: 'USD',
    })
    // The dispatch job is queued in the order's transaction, as for the panel's orders.
    const jobs = await p.h.t.db
      .selectFrom('jobs')
      .select('kind')
      .where('unique_key', '=', `order:${orderId}:dispatch`)
      .execute()
    expect(jobs).toEqual([{ kind: 'dispatch-order' }])
  })

  it('refuses an order the balance cannot cover, moving no money and placing nothing', async () => {
    const customer = await p.customer(0.01)
    const answer = await customer.api.add({ service: p.services.likes, link: uniqueLink(), quantity: 100 })
    expect(answer).toEqual({ error: 'Not enough funds on balance' })
    expect(await panelOrders(customer)).toEqual([])
    expect(await balanceMicros(customer.user.userId)).toBe(10_000)
  })

  it('refuses a second active order for the same link and service, as the panel does', async () => {
    const customer = await p.customer()
    const link = uniqueLink()
    expect(await customer.api.add({ service: p.services.likes, link, quantity: 100 })).toEqual({
      order: expect.any(Number),
    })
    expect(await customer.api.add({ service: p.services.likes, link, quantity: 200 })).toEqual({
      error: 'You have active order with this link. Please wait until order being completed.',
    })
    // Another service may work on the same link at the same time.
    expect(await customer.api.add({ service: p.services.followers, link, quantity: 100 })).toEqual({
      order: expect.any(Number),
    })
    expect(await panelOrders(customer)).toHaveLength(2)
  })

  it.each([
    [
      'an unknown service',
      { service: '999999', link: 'https://x.test/a', quantity: '100' },
      'Incorrect service ID',
    ],
    [
      'a service id that is not a number',
      { service: 'likes', link: 'https://x.test/a', quantity: '100' },
      'Incorrect service ID',
    ],
    ['no service', { service: undefined, link: 'https://x.test/a', quantity: '100' }, 'Incorrect service ID'],
    ['a link that is not one', { link: 'not a link', quantity: '100' }, 'Incorrect link'],
    ['a link of another scheme', { link: 'ftp://x.test/a', quantity: '100' }, 'Incorrect link'],
    ['no link', { quantity: '100' }, 'Incorrect link'],
    [
      'a quantity under the minimum',
      { link: 'https://x.test/a', quantity: '5' },
      'Quantity less than minimal 10',
    ],
    ['a quantity of zero', { link: 'https://x.test/a', quantity: '0' }, 'Quantity less than minimal 10'],
    [
      'a quantity over the maximum',
      { link: 'https://x.test/a', quantity: '10001' },
      'Quantity more than maximal 10000',
    ],
    ['a quantity that is not a number', { link: 'https://x.test/a', quantity: 'ten' }, 'Incorrect quantity'],
    ['a negative quantity', { link: 'https://x.test/a', quantity: '-100' }, 'Incorrect quantity'],
    ['no quantity', { link: 'https://x.test/a' }, 'Incorrect quantity'],
  ] as [string, Record<string, string | undefined>, string][])(
    'refuses %s with HTTP 200 and the usual text',
    async (_case, fields, text) => {
      const customer = await p.customer()
      // The likes service unless the case says otherwise; a field set to undefined is left out.
      const sent = Object.entries({ service: String(p.services.likes), ...fields }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      )
      const exchange = await customer.api.raw({ action: 'add', ...Object.fromEntries(sent) })
      expect(exchange.status).toBe(200)
      expect(exchange.body).toEqual({ error: text })
      expect(await panelOrders(customer)).toEqual([])
    },
  )

  it('refuses a service the operator switched off', async () => {
    const customer = await p.customer()
    const answer = await customer.api.add({ service: p.services.retired, link: uniqueLink(), quantity: 100 })
    expect(answer).toEqual({ error: 'Incorrect service ID' })
  })

  it('stores the comments of an AI service as the order texts, one unit each, written by no AI', async () => {
    const customer = await p.customer()
    const comments = ['Great thread!', 'Saved this for later.', 'This is the way.']
    const answer = (await customer.api.add({
      service: p.services.aiComments,
      link: uniqueLink(),
      comments: ['', ...comments, '   '],
    })) as { order: number }
    expect(answer.order).toEqual(expect.any(Number))
    const [listed] = await panelOrders(customer)
    expect(listed).toMatchObject({
      quantity: 3,
      charge: microsToUsd(chargeMicros(RATES.aiComments, 3)),
      ai_texts: comments,
      ai_progress: { generated: 3, total: 3 },
    })
  })

  it('refuses comments whose count is not the quantity', async () => {
    const customer = await p.customer()
    const answer = await customer.api.add({
      service: p.services.aiComments,
      link: uniqueLink(),
      quantity: 5,
      comments: ['One', 'Two'],
    })
    expect(answer).toEqual({ error: 'Quantity must equal the number of comments' })
  })
})

describe('status', () => {
  it("answers Incorrect order ID for another customer's order, a missing one and one that is not a number", async () => {
    const owner = await p.customer()
    const other = await p.customer()
    const { order } = (await owner.api.add({
      service: p.services.likes,
      link: uniqueLink(),
      quantity: 100,
    })) as { order: number }
    for (const id of [order, 999999, 'abc', '']) {
      expect(await other.api.status(id)).toEqual({ error: 'Incorrect order ID' })
    }
  })

  it('answers several orders keyed by id, a bad or foreign id with its own error', async () => {
    const customer = await p.customer()
    const other = await p.customer()
    const first = (await customer.api.add({
      service: p.services.likes,
      link: uniqueLink(),
      quantity: 100,
    })) as {
      order: number
    }
    const second = (await customer.api.add({
      service: p.services.followers,
      link: uniqueLink(),
      quantity: 1000,
    })) as { order: number }
    const foreign = (await other.api.add({
      service: p.services.likes,
      link: uniqueLink(),
      quantity: 100,
    })) as {
      order: number
    }
    const answer = await customer.api.statusMany([first.order, 'abc', second.order, foreign.order, 999999])
    expect(answer).toEqual({
      [first.order]: { charge: '0.09', start_count: '0', status: 'Pending', remains: '100', currency: 'USD' },
      abc: { error: 'Incorrect order ID' },
      [second.order]: {
        charge: '2.40',
        start_count: '0',
        status: 'Pending',
        remains: '1000',
        currency: 'USD',
      },
      [foreign.order]: { error: 'Incorrect order ID' },
      999999: { error: 'Incorrect order ID' },
    })
  })

  it('takes up to 100 orders in one call and refuses more', async () => {
    const customer = await p.customer()
    const ids = Array.from({ length: 101 }, (_unused, index) => 900_000 + index)
    const hundred = (await customer.api.statusMany(ids.slice(0, 100))) as Record<string, unknown>
    expect(Object.keys(hundred)).toHaveLength(100)
    expect(await customer.api.statusMany(ids)).toEqual({ error: 'Too many orders, at most 100 per request' })
    expect(await customer.api.raw({ action: 'status', orders: ' , ,' })).toMatchObject({
      status: 200,
      body: { error: 'Incorrect request' },
    })
    expect(await customer.api.raw({ action: 'status' })).toMatchObject({
      body: { error: 'Incorrect request' },
    })
  })
})

describe('cancel', () => {
  it('cancels with the panel rules: a pending order at once with its refund, others refused per order', async () => {
    const customer = await p.customer(10)
    const other = await p.customer()
    const pending = (await customer.api.add({
      service: p.services.likes,
      link: uniqueLink(),
      quantity: 200,
    })) as {
      order: number
    }
    const foreign = (await other.api.add({
      service: p.services.likes,
      link: uniqueLink(),
      quantity: 100,
    })) as {
      order: number
    }
    const answer = await customer.api.cancel([pending.order, foreign.order, 'abc', 999999])
    expect(answer).toEqual([
      { order: pending.order, cancel: 1 },
      { order: foreign.order, cancel: { error: 'Incorrect order ID' } },
      { order: 'abc', cancel: { error: 'Incorrect order ID' } },
      { order: 999999, cancel: { error: 'Incorrect order ID' } },
    ])
    expect(await customer.api.status(pending.order)).toEqual({
      charge: '0.00',
      start_count: '0',
      status: 'Canceled',
      remains: '200',
      currency: 'USD',
    })
    expect(await balanceMicros(customer.user.userId)).toBe(10_000_000)
    // The foreign order was not touched.
    expect(await other.api.status(foreign.order)).toMatchObject({ status: 'Pending' })
    // Cancelled already: the panel's rule refuses it now.
    expect(await customer.api.cancel([pending.order])).toEqual([
      { order: pending.order, cancel: { error: 'Only pending or processing orders can be cancelled' } },
    ])
  })

  it('refuses a call without orders and more than 100 at once', async () => {
    const customer = await p.customer()
    expect(await customer.api.raw({ action: 'cancel' })).toMatchObject({
      status: 200,
      body: { error: 'Incorrect request' },
    })
    const ids = Array.from({ length: 101 }, (_unused, index) => 800_000 + index)
    expect(await customer.api.cancel(ids)).toEqual({ error: 'Too many orders, at most 100 per request' })
  })
})

describe('balance', () => {
  it('answers the wallet balance as exact decimal text in USD, and follows the orders', async () => {
    const customer = await p.customer(12.3456)
    expect(await customer.api.balance()).toEqual({ balance: '12.3456', currency: 'USD' })
    await customer.api.add({ service: p.services.likes, link: uniqueLink(), quantity: 100 })
    // 12.3456 − 0.90 per 1,000 × 100.
    expect(await customer.api.balance()).toEqual({ balance: '12.2556', currency: 'USD' })
  })
})
