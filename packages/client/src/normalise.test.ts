import { describe, expect, it } from 'vitest'
import { normaliseAiSetting, normaliseOrder, normaliseOrders, normaliseUser } from './normalise'

const now = new Date('2026-05-01T12:00:00.000Z')

describe('normaliseOrder', () => {
  it('reads the server order shape', () => {
    expect(
      normaliseOrder(
        {
          id: '7',
          order_id: '7',
          created_at: '2026-04-01T00:00:00.000Z',
          service_type: 'ai_comments',
          target_url: 'https://x.com/a',
          quantity: 50,
          status: 'paused',
          charge: 1.5,
          start_count: 10,
          remains: 40,
          paused_reason: 'Upstream unavailable',
          ai_progress: { generated: 10, total: 50 },
          ai_texts: ['Great thread, thanks for sharing.', 'This changed how I plan my week.'],
          ai_usage: { prompt_tokens: 420, completion_tokens: 96 },
        },
        now,
      ),
    ).toEqual({
      id: '7',
      date: '2026-04-01T00:00:00.000Z',
      serviceId: null,
      serviceType: 'ai_comments',
      url: 'https://x.com/a',
      quantity: 50,
      status: 'paused',
      charge: 1.5,
      startCount: 10,
      remains: 40,
      pausedReason: 'Upstream unavailable',
      aiProgress: { generated: 10, total: 50 },
      aiTexts: ['Great thread, thanks for sharing.', 'This changed how I plan my week.'],
      subscriptionId: null,
      refillUntil: null,
      refillable: false,
      refill: null,
      dripFeed: null,
    })
  })

  it('reads the refill window, whether a refill may be asked for, and the latest refill', () => {
    const refill = {
      id: '3',
      status: 'rejected',
      reason: 'Too old',
      created_at: '2026-04-02T00:00:00.000Z',
      updated_at: '2026-04-02T01:00:00.000Z',
    }
    expect(
      normaliseOrder(
        { id: '7', status: 'completed', refill_until: '2026-05-01T00:00:00.000Z', refillable: true, refill },
        now,
      ),
    ).toMatchObject({
      refillUntil: '2026-05-01T00:00:00.000Z',
      refillable: true,
      refill: {
        id: '3',
        status: 'rejected',
        reason: 'Too old',
        requestedAt: '2026-04-02T00:00:00.000Z',
        updatedAt: '2026-04-02T01:00:00.000Z',
      },
    })
    // A refill in a status the panel does not know, or without an id, is left out rather than misread.
    expect(normaliseOrder({ id: '7', refill: { ...refill, status: 'done' } }, now).refill).toBeNull()
    expect(normaliseOrder({ id: '7', refill: { ...refill, id: null } }, now).refill).toBeNull()
    expect(normaliseOrder({ id: '7', refillable: 'yes' }, now).refillable).toBe(false)
  })

  it("reads a drip-feed order's progress, and none from a partial one", () => {
    const dripFeed = {
      runs: 5,
      interval: 30,
      run: 2,
      next_run_at: '2026-05-01T12:30:00.000Z',
      delivered: 200,
    }
    expect(normaliseOrder({ id: '10', drip_feed: dripFeed }, now).dripFeed).toEqual({
      runs: 5,
      interval: 30,
      run: 2,
      nextRunAt: '2026-05-01T12:30:00.000Z',
      delivered: 200,
    })
    expect(
      normaliseOrder({ id: '10', drip_feed: { ...dripFeed, next_run_at: null } }, now).dripFeed,
    ).toMatchObject({
      nextRunAt: null,
    })
    expect(normaliseOrder({ id: '10', drip_feed: { runs: 5 } }, now).dripFeed).toBeNull()
  })

  it('gives an order that is not an AI order no texts, no progress and no pause reason', () => {
    expect(
      normaliseOrder({ id: '8', service_type: 'likes', status: 'completed', paused_reason: null }, now),
    ).toMatchObject({ aiTexts: [], aiProgress: null, pausedReason: null })
  })

  it('keeps the string texts in the order the server gave them and ignores anything else', () => {
    expect(
      normaliseOrder({ id: '9', ai_texts: ['First', 42, null, 'Second', { text: 'x' }] }, now).aiTexts,
    ).toEqual(['First', 'Second'])
    expect(normaliseOrder({ id: '9', ai_texts: 'First' }, now).aiTexts).toEqual([])
  })

  it('reads progress given as numeric strings and drops progress missing either count', () => {
    expect(normaliseOrder({ id: '9', ai_progress: { generated: '3', total: '12' } }, now).aiProgress).toEqual(
      {
        generated: 3,
        total: 12,
      },
    )
    expect(normaliseOrder({ id: '9', ai_progress: { generated: 3 } }, now).aiProgress).toBeNull()
    expect(normaliseOrder({ id: '9', ai_progress: null }, now).aiProgress).toBeNull()
  })

  it('reads the pause reason of a paused AI order', () => {
    expect(
      normaliseOrder(
        {
          id: '9',
          status: 'paused',
          paused_reason: 'Failed to generate texts: the provider refused the key',
          ai_progress: { generated: 0, total: 20 },
          ai_texts: [],
        },
        now,
      ),
    ).toMatchObject({
      status: 'paused',
      pausedReason: 'Failed to generate texts: the provider refused the key',
      aiProgress: { generated: 0, total: 20 },
      aiTexts: [],
    })
  })

  it('falls back between id and order_id, date and created_at, type and service_type, url and target_url', () => {
    expect(
      normaliseOrder({ order_id: 'a1', date: '2026-01-01', type: 'likes', url: 'https://u' }, now),
    ).toMatchObject({
      id: 'a1',
      date: '2026-01-01',
      serviceType: 'likes',
      url: 'https://u',
    })
    expect(normaliseOrder({ id: 5, service_id: 9 }, now)).toMatchObject({ id: '5', serviceId: '9' })
  })

  it('defaults the date to now, the quantity to 0 and an unknown status to pending', () => {
    expect(normaliseOrder({ id: 'x', quantity: 'lots', status: 'weird' }, now)).toMatchObject({
      date: now.toISOString(),
      quantity: 0,
      status: 'pending',
    })
    expect(normaliseOrder({ id: 'x', quantity: '25' }, now).quantity).toBe(25)
  })
})

