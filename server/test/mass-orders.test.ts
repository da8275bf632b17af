import {
  AI_SETTING_NOT_FOUND,
  AUTHENTICATION_REQUIRED,
  DUPLICATE_ACTIVE_ORDER,
  INSUFFICIENT_BALANCE,
  MASS_ORDER_EMPTY,
  MASS_ORDER_TOO_MANY,
  MassOrderResponse,
  QUANTITY_RANGE_MESSAGE,
  QUANTITY_WHOLE_NUMBER_MESSAGE,
  SERVICE_TYPE_REQUIRED,
  UNKNOWN_SERVICE,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptSecret } from '../src/crypto/secrets'
import { ledgerSum } from '../src/domain/ledger'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await addService(t.db, 'likes', 2_000_000)
  await addService(t.db, 'followers', 3_000_000)
  await addService(t.db, 'views', 500_000, { min: 100, max: 5_000 })
  await addService(t.db, 'ai_comments', 50_000_000, { isAi: true })
})
afterAll(() => t.close())

async function customer(usd = 100): Promise<SignedUp> {
  const user = await signUp(t)
  if (usd > 0) await fund(t.db, user.userId, usd)
  return user
}

function placeMass(token: string | null, body: unknown) {
  return t.app.request('/api/orders/mass', {
    method: 'POST',
    headers: token === null ? { 'Content-Type': 'application/json' } : authed(token),
    body: typeof body === 'string' ? body : JSON.stringify(body),
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

async function ordersOf(userId: number) {
  return t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

async function countJobs(): Promise<number> {
  const row = await t.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

async function addAiSetting(userId: number, id: string, name: string) {
  await t.db
    .insertInto('ai_settings')
    .values({
      user_id: userId,
      id,
      name,
      model: 'deepseek-chat',
      provider: 'deepseek',
      temperature: 0.7,
      max_tokens: 100,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      system_prompt: 'You manage a community',
      user_prompt: 'Write a reply',
      // A key of its own: the panel under test lends none, and an AI order without a key is refused.
      api_key_encrypted: encryptSecret(t.config.dataKey, 'sk-mass-order-0123456789'),
      last_used_at: 0,
      created_at: 0,
      updated_at: 0,
    })
    .execute()
}

describe('POST /api/orders/mass', () => {
  it('places every item as a charged pending order with its dispatch job, and answers newOrders', async () => {
    const user = await customer(10)
    const items = [
      { type: 'likes', quantity: 1000, url: uniqueLink() },
      { type: 'followers', quantity: 500, url: uniqueLink() },
      { type: 'views', quantity: 100, url: uniqueLink() },
    ]
    const response = await placeMass(user.token, { items })
    expect(response.status).toBe(201)
    const { newOrders } = MassOrderResponse.parse(await response.json())
    expect(
      newOrders.map((order) => [
        order.service_type,
        order.quantity,
        order.target_url,
        order.status,
        order.charge,
      ]),
    ).toEqual([
      ['likes', 1000, items[0]?.url, 'pending', 2],
      ['followers', 500, items[1]?.url, 'pending', 1.5],
      ['views', 100, items[2]?.url, 'pending', 0.05],
    ])
    // 10 − 2 − 1.5 − 0.05
    expect(await balanceOf(user.userId)).toBe(6_450_000)
    expect(await ledgerSum(t.db, user.userId)).toBe(6_450_000)
    for (const order of newOrders) {
      const job = await t.db
        .selectFrom('jobs')
        .selectAll()
        .where('unique_key', '=', `order:${order.id}:dispatch`)
        .executeTakeFirstOrThrow()
      expect(job).toMatchObject({
        kind: 'dispatch-order',
        status: 'queued',
        payload: JSON.stringify({ orderId: Number(order.id) }),
      })
    }
  })

  it('places nothing when the balance cannot cover the whole total, answering 402', async () => {
    const user = await customer(3)
    const jobsBefore = await countJobs()
    // 2 + 1.5 = 3.5 USD against 3 USD: the first item alone would fit.
    const response = await placeMass(user.token, {
      items: [
        { type: 'likes', quantity: 1000, url: uniqueLink() },
        { type: 'followers', quantity: 500, url: uniqueLink() },
      ],
    })
    expect(response.status).toBe(402)
    expect(await response.json()).toEqual({ detail: INSUFFICIENT_BALANCE })
    expect(await ordersOf(user.userId)).toEqual([])
    expect(await countJobs()).toBe(jobsBefore)
    expect(await balanceOf(user.userId)).toBe(3_000_000)
    expect(await ledgerSum(t.db, user.userId)).toBe(3_000_000)
  })

  it.each([
    ['a missing type', { type: undefined }, `items[1].type: ${SERVICE_TYPE_REQUIRED}`, 'items[1].type'],
    ['an unknown type', { type: 'teleports' }, `items[1].type: ${UNKNOWN_SERVICE}`, 'items[1].type'],
    [
      'a link without http(s)',
      { url: 'www.social.example' },
      `items[1].url: ${VALID_URL_REQUIRED}`,
      'items[1].url',
    ],
    ['a zero quantity', { quantity: 0 }, `items[1].quantity: ${QUANTITY_RANGE_MESSAGE}`, 'items[1].quantity'],
    [
      'a fractional quantity',
      { quantity: 2.5 },
      `items[1].quantity: ${QUANTITY_WHOLE_NUMBER_MESSAGE}`,
      'items[1].quantity',
    ],
    [
      'a negative quantity',
      { quantity: -1 },
      `items[1].quantity: ${QUANTITY_RANGE_MESSAGE}`,
      'items[1].quantity',
    ],
    [
      'a quantity outside the service limits',
      { type: 'views', quantity: 50 },
      'items[1].quantity: Quantity must be between 100 - 5,000',
      'items[1].quantity',
    ],
    [
      'AI settings that are not a list',
      { aiSettings: 'default' },
      expect.stringMatching(/^items\[1\]\.aiSettings: /),
      'items[1].aiSettings',
    ],
  ])(
    'refuses the whole mass order when an item has %s, naming the item field',
    async (_case, overrides, detail, field) => {
      const user = await customer()
      const response = await placeMass(user.token, {
        items: [
          { type: 'likes', quantity: 1000, url: uniqueLink() },
          { type: 'followers', quantity: 100, url: uniqueLink(), ...overrides },
        ],
      })
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ detail, field })
      expect(await ordersOf(user.userId)).toEqual([])
      expect(await balanceOf(user.userId)).toBe(100_000_000)
    },
  )

  it('refuses the same link twice for the same service inside one mass order', async () => {
    const user = await customer()
    const link = uniqueLink()
    const response = await placeMass(user.token, {
      items: [
        { type: 'likes', quantity: 100, url: link },
        { type: 'followers', quantity: 100, url: link },
        { type: 'likes', quantity: 200, url: link },
      ],
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      detail: `items[2].url: ${DUPLICATE_ACTIVE_ORDER}`,
      field: 'items[2].url',
    })
    expect(await ordersOf(user.userId)).toEqual([])
  })

  it('refuses everything with 409 when an item repeats a link already in progress', async () => {
    const user = await customer()
    const link = uniqueLink()
    const first = await placeMass(user.token, { items: [{ type: 'likes', quantity: 100, url: link }] })
    expect(first.status).toBe(201)
    const balanceBefore = await balanceOf(user.userId)
    const response = await placeMass(user.token, {
      items: [
        { type: 'followers', quantity: 100, url: uniqueLink() },
        { type: 'likes', quantity: 100, url: link },
      ],
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ detail: DUPLICATE_ACTIVE_ORDER, field: 'items[1].url' })
    expect(await ordersOf(user.userId)).toHaveLength(1)
    expect(await balanceOf(user.userId)).toBe(balanceBefore)
  })

  it.each([
    ['no items', { items: [] }, MASS_ORDER_EMPTY],
    ['items that are not a list', { items: 'likes' }, MASS_ORDER_EMPTY],
    [
      'more than 100 items',
      { items: Array.from({ length: 101 }, () => ({ type: 'likes', quantity: 1, url: uniqueLink() })) },
      MASS_ORDER_TOO_MANY,
    ],
  ])('refuses %s with 422', async (_case, body, message) => {
    const user = await customer()
    const response = await placeMass(user.token, body)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail: `items: ${message}`, field: 'items' })
  })

  it('answers malformed JSON with 400 and a body of the wrong shape with 422', async () => {
    const user = await customer()
    expect((await placeMass(user.token, '{"items": [')).status).toBe(400)
    expect((await placeMass(user.token, '[1, 2]')).status).toBe(422)
  })

  it('writes AI items with the first of their saved AI settings, matched case-insensitively', async () => {
    const user = await customer()
    await addAiSetting(user.userId, 'Witty-One', 'Witty')
    await addAiSetting(user.userId, 'calm', 'Calm')
    const response = await placeMass(user.token, {
      items: [
        { type: 'ai_comments', quantity: 10, url: uniqueLink(), aiSettings: ['witty-one', 'calm'] },
        { type: 'likes', quantity: 10, url: uniqueLink(), aiSettings: ['calm'] },
      ],
    })
    expect(response.status).toBe(201)
    const { newOrders } = MassOrderResponse.parse(await response.json())
    expect(newOrders.map((order) => order.service_type)).toEqual(['ai_comments', 'likes'])
    const settingOf = async (orderId: string) => {
      const row = await t.db
        .selectFrom('orders')
        .select('ai_setting')
        .where('id', '=', Number(orderId))
        .executeTakeFirstOrThrow()
      return row.ai_setting === null ? null : (JSON.parse(row.ai_setting) as unknown)
    }
    expect(await settingOf(newOrders[0]?.id ?? '')).toMatchObject({
      id: 'Witty-One',
      name: 'Witty',
      maxTokens: 100,
    })
    expect(await settingOf(newOrders[1]?.id ?? '')).toBeNull()
  })

  it("refuses an AI setting id the customer does not have, including another customer's", async () => {
    const user = await customer()
    const other = await customer(0)
    await addAiSetting(other.userId, 'theirs', 'Theirs')
    const response = await placeMass(user.token, {
      items: [{ type: 'ai_comments', quantity: 10, url: uniqueLink(), aiSettings: ['theirs'] }],
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      detail: `items[0].aiSettings: ${AI_SETTING_NOT_FOUND}`,
      field: 'items[0].aiSettings',
    })
    expect(await ordersOf(user.userId)).toEqual([])
  })

  it('refuses a request without a token with 401', async () => {
    const response = await placeMass(null, { items: [{ type: 'likes', quantity: 10, url: uniqueLink() }] })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})
