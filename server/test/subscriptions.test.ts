import {
  AUTHENTICATION_REQUIRED,
  CreateSubscriptionResponse,
  END_BEFORE_START,
  END_DATE_REQUIRED,
  INSUFFICIENT_BALANCE,
  QUANTITY_RANGE_MESSAGE,
  QUANTITY_WHOLE_NUMBER_MESSAGE,
  RENEWAL_PERIOD_INVALID,
  START_DATE_REQUIRED,
  Subscription,
  SUBSCRIPTION_NOT_ACTIVE,
  SUBSCRIPTION_NOT_FOUND,
  UNKNOWN_SERVICE,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptSecret } from '../src/crypto/secrets'
import { ledgerSum } from '../src/domain/ledger'
import { SUBSCRIPTION_TOO_LONG } from '../src/domain/subscriptions'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'

let t: TestApp
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  // 3 USD per 1,000 followers.
  await addService(t.db, 'followers', 3_000_000)
  await addService(t.db, 'views', 500_000, { min: 100, max: 5_000 })
  await addService(t.db, 'ai_tweets', 40_000_000, { isAi: true })
})
afterAll(() => t.close())

async function customer(usd = 100): Promise<SignedUp> {
  const user = await signUp(t)
  if (usd > 0) await fund(t.db, user.userId, usd)
  return user
}

function iso(epochMilliseconds: number): string {
  return new Date(epochMilliseconds).toISOString()
}

function subscriptionBody(overrides: Record<string, unknown> = {}) {
  const start = t.clock.now()
  return {
    plan: 'Growth',
    renewalPeriod: 'daily',
    actionType: 'followers',
    quantityPerPeriod: 100,
    startDate: iso(start),
    endDate: iso(start + 7 * DAY),
    url: uniqueLink(),
    aiSettings: [],
    ...overrides,
  }
}

