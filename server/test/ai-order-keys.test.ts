import { aiKeyRequired, CreateApiKeyResponse, type Order } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptSecret } from '../src/crypto/secrets'
import { placeDueSubscriptionPeriods } from '../src/domain/subscription-periods'
import { silentLogger } from '../src/logger'
import {
  authed,
  createTestApp,
  createTestConfig,
  fund,
  signUp,
  type SignedUp,
  type TestApp,
} from './support/app'
import { addService, uniqueLink } from './support/services'

// An AI order is written with the customer's saved key or the operator's: on a panel with neither, the order
// would be charged and then wait paused for ever, so it is refused before the charge, whichever way it comes:
// the order form, a mass order (per line), a subscription (at creation; a renewal pauses it instead) and API v2.

const DAY_MS = 24 * 60 * 60 * 1000

const deepSeekSetting = {
  id: 'setting-without-key',
  name: 'Witty',
  model: 'deepseek-chat',
  provider: 'deepseek',
  temperature: 0.7,
  max_tokens: 300,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
  system_prompt: 'Be kind',
  user_prompt: 'Reply',
}

async function funded(t: TestApp): Promise<SignedUp> {
  const user = await signUp(t)
  await fund(t.db, user.userId, 100)
  return user
}

function placeAiOrder(t: TestApp, user: SignedUp, aiSettings: unknown) {
  return t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({
      service_type: 'ai_comments',
      target_url: uniqueLink(),
      quantity: 10,
      custom_comment: null,
      ai_settings: aiSettings,
    }),
  })
}

async function providersWithPanelKey(t: TestApp, user: SignedUp): Promise<unknown> {
  const response = await t.app.request('/api/user/me', { headers: authed(user.token) })
  return ((await response.json()) as { aiProvidersWithPanelKey: unknown }).aiProvidersWithPanelKey
}

async function balanceOf(t: TestApp, user: SignedUp): Promise<number> {
  const response = await t.app.request('/api/user/me', { headers: authed(user.token) })
  return ((await response.json()) as { balance: number }).balance
}

/** A saved DeepSeek setting of `user`, with a key of its own or without. */
async function saveSetting(t: TestApp, user: SignedUp, id: string, withKey: boolean) {
  await t.db
    .insertInto('ai_settings')
    .values({
      user_id: user.userId,
      id,
      name: id,
      model: 'deepseek-chat',
      provider: 'deepseek',
      temperature: 0.7,
      max_tokens: 100,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      system_prompt: 'Be kind',
      user_prompt: 'Reply',
      api_key_encrypted: withKey ? encryptSecret(t.config.dataKey, 'sk-saved-key-0123456789abcdef') : null,
      last_used_at: 0,
      created_at: 0,
      updated_at: 0,
    })
    .execute()
}

function post(t: TestApp, user: SignedUp, path: string, body: unknown) {
  return t.app.request(path, { method: 'POST', headers: authed(user.token), body: JSON.stringify(body) })
}

async function ordersOf(t: TestApp, user: SignedUp) {
  return t.db.selectFrom('orders').selectAll().where('user_id', '=', user.userId).execute()
}

