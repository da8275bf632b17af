import { aiKeyRequired, type Order } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
// would be charged and then wait paused for ever, so it is refused before the charge.

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