function post(path: string, token: string | null, body?: unknown) {
  return t.app.request(path, {
    method: 'POST',
    headers: token === null ? { 'Content-Type': 'application/json' } : authed(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function balanceOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

describe('POST /api/orders/subscription', () => {
  it('stores the period math, charges and places period 1 at once and schedules period 2', async () => {
    const user = await customer(10)
    const body = subscriptionBody()
    const response = await post('/api/orders/subscription', user.token, body)
    expect(response.status).toBe(201)
    const { initialOrder, subscription } = CreateSubscriptionResponse.parse(await response.json())
    expect(subscription).toEqual({
      id: expect.any(String),
      plan: 'Growth',
      renewalPeriod: 'daily',
      actionType: 'followers',
      quantityPerPeriod: 100,
      startDate: body.startDate,
      endDate: body.endDate,
      url: body.url,
      aiSettings: [],
      status: 'active',
      periodCount: 7,
      periodsPlaced: 1,
      nextRunAt: iso(t.clock.now() + DAY),
      // 100 × 7 × 0.003 USD
      totalCost: 2.1,
      created_at: iso(t.clock.now()),
    })
    expect(initialOrder).toMatchObject({
      service_type: 'followers',
      target_url: body.url,
      quantity: 100,
      status: 'pending',
      charge: 0.3,
      subscription_id: subscription.id,
    })
    expect(await balanceOf(user.userId)).toBe(9_700_000)
    expect(await ledgerSum(t.db, user.userId)).toBe(9_700_000)
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('unique_key', '=', `order:${initialOrder.id}:dispatch`)
      .executeTakeFirstOrThrow()
    expect(job.kind).toBe('dispatch-order')
    const row = await t.db
      .selectFrom('subscriptions')
      .select('rate_per_1k')
      .where('id', '=', Number(subscription.id))
      .executeTakeFirstOrThrow()
    expect(row.rate_per_1k).toBe(3_000_000)
  })

  it.each([
    ['minutely', 90 * 60 * 1000, 90, 60 * 1000],
    ['weekly', 15 * DAY, 3, 7 * DAY],
    ['bi-weekly', 28 * DAY, 2, 14 * DAY],
    ['monthly', 31 * DAY, 2, 30 * DAY],
  ])('counts %s periods over the range, rounded up', async (renewalPeriod, range, count, period) => {
    const user = await customer()
    const start = t.clock.now()
    const response = await post(
      '/api/orders/subscription',
      user.token,
      subscriptionBody({ renewalPeriod, startDate: iso(start), endDate: iso(start + range) }),
    )
    expect(response.status).toBe(201)
    const { subscription } = CreateSubscriptionResponse.parse(await response.json())
    expect(subscription).toMatchObject({
      periodCount: count,
      nextRunAt: iso(start + period),
      status: 'active',
    })
  })

  it('completes a one-period subscription at once, with nothing scheduled', async () => {
    const user = await customer()
    const start = t.clock.now()
    const response = await post(
      '/api/orders/subscription',
      user.token,
      subscriptionBody({ startDate: iso(start), endDate: iso(start + DAY) }),
    )
    const { subscription } = CreateSubscriptionResponse.parse(await response.json())
    expect(subscription).toMatchObject({
      periodCount: 1,
      periodsPlaced: 1,
      nextRunAt: null,
      status: 'completed',
    })
  })

  it('allows a second subscription on the same link: periods are one order stream, not rival orders', async () => {
    const user = await customer()
    const url = uniqueLink()
    expect((await post('/api/orders/subscription', user.token, subscriptionBody({ url }))).status).toBe(201)
    expect((await post('/api/orders/subscription', user.token, subscriptionBody({ url }))).status).toBe(201)
  })

  it('refuses a balance too low for the first period with 402 and stores nothing', async () => {
    const user = await customer(0.2)
    const response = await post('/api/orders/subscription', user.token, subscriptionBody())
    expect(response.status).toBe(402)
    expect(await response.json()).toEqual({ detail: INSUFFICIENT_BALANCE })
    const subscriptions = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(subscriptions).toEqual([])
    const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', user.userId).execute()
    expect(orders).toEqual([])
    expect(await balanceOf(user.userId)).toBe(200_000)
  })

  it.each([
    ['a missing url', { url: undefined }, 'url', VALID_URL_REQUIRED],
    ['an empty url', { url: '' }, 'url', VALID_URL_REQUIRED],
    ['a url without http(s)', { url: 'social.example/me' }, 'url', VALID_URL_REQUIRED],
    ['an unknown renewal period', { renewalPeriod: 'yearly' }, 'renewalPeriod', RENEWAL_PERIOD_INVALID],
    [
      'an end date equal to the start',
      { endDate: iso(Date.UTC(2026, 10, 21, 9)) },
      'endDate',
      END_BEFORE_START,
    ],
    [
      'an end date before the start',
      { endDate: iso(Date.UTC(2026, 10, 20, 9)) },
      'endDate',
      END_BEFORE_START,
    ],
    ['a missing start date', { startDate: undefined }, 'startDate', START_DATE_REQUIRED],
    ['a start date that is not a date', { startDate: 'tomorrow' }, 'startDate', START_DATE_REQUIRED],
    ['a missing end date', { endDate: undefined }, 'endDate', END_DATE_REQUIRED],
    ['a zero quantity per period', { quantityPerPeriod: 0 }, 'quantityPerPeriod', QUANTITY_RANGE_MESSAGE],
    [
      'a fractional quantity per period',
      { quantityPerPeriod: 7.5 },
      'quantityPerPeriod',
      QUANTITY_WHOLE_NUMBER_MESSAGE,
    ],
    [
      'a quantity outside the service limits',
      { actionType: 'views', quantityPerPeriod: 10 },
      'quantityPerPeriod',
      'Quantity must be between 100 - 5,000',
    ],
    ['an unknown action type', { actionType: 'teleports' }, 'actionType', UNKNOWN_SERVICE],
    [
      'an end date centuries away on a minutely plan',
      { renewalPeriod: 'minutely', quantityPerPeriod: 10_000, endDate: '9999-12-31T00:00:00.000Z' },
      'endDate',
      SUBSCRIPTION_TOO_LONG,
    ],
  ])('refuses %s with 422 naming the field', async (_case, overrides, field, message) => {
    const user = await customer()
    const response = await post('/api/orders/subscription', user.token, subscriptionBody(overrides))
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail: `${field}: ${message}`, field })
    expect(await balanceOf(user.userId)).toBe(100_000_000)
  })

  it('keeps the AI settings of an AI subscription and writes its first order with the first one', async () => {
    const user = await customer()
    await t.db
      .insertInto('ai_settings')
      .values({
        user_id: user.userId,
        id: 'reasoner',
        name: 'Reasoner',
        model: 'deepseek-reasoner',
        provider: 'deepseek',
        temperature: 0.7,
        max_tokens: 100,
        top_p: 1,
        frequency_penalty: 0,
        presence_penalty: 0,
        system_prompt: 'Reason',
        user_prompt: 'Tweet',
        // A key of its own: the panel under test lends none, and an AI subscription without one is refused.
        api_key_encrypted: encryptSecret(t.config.dataKey, 'sk-subscription-0123456789'),
        last_used_at: 0,
        created_at: 0,
        updated_at: 0,
      })
      .execute()
    const response = await post(
      '/api/orders/subscription',
      user.token,
      subscriptionBody({ actionType: 'ai_tweets', quantityPerPeriod: 5, aiSettings: ['REASONER'] }),
    )
    expect(response.status).toBe(201)
    const { subscription, initialOrder } = CreateSubscriptionResponse.parse(await response.json())
    expect(subscription.aiSettings).toEqual(['reasoner'])
    const row = await t.db
      .selectFrom('orders')
      .select('ai_setting')
      .where('id', '=', Number(initialOrder.id))
      .executeTakeFirstOrThrow()
    expect(JSON.parse(row.ai_setting ?? 'null')).toMatchObject({ id: 'reasoner', model: 'deepseek-reasoner' })
  })

  it('refuses a request without a token with 401', async () => {
    const response = await post('/api/orders/subscription', null, subscriptionBody())
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})

describe('GET /api/orders/subscriptions and POST /api/orders/subscriptions/{id}/cancel', () => {
  async function subscribe(token: string) {
    const response = await post('/api/orders/subscription', token, subscriptionBody())
    expect(response.status).toBe(201)
    return CreateSubscriptionResponse.parse(await response.json()).subscription
  }

  it("lists the customer's own subscriptions, newest first", async () => {
    const user = await customer()
    const first = await subscribe(user.token)
    const second = await subscribe(user.token)
    await subscribe((await customer()).token)
    const response = await t.app.request('/api/orders/subscriptions', { headers: authed(user.token) })
    expect(response.status).toBe(200)
    expect(
      Subscription.array()
        .parse(await response.json())
        .map((subscription) => subscription.id),
    ).toEqual([second.id, first.id])
  })

  it('stops future periods, keeps the orders already placed, and refuses a second cancel with 409', async () => {
    const user = await customer()
    const subscription = await subscribe(user.token)
    const response = await post(`/api/orders/subscriptions/${subscription.id}/cancel`, user.token)
    expect(response.status).toBe(200)
    expect(Subscription.parse(await response.json())).toMatchObject({
      id: subscription.id,
      status: 'cancelled',
      nextRunAt: null,
      periodsPlaced: 1,
    })
    const orders = await t.db
      .selectFrom('orders')
      .select('status')
      .where('subscription_id', '=', Number(subscription.id))
      .execute()
    expect(orders).toEqual([{ status: 'pending' }])

    const again = await post(`/api/orders/subscriptions/${subscription.id}/cancel`, user.token)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ detail: SUBSCRIPTION_NOT_ACTIVE })
  })

  it("answers 404 for another customer's subscription and for ids that cannot exist", async () => {
    const subscription = await subscribe((await customer()).token)
    const stranger = await customer()
    for (const id of [subscription.id, '999999', 'abc', '0']) {
      const response = await post(`/api/orders/subscriptions/${id}/cancel`, stranger.token)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: SUBSCRIPTION_NOT_FOUND })
    }
    const row = await t.db
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', Number(subscription.id))
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('active')
  })

  it('refuses requests without a token with 401', async () => {
    expect((await t.app.request('/api/orders/subscriptions')).status).toBe(401)
    expect((await post('/api/orders/subscriptions/1/cancel', null)).status).toBe(401)
  })
})