describe('normaliseOrders', () => {
  it('drops validation-error entries and entries without a string id and status', () => {
    const orders = normaliseOrders(
      [
        { id: '1', status: 'completed' },
        { type: 'missing', loc: ['body', 'url'], msg: 'Field required', input: {} },
        { id: 2, status: 'pending' },
        { id: '3' },
        { order_id: '4', status: 'processing' },
        null,
        'text',
      ],
      now,
    )
    expect(orders.map((order) => [order.id, order.status])).toEqual([
      ['1', 'completed'],
      ['4', 'processing'],
    ])
  })

  it('keeps an entry with the validation keys plus an id and status', () => {
    const orders = normaliseOrders(
      [{ type: 'likes', loc: 'x', msg: 'y', input: 'z', id: '9', status: 'pending' }],
      now,
    )
    expect(orders).toHaveLength(1)
  })

  it('gives an empty list for anything that is not a list', () => {
    expect(normaliseOrders({ detail: 'error' }, now)).toEqual([])
    expect(normaliseOrders(undefined, now)).toEqual([])
  })
})

describe('normaliseAiSetting', () => {
  it('reads snake_case and camelCase alike', () => {
    const snake = normaliseAiSetting(
      {
        id: 'a',
        name: 'A',
        model: 'm',
        provider: 'openai',
        max_tokens: 200,
        top_p: 0.5,
        system_prompt: 'S',
        api_key: 'k',
      },
      now,
    )
    const camel = normaliseAiSetting(
      {
        id: 'a',
        name: 'A',
        model: 'm',
        provider: 'openai',
        maxTokens: 200,
        topP: 0.5,
        systemPrompt: 'S',
        apiKey: 'k',
      },
      now,
    )
    expect(snake).toEqual(camel)
    expect(snake).toMatchObject({
      maxTokens: 200,
      topP: 0.5,
      systemPrompt: 'S',
      apiKey: 'k',
      provider: 'openai',
    })
  })

  it('fills the spec defaults for missing values', () => {
    expect(normaliseAiSetting({ id: 'a', name: 'A', model: 'm' }, now)).toEqual({
      id: 'a',
      name: 'A',
      model: 'm',
      provider: 'deepseek',
      temperature: 0.7,
      maxTokens: 500,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      systemPrompt: '',
      userPrompt: '',
      apiKey: '',
      lastUsed: now.toISOString(),
    })
  })

  it('treats an unknown provider as deepseek', () => {
    expect(normaliseAiSetting({ provider: 'acme' }, now).provider).toBe('deepseek')
  })
})

describe('normaliseUser', () => {
  it('defaults the balance to 0, the panel total to 25011 and the photo to none', () => {
    const user = normaliseUser({ username: 'ann', email: 'ann@example.com', profilePhoto: '' }, now)
    expect(user).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      balance: 0,
      profilePhoto: null,
      totalOrders: 0,
      totalOrdersPanel: 25011,
      settings: { phone: '', timezone: 'UTC' },
      aiSettings: [],
      aiProvidersWithPanelKey: [],
      transactions: [],
      orders: [],
      updates: [],
      contactMethods: [],
      unreadNotifications: 0,
    })
  })

  it('normalises the nested orders and AI settings', () => {
    const user = normaliseUser(
      {
        balance: 12.5,
        totalOrdersPanel: 40000,
        settings: { phone: '+1 555', timezone: 'PST' },
        orders: [
          { id: '1', status: 'done' },
          { msg: 'x', loc: [], type: 't', input: 1 },
        ],
        aiSettings: [{ id: 'x', max_tokens: 50 }],
      },
      now,
    )
    expect(user.balance).toBe(12.5)
    expect(user.totalOrdersPanel).toBe(40000)
    expect(user.settings).toEqual({ phone: '+1 555', timezone: 'PST' })
    expect(user.orders).toEqual([expect.objectContaining({ id: '1', status: 'pending' })])
    expect(user.aiSettings[0]?.maxTokens).toBe(50)
  })
})
