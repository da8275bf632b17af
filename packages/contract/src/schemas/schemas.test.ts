import type * as z from 'zod'
import { describe, expect, it } from 'vitest'
import {
  AiSettingInput,
  ChangePasswordRequest,
  CreateOrderRequest,
  CreatePaymentRequest,
  CreateSubscriptionRequest,
  FetchModelsRequest,
  ListOrdersQuery,
  MassOrderRequest,
  MeResponse,
  Order,
  ResetPasswordRequest,
  SaveAiSettingsRequest,
  SigninRequest,
  SignupRequest,
  UpdateProfileRequest,
  validationErrorBody,
} from './index'

/** The first issue's message per field path ('' for the root), as the server's 422 detail and the UI show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const byPath: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.join('.')
    byPath[path] ??= issue.message
  }
  return byPath
}

describe('auth bodies', () => {
  it('requires email and password with their messages', () => {
    expect(messages(SigninRequest, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
    expect(messages(SigninRequest, { email: '  ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
  })

  it('refuses a malformed email and lower-cases a good one', () => {
    expect(messages(SigninRequest, { email: 'not-an-email', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    })
    expect(SigninRequest.parse({ email: ' Ann@Example.COM ', password: 'x' }).email).toBe('ann@example.com')
  })

  it('requires 8 to 128 characters for a new password', () => {
    expect(messages(SignupRequest, { email: 'a@b.co', password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    })
    expect(messages(SignupRequest, { email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    })
    expect(SignupRequest.safeParse({ email: 'a@b.co', password: 'x'.repeat(128) }).success).toBe(true)
  })

  it('requires the confirmation to match on reset and change', () => {
    expect(
      messages(ResetPasswordRequest, { token: 't', password: 'longenough', confirmPassword: 'different' }),
    ).toEqual({ confirmPassword: 'Passwords do not match' })
    expect(
      messages(ChangePasswordRequest, {
        currentPassword: '',
        newPassword: 'longenough',
        confirmPassword: 'longenough',
      }),
    ).toEqual({ currentPassword: 'Current password is required' })
    expect(
      ChangePasswordRequest.safeParse({
        currentPassword: 'a',
        newPassword: 'longenough',
        confirmPassword: 'longenough',
      }).success,
    ).toBe(true)
  })
})

describe('order bodies', () => {
  const valid = { service_type: 'likes', target_url: 'https://x.com/a/status/1', quantity: 100 }

  it('accepts a valid order and defaults the optional fields to null', () => {
    expect(CreateOrderRequest.parse(valid)).toEqual({
      ...valid,
      custom_comment: null,
      ai_settings: null,
      runs: null,
      interval: null,
    })
  })

  it('takes a drip-feed as runs and interval together, each within its limits', () => {
    expect(CreateOrderRequest.parse({ ...valid, runs: 2, interval: 1440 })).toMatchObject({
      runs: 2,
      interval: 1440,
    })
    expect(CreateOrderRequest.parse({ ...valid, runs: 100, interval: 1 })).toMatchObject({
      runs: 100,
      interval: 1,
    })
    const runs = 'Runs must be a whole number from 2 to 100'
    const interval = 'Interval must be a whole number of minutes from 1 to 1440'
    expect(messages(CreateOrderRequest, { ...valid, runs: 1, interval: 5 })).toEqual({ runs })
    expect(messages(CreateOrderRequest, { ...valid, runs: 101, interval: 5 })).toEqual({ runs })
    expect(messages(CreateOrderRequest, { ...valid, runs: 2.5, interval: 5 })).toEqual({ runs })
    expect(messages(CreateOrderRequest, { ...valid, runs: 3, interval: 0 })).toEqual({ interval })
    expect(messages(CreateOrderRequest, { ...valid, runs: 3, interval: 1441 })).toEqual({ interval })
    expect(messages(CreateOrderRequest, { ...valid, runs: 3 })).toEqual({ interval })
    expect(messages(CreateOrderRequest, { ...valid, interval: 10 })).toEqual({ runs })
  })

  it('names each invalid field with the spec message', () => {
    expect(messages(CreateOrderRequest, {})).toEqual({
      service_type: 'Please select an action type',
      target_url: 'Valid URL required',
      quantity: 'Quantity must be between 1 - 10,000',
    })
    expect(messages(CreateOrderRequest, { ...valid, target_url: 'x.com/a' })).toEqual({
      target_url: 'Valid URL required',
    })
  })

  it.each([0, 10_001, '100', null])('refuses the quantity %j', (quantity) => {
    expect(messages(CreateOrderRequest, { ...valid, quantity })).toEqual({
      quantity: 'Quantity must be between 1 - 10,000',
    })
  })

  it('refuses a fractional quantity as not a whole number', () => {
    expect(messages(CreateOrderRequest, { ...valid, quantity: 2.5 })).toEqual({
      quantity: 'Quantity must be a whole number',
    })
  })

  it.each([1, 10_000])('accepts the boundary quantity %i', (quantity) => {
    expect(CreateOrderRequest.safeParse({ ...valid, quantity }).success).toBe(true)
  })

  it('normalises a snake_case AI setting sent with an order', () => {
    const parsed = CreateOrderRequest.parse({
      ...valid,
      service_type: 'ai_comments',
      ai_settings: {
        id: 'default',
        name: 'Default AI',
        model: 'deepseek-chat',
        max_tokens: 100,
        system_prompt: 'Be kind',
      },
    })
    expect(parsed.ai_settings).toMatchObject({
      id: 'default',
      maxTokens: 100,
      systemPrompt: 'Be kind',
      provider: 'deepseek',
      temperature: 0.7,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
    })
  })

  it('requires at least one mass item and validates each', () => {
    expect(messages(MassOrderRequest, { items: [] })).toEqual({
      items: 'Add at least one service to the mass order',
    })
    expect(messages(MassOrderRequest, { items: [{ type: 'likes', quantity: 0, url: 'bad' }] })).toEqual({
      'items.0.quantity': 'Quantity must be between 1 - 10,000',
      'items.0.url': 'Valid URL required',
    })
    expect(
      MassOrderRequest.safeParse({
        items: [{ type: 'likes', quantity: 5, url: 'https://a.b', aiSettings: ['x'] }],
      }).success,
    ).toBe(true)
  })

  it('pages orders with a limit of 1 to 100, 50 by default', () => {
    expect(ListOrdersQuery.parse({})).toEqual({ limit: 50 })
    expect(ListOrdersQuery.parse({ limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' })
    expect(messages(ListOrdersQuery, { limit: '0' })).toEqual({ limit: 'Limit must be between 1 and 100' })
    expect(messages(ListOrdersQuery, { limit: '101' })).toEqual({ limit: 'Limit must be between 1 and 100' })
  })

  it('describes a server order with id and order_id', () => {
    const order = {
      id: '7',
      order_id: '7',
      created_at: '2026-01-01T00:00:00.000Z',
      service_type: 'likes',
      target_url: 'https://a.b',
      quantity: 100,
      status: 'partial',
      charge: 0.12,
      start_count: null,
      remains: null,
    }
    expect(Order.parse(order)).toEqual(order)
    expect(Order.safeParse({ ...order, status: 'weird' }).success).toBe(false)
  })
})

describe('subscription body', () => {
  const valid = {
    actionType: 'followers',
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-01-08T00:00:00.000Z',
    url: 'https://instagram.com/me',
  }

  it('fills the spec defaults', () => {
    expect(CreateSubscriptionRequest.parse(valid)).toEqual({
      ...valid,
      plan: '',
      renewalPeriod: 'daily',
      quantityPerPeriod: 7,
      aiSettings: [],
    })
  })

  it('requires the url and an end after the start', () => {
    expect(messages(CreateSubscriptionRequest, { ...valid, url: '' })).toEqual({ url: 'Valid URL required' })
    expect(messages(CreateSubscriptionRequest, { ...valid, endDate: valid.startDate })).toEqual({
      endDate: 'End date must be after the start date',
    })
    expect(messages(CreateSubscriptionRequest, { ...valid, startDate: '' })).toEqual({
      startDate: 'Start date is required',
    })
    expect(messages(CreateSubscriptionRequest, { ...valid, renewalPeriod: 'yearly' })).toEqual({
      renewalPeriod: 'Please select a renewal period',
    })
  })
})

describe('AI settings bodies', () => {
  it('accepts camelCase and snake_case and normalises both to camelCase', () => {
    const camel = AiSettingInput.parse({ name: 'A', model: 'm', maxTokens: 200, topP: 0.9, apiKey: 'sk-1' })
    const snake = AiSettingInput.parse({
      name: 'A',
      model: 'm',
      max_tokens: 200,
      top_p: 0.9,
      api_key: 'sk-1',
    })
    expect(snake).toEqual(camel)
    expect(camel).toEqual({
      name: 'A',
      model: 'm',
      provider: 'deepseek',
      temperature: 0.7,
      maxTokens: 200,
      topP: 0.9,
      frequencyPenalty: 0,
      presencePenalty: 0,
      systemPrompt: '',
      userPrompt: '',
      apiKey: 'sk-1',
    })
  })

  it('prefers the camelCase field when both spellings are sent', () => {
    expect(AiSettingInput.parse({ name: 'A', model: 'm', maxTokens: 300, max_tokens: 100 }).maxTokens).toBe(
      300,
    )
  })

  it('requires a name and a temperature from 0 to 2 in steps of 0.1', () => {
    expect(messages(AiSettingInput, { model: 'm' })).toEqual({ name: 'Name is required' })
    expect(messages(AiSettingInput, { name: 'A', model: 'm', temperature: 2.5 })).toEqual({
      temperature: 'Temperature must be between 0 and 2 in steps of 0.1',
    })
    expect(messages(AiSettingInput, { name: 'A', model: 'm', temperature: 0.75 })).toEqual({
      temperature: 'Temperature must be between 0 and 2 in steps of 0.1',
    })
    expect(messages(AiSettingInput, { name: 'A', model: 'm', provider: 'acme' })).toEqual({
      provider: 'Provider must be one of openai, deepseek, openrouter, replicate',
    })
  })

  it('takes an array for PUT /api/user/ai-settings', () => {
    expect(SaveAiSettingsRequest.parse([{ name: 'A', model: 'm', id: 'x' }])).toHaveLength(1)
    expect(SaveAiSettingsRequest.safeParse({ name: 'A' }).success).toBe(false)
  })

  it('asks for an API key before fetching models', () => {
    expect(messages(FetchModelsRequest, { provider: 'openai', api_key: '' })).toEqual({
      api_key: 'Please enter your API key',
    })
  })
})

describe('profile and payments', () => {
  it('accepts a profile update with a known timezone', () => {
    expect(UpdateProfileRequest.parse({ email: 'A@B.co', phone: '+1 555 0100', timezone: 'EST' })).toEqual({
      email: 'a@b.co',
      phone: '+1 555 0100',
      timezone: 'EST',
    })
    expect(messages(UpdateProfileRequest, { timezone: 'CET' })).toEqual({
      timezone: 'Timezone must be one of UTC, EST, PST',
    })
    expect(messages(UpdateProfileRequest, { phone: 'call me' })).toEqual({
      phone: 'Please enter a valid phone number',
    })
  })

  it.each([
    [undefined, 'Amount is required'],
    [4.99, 'Minimum deposit is $5.00'],
    [10_000.01, 'Maximum deposit is $10,000.00'],
    [10.005, 'Amount must have at most 2 decimal places'],
  ])('refuses the deposit amount %j with %j', (amount, message) => {
    expect(messages(CreatePaymentRequest, { amount })).toEqual({ amount: message })
  })

  it('accepts deposits of $5 to $10,000 in USD only', () => {
    expect(CreatePaymentRequest.parse({ amount: 5 })).toEqual({ amount: 5, currency: 'USD' })
    expect(CreatePaymentRequest.safeParse({ amount: 10_000, currency: 'USD' }).success).toBe(true)
    expect(messages(CreatePaymentRequest, { amount: 10, currency: 'EUR' })).toEqual({
      currency: 'Only USD deposits are accepted',
    })
  })
})

describe('current user answer', () => {
  it('carries every field of the user entity', () => {
    const me = {
      username: 'ann',
      email: 'ann@example.com',
      balance: 50,
      profilePhoto: null,
      totalOrders: 0,
      totalOrdersPanel: 25011,
      settings: { phone: '', timezone: 'UTC' },
      aiSettings: [],
      aiProvidersWithPanelKey: ['openai'],
      transactions: [],
      orders: [],
      updates: [],
      contactMethods: [],
      unreadNotifications: 2,
    }
    expect(MeResponse.parse(me)).toEqual(me)
    const { settings: _settings, ...withoutSettings } = me
    expect(MeResponse.safeParse(withoutSettings).success).toBe(false)
  })
})

describe('validation error answer', () => {
  it('names the first invalid field and gives its message', () => {
    const result = MassOrderRequest.safeParse({
      items: [
        { type: 'likes', quantity: 5, url: 'https://a.b' },
        { type: 'likes', quantity: 5, url: 'bad' },
      ],
    })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(validationErrorBody(result.error)).toEqual({
        detail: 'items[1].url: Valid URL required',
        field: 'items[1].url',
      })
    }
  })

  it('answers the house text for a body of the wrong type', () => {
    const result = SigninRequest.safeParse([])
    expect(result.success).toBe(false)
    if (!result.success)
      expect(validationErrorBody(result.error)).toEqual({ detail: 'Invalid request body', field: '' })
  })
})
