import { randomBytes } from 'node:crypto'
import { AI_SETTING_NOT_FOUND, AiSettingsResponse, INVALID_REQUEST_BODY, MeResponse } from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret } from '../src/crypto/secrets'
import { authed, createTestApp, signUp, type TestApp } from './support/app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const OPENAI_KEY = 'sk-proj-Secret0123456789abcd'

async function me(token: string) {
  const response = await t.app.request('/api/user/me', { headers: authed(token) })
  expect(response.status).toBe(200)
  return MeResponse.parse(await response.json())
}

function save(token: string, body: unknown) {
  return t.app.request('/api/user/ai-settings', {
    method: 'PUT',
    headers: authed(token),
    body: JSON.stringify(body),
  })
}

async function saveOk(token: string, body: unknown) {
  const response = await save(token, body)
  expect(response.status).toBe(200)
  return AiSettingsResponse.parse(await response.json())
}

function remove(token: string, id: string) {
  return t.app.request(`/api/user/ai-settings/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: authed(token),
  })
}

async function storedRows(userId: number) {
  return t.db
    .selectFrom('ai_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

describe('AI presets', () => {
  it("creates 'Default AI' and 'Reasoner' at the first /me of a user who has none, with the spec's values", async () => {
    const user = await signUp(t)
    const settings = (await me(user.token)).aiSettings
    expect(settings).toEqual([
      expect.objectContaining({
        id: 'default',
        name: 'Default AI',
        model: 'deepseek-chat',
        provider: 'deepseek',
        temperature: 0.7,
        maxTokens: 100,
        topP: 1,
        frequencyPenalty: 0,
        presencePenalty: 0,
        apiKey: '',
      }),
      expect.objectContaining({
        id: 'reasoner',
        name: 'Reasoner',
        model: 'deepseek-reasoner',
        maxTokens: 100,
      }),
    ])
    expect(settings[0]?.systemPrompt).toMatch(/community manager/)
    expect(settings[0]?.userPrompt).toMatch(/humorous/)
    expect(settings[1]?.systemPrompt).toMatch(/reasoning assistant/)
  })

  it('creates them once, even for simultaneous first requests', async () => {
    const user = await signUp(t)
    await Promise.all(Array.from({ length: 5 }, () => me(user.token)))
    await me(user.token)
    expect(await storedRows(user.userId)).toHaveLength(2)
  })

  it('does not bring them back once the customer has deleted them', async () => {
    const user = await signUp(t)
    await me(user.token)
    expect((await remove(user.token, 'default')).status).toBe(200)
    expect((await remove(user.token, 'reasoner')).status).toBe(200)
    expect((await me(user.token)).aiSettings).toEqual([])
  })

  it('keeps the settings a customer saved before the first /me instead of adding presets', async () => {
    const user = await signUp(t)
    await saveOk(user.token, [{ id: 'mine', name: 'Mine', model: 'gpt-4o-mini', provider: 'openai' }])
    expect((await me(user.token)).aiSettings.map((setting) => setting.id)).toEqual(['mine'])
  })
})

describe('PUT /api/user/ai-settings', () => {
  it('creates settings sent in camelCase or snake_case alike', async () => {
    const user = await signUp(t)
    const answer = await saveOk(user.token, [
      {
        id: 'camel',
        name: 'Camel',
        model: 'gpt-4o',
        provider: 'openai',
        temperature: 1.2,
        maxTokens: 700,
        topP: 0.9,
        frequencyPenalty: 0.5,
        presencePenalty: -0.5,
        systemPrompt: 'camel system',
        userPrompt: 'camel user',
      },
      {
        id: 'snake',
        name: 'Snake',
        model: 'openrouter/auto',
        provider: 'openrouter',
        temperature: 0.3,
        max_tokens: 250,
        top_p: 0.8,
        frequency_penalty: 1,
        presence_penalty: 1.5,
        system_prompt: 'snake system',
        user_prompt: 'snake user',
        last_used: '2026-11-01T10:00:00.000Z',
      },
    ])
    expect(answer).toEqual([
      expect.objectContaining({
        id: 'camel',
        temperature: 1.2,
        maxTokens: 700,
        topP: 0.9,
        frequencyPenalty: 0.5,
        presencePenalty: -0.5,
        systemPrompt: 'camel system',
        userPrompt: 'camel user',
        apiKey: '',
      }),
      expect.objectContaining({
        id: 'snake',
        provider: 'openrouter',
        maxTokens: 250,
        topP: 0.8,
        frequencyPenalty: 1,
        presencePenalty: 1.5,
        systemPrompt: 'snake system',
        userPrompt: 'snake user',
        lastUsed: '2026-11-01T10:00:00.000Z',
      }),
    ])
  })

  it('fills the documented defaults for fields left out, and gives a setting without id a UUID', async () => {
    const user = await signUp(t)
    const [setting] = await saveOk(user.token, [{ name: 'Minimal', model: 'deepseek-chat' }])
    expect(setting).toMatchObject({
      provider: 'deepseek',
      temperature: 0.7,
      maxTokens: 500,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      apiKey: '',
      lastUsed: new Date(t.clock.now()).toISOString(),
    })
    expect(setting?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('updates a setting whose id matches in any case, keeping its id', async () => {
    const user = await signUp(t)
    await saveOk(user.token, [{ id: 'My-Setting', name: 'First', model: 'deepseek-chat' }])
    const answer = await saveOk(user.token, [
      { id: 'my-setting', name: 'Renamed', model: 'deepseek-reasoner' },
    ])
    expect(answer).toEqual([
      expect.objectContaining({ id: 'My-Setting', name: 'Renamed', model: 'deepseek-reasoner' }),
    ])
    expect(await storedRows(user.userId)).toHaveLength(1)
  })

  it('stores the API key encrypted under DATA_KEY and answers it masked', async () => {
    const user = await signUp(t)
    const [setting] = await saveOk(user.token, [
      { id: 'keyed', name: 'Keyed', model: 'gpt-4o', provider: 'openai', api_key: OPENAI_KEY },
    ])
    expect(setting?.apiKey).toBe('••••••••abcd')
    expect(JSON.stringify(await me(user.token))).not.toContain(OPENAI_KEY)

    const [row] = await storedRows(user.userId)
    expect(row?.api_key_encrypted).toMatch(/^v1:/)
    expect(row?.api_key_encrypted).not.toContain(OPENAI_KEY)
    expect(row?.api_key_encrypted).not.toContain(Buffer.from(OPENAI_KEY).toString('base64'))
    expect(decryptSecret(t.config.dataKey, row?.api_key_encrypted ?? '')).toBe(OPENAI_KEY)
  })

  it('keeps the stored key when the masked value, null or nothing comes back, and removes it for an empty one', async () => {
    const user = await signUp(t)
    const base = { id: 'keyed', name: 'Keyed', model: 'gpt-4o', provider: 'openai' }
    await saveOk(user.token, [{ ...base, apiKey: OPENAI_KEY }])
    const storedKey = async () =>
      decryptSecret(t.config.dataKey, (await storedRows(user.userId))[0]?.api_key_encrypted ?? '')

    await saveOk(user.token, [{ ...base, name: 'Masked sent back', apiKey: '••••••••abcd' }])
    expect(await storedKey()).toBe(OPENAI_KEY)
    await saveOk(user.token, [{ ...base, api_key: null }])
    expect(await storedKey()).toBe(OPENAI_KEY)
    await saveOk(user.token, [{ ...base }])
    expect(await storedKey()).toBe(OPENAI_KEY)

    await saveOk(user.token, [{ ...base, apiKey: 'sk-replacement-9876' }])
    expect(await storedKey()).toBe('sk-replacement-9876')

    const [cleared] = await saveOk(user.token, [{ ...base, apiKey: '' }])
    expect(cleared?.apiKey).toBe('')
    expect((await storedRows(user.userId))[0]?.api_key_encrypted).toBeNull()
  })

  it.each([
    [[{ model: 'deepseek-chat' }], '[0].name: Name is required'],
    [
      [
        { name: 'A', model: 'deepseek-chat' },
        { name: '  ', model: 'x' },
      ],
      '[1].name: Name is required',
    ],
    [[{ name: 'A' }], '[0].model: Model is required'],
    [
      [{ name: 'A', model: 'm', provider: 'anthropic' }],
      '[0].provider: Provider must be one of openai, deepseek, openrouter, replicate',
    ],
    [
      [{ name: 'A', model: 'm', temperature: 2.5 }],
      '[0].temperature: Temperature must be between 0 and 2 in steps of 0.1',
    ],
    [
      [{ name: 'A', model: 'm', temperature: 0.75 }],
      '[0].temperature: Temperature must be between 0 and 2 in steps of 0.1',
    ],
    [
      [{ name: 'A', model: 'm', max_tokens: 0 }],
      '[0].max_tokens: Max tokens must be a whole number between 1 and 32,000',
    ],
    [[{ name: 'A', model: 'm', top_p: 1.5 }], '[0].top_p: Top P must be between 0 and 1'],
    [
      [{ name: 'A', model: 'm', presence_penalty: -3 }],
      '[0].presence_penalty: Penalties must be between -2 and 2',
    ],
    [
      [{ name: 'A', model: 'm', maxTokens: 1.5 }],
      '[0].maxTokens: Max tokens must be a whole number between 1 and 32,000',
    ],
  ])('refuses %j with 422 naming the field as sent and saves nothing', async (body, detail) => {
    const user = await signUp(t)
    const response = await save(user.token, body)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail })
    expect(await storedRows(user.userId)).toEqual([])
  })

  it('refuses a body that is not an array', async () => {
    const user = await signUp(t)
    const response = await save(user.token, { aiSettings: [] })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail: INVALID_REQUEST_BODY })
  })

  it('needs a token', async () => {
    const response = await t.app.request('/api/user/ai-settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '[]',
    })
    expect(response.status).toBe(401)
  })
})

describe('DELETE /api/user/ai-settings/{id}', () => {
  it('deletes a setting matched in any case and answers the rest', async () => {
    const user = await signUp(t)
    await saveOk(user.token, [
      { id: 'Keep-Me', name: 'Keep', model: 'm' },
      { id: 'Drop-Me', name: 'Drop', model: 'm' },
    ])
    const response = await remove(user.token, 'DROP-me')
    expect(response.status).toBe(200)
    expect(AiSettingsResponse.parse(await response.json()).map((setting) => setting.id)).toEqual(['Keep-Me'])
  })

  it("answers 404 for an unknown id and for another user's setting, which stays", async () => {
    const owner = await signUp(t)
    const other = await signUp(t)
    await saveOk(owner.token, [{ id: 'private', name: 'Private', model: 'm' }])
    for (const id of ['nothing-here', 'private']) {
      const response = await remove(other.token, id)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: AI_SETTING_NOT_FOUND })
    }
    expect((await storedRows(owner.userId)).map((row) => row.id)).toEqual(['private'])
  })

  it('needs a token', async () => {
    const response = await t.app.request('/api/user/ai-settings/default', { method: 'DELETE' })
    expect(response.status).toBe(401)
  })
})

describe('secrets at rest', () => {
  it('encrypts with a fresh IV each time and refuses another key or a tampered value', () => {
    const key = randomBytes(32)
    const first = encryptSecret(key, OPENAI_KEY)
    const second = encryptSecret(key, OPENAI_KEY)
    expect(first).not.toBe(second)
    expect(decryptSecret(key, first)).toBe(OPENAI_KEY)
    expect(() => decryptSecret(randomBytes(32), first)).toThrow()
    const tampered = first.slice(0, -2) + (first.endsWith('A') ? 'BB' : 'AA')
    expect(() => decryptSecret(key, tampered)).toThrow()
  })
})