describe('an AI order on a panel without the operator key', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await addService(t.db, 'ai_comments', 50_000_000, { isAi: true })
    await addService(t.db, 'likes', 2_000_000)
  })
  afterAll(() => t.close())

  it.each([
    ['a setting without a saved key', deepSeekSetting],
    ['a key typed into the order but never saved', { ...deepSeekSetting, api_key: 'sk-typed-not-saved' }],
    ['no setting at all (the default preset)', null],
  ])('refuses %s with 422 and charges nothing', async (_case, aiSettings) => {
    const user = await funded(t)
    const response = await placeAiOrder(t, user, aiSettings)
    expect(response.status).toBe(422)
    const body = (await response.json()) as { detail: string }
    expect(body.detail).toBe(`ai_settings: ${aiKeyRequired('DeepSeek')}`)
    expect(await balanceOf(t, user)).toBe(100)
    const listed = await t.app.request('/api/orders/get', { headers: authed(user.token) })
    const orders = (await listed.json()) as Order[]
    expect(orders).toEqual([])
  })

  it('takes the order when the customer saved a key with the setting', async () => {
    const user = await funded(t)
    const saved = await t.app.request('/api/user/ai-settings', {
      method: 'PUT',
      headers: authed(user.token),
      body: JSON.stringify([
        { ...deepSeekSetting, id: 'saved-with-key', api_key: 'sk-saved-key-0123456789abcdef' },
      ]),
    })
    expect(saved.status).toBe(200)
    const response = await placeAiOrder(t, user, { ...deepSeekSetting, id: 'saved-with-key' })
    expect(response.status).toBe(201)
  })

  it('tells the customer that the panel lends no key, so the picker can mark such settings', async () => {
    expect(await providersWithPanelKey(t, await funded(t))).toEqual([])
  })

  it('leaves orders for other services alone', async () => {
    const user = await funded(t)
    const response = await t.app.request('/api/orders/create', {
      method: 'POST',
      headers: authed(user.token),
      body: JSON.stringify({
        service_type: 'likes',
        target_url: uniqueLink(),
        quantity: 10,
        custom_comment: null,
        ai_settings: null,
      }),
    })
    expect(response.status).toBe(201)
  })
})

describe('AI orders placed other ways on a panel without the operator key', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await addService(t.db, 'ai_comments', 50_000_000, { isAi: true })
    await addService(t.db, 'likes', 2_000_000)
  })
  afterAll(() => t.close())

  it('refuses a mass order line by line, naming the line, and charges nothing', async () => {
    const user = await funded(t)
    await saveSetting(t, user, 'keyed', true)
    await saveSetting(t, user, 'keyless', false)
    const item = (aiSettings?: string[]) => ({
      type: 'ai_comments',
      quantity: 10,
      url: uniqueLink(),
      ...(aiSettings ? { aiSettings } : {}),
    })
    const cases: [unknown[], string][] = [
      [[{ type: 'likes', quantity: 10, url: uniqueLink() }, item(['keyless'])], 'items[1].aiSettings'],
      [[item(['keyed']), { type: 'likes', quantity: 10, url: uniqueLink() }, item()], 'items[2].aiSettings'],
    ]
    for (const [items, field] of cases) {
      const response = await post(t, user, '/api/orders/mass', { items })
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ detail: `${field}: ${aiKeyRequired('DeepSeek')}`, field })
    }
    expect(await balanceOf(t, user)).toBe(100)
    expect(await ordersOf(t, user)).toEqual([])

    const placed = await post(t, user, '/api/orders/mass', { items: [item(['keyed'])] })
    expect(placed.status).toBe(201)
  })

  it('refuses a subscription when any of its AI settings has no key, and charges nothing', async () => {
    const user = await funded(t)
    await saveSetting(t, user, 'keyed', true)
    await saveSetting(t, user, 'keyless', false)
    const start = t.clock.now()
    const subscription = (aiSettings: string[]) => ({
      plan: 'Custom',
      renewalPeriod: 'daily',
      actionType: 'ai_comments',
      quantityPerPeriod: 10,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * DAY_MS).toISOString(),
      url: uniqueLink(),
      aiSettings,
    })
    for (const aiSettings of [['keyless'], ['keyed', 'keyless'], []]) {
      const response = await post(t, user, '/api/orders/subscription', subscription(aiSettings))
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({
        detail: `aiSettings: ${aiKeyRequired('DeepSeek')}`,
        field: 'aiSettings',
      })
    }
    expect(await balanceOf(t, user)).toBe(100)
    expect(
      await t.db.selectFrom('subscriptions').select('id').where('user_id', '=', user.userId).execute(),
    ).toEqual([])
    expect((await post(t, user, '/api/orders/subscription', subscription(['keyed']))).status).toBe(201)
  })

  it('pauses a renewal whose setting lost its key, saying why, without charging the period', async () => {
    const user = await funded(t)
    await saveSetting(t, user, 'renewed', true)
    const start = t.clock.now()
    const created = await post(t, user, '/api/orders/subscription', {
      plan: 'Custom',
      renewalPeriod: 'daily',
      actionType: 'ai_comments',
      quantityPerPeriod: 10,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 4 * DAY_MS).toISOString(),
      url: uniqueLink(),
      aiSettings: ['renewed'],
    })
    expect(created.status).toBe(201)
    const balanceAfterFirst = await balanceOf(t, user)
    await t.db
      .updateTable('ai_settings')
      .set({ api_key_encrypted: null })
      .where('user_id', '=', user.userId)
      .execute()

    t.clock.set(start + DAY_MS)
    const deps = { db: t.db, clock: t.clock, logger: silentLogger, operatorAiKeys: {} }
    // Other tests' subscriptions share the database: the report counts theirs too.
    expect(await placeDueSubscriptionPeriods(deps)).toMatchObject({ skipped: 1, failed: 0 })
    const row = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('paused')
    expect(row.note).toBe(
      'Period 2 of 4 was skipped and not charged: its AI setting has no API key for DeepSeek, and this panel has none to lend. The subscription is paused; add your key to the setting in AI settings and it places the next period.',
    )
    expect(await balanceOf(t, user)).toBe(balanceAfterFirst)
    expect(await ordersOf(t, user)).toHaveLength(1)

    // With the key back, the next period is placed and the subscription is active again.
    await t.db
      .updateTable('ai_settings')
      .set({ api_key_encrypted: encryptSecret(t.config.dataKey, 'sk-saved-again-0123456789') })
      .where('user_id', '=', user.userId)
      .execute()
    t.clock.set(start + 2 * DAY_MS)
    expect(await placeDueSubscriptionPeriods(deps)).toMatchObject({ skipped: 0, failed: 0 })
    expect(await ordersOf(t, user)).toHaveLength(2)
    expect(
      await t.db
        .selectFrom('subscriptions')
        .select('status')
        .where('user_id', '=', user.userId)
        .executeTakeFirst(),
    ).toEqual({ status: 'active' })
  })

  it('answers an API v2 add of an AI service without texts with {error}, and takes one with its texts', async () => {
    const user = await funded(t)
    const keyResponse = await post(t, user, '/api/user/api-keys', { name: 'Script' })
    expect(keyResponse.status).toBe(201)
    const { key } = CreateApiKeyResponse.parse(await keyResponse.json())
    const service = await t.db
      .selectFrom('services')
      .select('id')
      .where('name', '=', 'ai_comments')
      .executeTakeFirstOrThrow()
    const add = (fields: Record<string, string>) =>
      t.app.request('/api/v2', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          key,
          action: 'add',
          service: String(service.id),
          link: uniqueLink(),
          ...fields,
        }),
      })
    const refused = await add({ quantity: '10' })
    expect(refused.status).toBe(200)
    expect(await refused.json()).toEqual({ error: aiKeyRequired('DeepSeek') })
    expect(await balanceOf(t, user)).toBe(100)

    const withTexts = await add({ comments: 'First\nSecond' })
    expect(await withTexts.json()).toEqual({ order: expect.any(Number) })
  })
})

describe('an AI order on a panel with the operator key', () => {
  let t: TestApp
  beforeAll(async () => {
    const base = createTestConfig()
    t = await createTestApp({
      config: { ai: { ...base.ai, defaultApiKeys: { deepseek: 'sk-operator-key-0123456789' } } },
    })
    await addService(t.db, 'ai_comments', 50_000_000, { isAi: true })
  })
  afterAll(() => t.close())

  it('takes a setting without a key of its own', async () => {
    const user = await funded(t)
    expect((await placeAiOrder(t, user, deepSeekSetting)).status).toBe(201)
  })

  it('names the providers it lends a key for, and never the key', async () => {
    const user = await funded(t)
    expect(await providersWithPanelKey(t, user)).toEqual(['deepseek'])
    const me = await t.app.request('/api/user/me', { headers: authed(user.token) })
    expect(await me.text()).not.toContain('sk-operator-key')
  })
})
