// Realistic fixture data, typed by the contract. Dates hang off one fixed instant so screenshots and story
// tests do not change from day to day.

import {
  chargeMicrosForUnitRate,
  createAiPresets,
  maskApiKey,
  microsToUsd,
  periodCount,
  SUPPORT_HOURS,
  type AiSetting,
  type ApiKeySummary,
  type ContactMethod,
  type CryptoMethod,
  type ModelOption,
  type Order,
  type Subscription,
  type Transaction,
  type Update,
} from '@engage/contract'

export const FIXTURE_NOW = new Date('2026-11-20T10:00:00.000Z')

function hoursBefore(hours: number, now: Date = FIXTURE_NOW): string {
  return new Date(now.getTime() - hours * 3_600_000).toISOString()
}

/** Service name → USD per unit, in display order (the pricing grid shows them per 1,000). */
export const fixtureServices: Readonly<Record<string, number>> = {
  followers: 0.0025,
  likes: 0.0012,
  views: 0.0004,
  retweets: 0.003,
  follows: 0.0028,
  ai_comments: 0.05,
  ai_tweets: 0.08,
  premium_followers: 0.0065,
}

/**
 * Services whose own quantity limits are narrower than 1 - 10,000, as an operator sets them: views start at 100,
 * follows stop at 5,000, AI tweets at 500. The others take the rule of every order.
 */
export const fixtureServiceLimits: Readonly<Record<string, { min: number; max: number }>> = {
  views: { min: 100, max: 10_000 },
  follows: { min: 1, max: 5_000 },
  ai_tweets: { min: 1, max: 500 },
}

export const fixtureProfile = {
  username: 'alex.morgan',
  email: 'alex.morgan@example.com',
  /** The demo account's password for the sign-in handler. */
  password: 'engage-demo-2026',
  profilePhoto: null as string | null,
  phone: '+1 415 555 0134',
  timezone: 'PST' as const,
}

export const FIXTURE_PANEL_TOTAL_ORDERS = 31_842

function order(
  fields: Pick<Order, 'id' | 'service_type' | 'target_url' | 'quantity' | 'status'> &
    Partial<Order> & { hoursAgo: number },
): Order {
  const { hoursAgo, ...rest } = fields
  const rate = fixtureServices[fields.service_type] ?? 0
  return {
    order_id: fields.id,
    created_at: hoursBefore(hoursAgo),
    charge: microsToUsd(chargeMicrosForUnitRate(rate, fields.quantity)),
    start_count: null,
    remains: null,
    paused_reason: null,
    ai_progress: null,
    custom_comment: null,
    subscription_id: null,
    ...rest,
  }
}

/** One order in every status, newest first. */
export function fixtureOrders(): Order[] {
  return [
    order({
      id: '1048',
      service_type: 'likes',
      target_url: 'https://x.com/engagepanel/status/1859201934201',
      quantity: 500,
      status: 'pending',
      hoursAgo: 1,
    }),
    order({
      id: '1047',
      service_type: 'ai_comments',
      target_url: 'https://x.com/alexmorgan/status/1859100012345',
      quantity: 40,
      status: 'processing',
      start_count: 12,
      remains: 25,
      ai_progress: { generated: 15, total: 40 },
      hoursAgo: 5,
    }),
    order({
      id: '1046',
      service_type: 'followers',
      target_url: 'https://instagram.com/alex.morgan.studio',
      quantity: 2000,
      status: 'paused',
      paused_reason: 'The provider did not answer after several tries. Retry when you are ready.',
      hoursAgo: 20,
    }),
    order({
      id: '1045',
      service_type: 'views',
      target_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      quantity: 10000,
      status: 'completed',
      start_count: 48_210,
      remains: 0,
      hoursAgo: 30,
    }),
    order({
      id: '1044',
      service_type: 'retweets',
      target_url: 'https://x.com/alexmorgan/status/1858011122233',
      quantity: 300,
      status: 'partial',
      start_count: 14,
      remains: 120,
      hoursAgo: 52,
    }),
    order({
      id: '1043',
      service_type: 'premium_followers',
      target_url: 'https://x.com/alexmorgan',
      quantity: 1000,
      status: 'cancelled',
      remains: 1000,
      hoursAgo: 75,
    }),
    order({
      id: '1042',
      service_type: 'follows',
      target_url: 'https://x.com/alexmorgan',
      quantity: 250,
      status: 'completed',
      start_count: 3_120,
      remains: 0,
      hoursAgo: 140,
    }),
  ]
}

function transaction(fields: Omit<Transaction, 'date' | 'currency'> & { hoursAgo: number }): Transaction {
  const { hoursAgo, ...rest } = fields
  return { date: hoursBefore(hoursAgo), currency: 'USD', ...rest }
}

/**
 * Transactions of every type and status, newest first: a payment for each order, refunds for the cancelled
 * order and the partial one's remainder, deposits in each status and one withdrawal.
 */
export function fixtureTransactions(orders: readonly Order[] = fixtureOrders()): Transaction[] {
  const payments = orders.map((item, index) =>
    transaction({
      id: `tx-order-${item.id}`,
      type: 'order_payment',
      method: 'balance',
      amount: item.charge,
      status: 'completed',
      txid: null,
      payment_details: { order_id: item.id, service_type: item.service_type, quantity: item.quantity },
      hoursAgo: 1 + index * 20,
    }),
  )
  const cancelled = orders.find((item) => item.status === 'cancelled')
  const partial = orders.find((item) => item.status === 'partial')
  const refunds = [cancelled, partial].flatMap((item) => {
    if (item === undefined) return []
    const rate = fixtureServices[item.service_type] ?? 0
    const undelivered = item.remains ?? item.quantity
    return [
      transaction({
        id: `tx-refund-${item.id}`,
        type: 'refund',
        method: 'balance',
        amount: microsToUsd(chargeMicrosForUnitRate(rate, undelivered)),
        status: 'completed',
        txid: null,
        payment_details: {
          order_id: item.id,
          reason: item.status === 'cancelled' ? 'Order cancelled' : 'Partial delivery',
        },
        hoursAgo: 50,
      }),
    ]
  })
  const deposits = [
    transaction({
      id: 'tx-dep-5',
      type: 'deposit',
      method: 'USDT',
      amount: 25,
      status: 'pending',
      txid: null,
      payment_details: { provider: 'sandbox', network: 'TRC20', payment_id: 'pay-5' },
      hoursAgo: 0.5,
    }),
    transaction({
      id: 'tx-dep-4',
      type: 'deposit',
      method: 'LTC',
      amount: 15,
      status: 'processing',
      txid: 'f3c1a9e2b7d04c5e8a61b2d9c0e7f4a3b6d8e1c2a5f7b9d0e3c6a8f1b4d7e2c5',
      payment_details: { provider: 'sandbox', network: 'LTC', confirmations: 2, required_confirmations: 6 },
      hoursAgo: 2,
    }),
    transaction({
      id: 'tx-dep-3',
      type: 'deposit',
      method: 'ETH',
      amount: 40,
      status: 'failed',
      txid: null,
      payment_details: { provider: 'sandbox', network: 'ETH', reason: 'Payment expired before it was paid' },
      hoursAgo: 100,
    }),
    transaction({
      id: 'tx-dep-2',
      type: 'deposit',
      method: 'BTC',
      amount: 100,
      status: 'completed',
      txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
      payment_details: { provider: 'sandbox', network: 'BTC', confirmations: 3 },
      hoursAgo: 160,
    }),
    transaction({
      id: 'tx-dep-1',
      type: 'deposit',
      method: 'USDT',
      amount: 50,
      status: 'completed',
      txid: '0x9b2f6c1d4e8a7b3c5d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c',
      payment_details: { provider: 'sandbox', network: 'TRC20' },
      hoursAgo: 170,
    }),
  ]
  const withdrawal = transaction({
    id: 'tx-wd-1',
    type: 'withdrawal',
    method: 'manual',
    amount: 10,
    status: 'completed',
    txid: null,
    payment_details: { reason: 'Refund to original payment method' },
    hoursAgo: 150,
  })
  return [...payments, ...refunds, ...deposits, withdrawal].sort((left, right) =>
    right.date.localeCompare(left.date),
  )
}

/** The two presets plus a customer's own OpenAI setting, as stored: with its real key. */
export function fixtureStoredAiSettings(): AiSetting[] {
  const presets = createAiPresets(new Date(hoursBefore(3)))
  return [
    ...presets,
    {
      id: '5f0e8c2a-3b1d-4e6f-9a7b-2c4d6e8f0a1b',
      name: 'Launch replies',
      model: 'gpt-4o-mini',
      provider: 'openai',
      temperature: 0.9,
      maxTokens: 280,
      topP: 0.95,
      frequencyPenalty: 0.3,
      presencePenalty: 0.2,
      lastUsed: hoursBefore(26),
      systemPrompt:
        'You reply to tweets about product launches with genuine enthusiasm and one concrete detail.',
      userPrompt: 'Reply to this launch tweet with a short congratulation and a question about the product.',
      apiKey: 'sk-proj-4f9a2c7e1b8d3a6f',
    },
  ]
}

/** The AI settings as an answer shows them: keys masked. */
export function fixtureAiSettings(): AiSetting[] {
  return fixtureStoredAiSettings().map((setting) => ({ ...setting, apiKey: maskApiKey(setting.apiKey) }))
}

export function fixtureUpdates(): Update[] {
  return [
    {
      id: 'update-3',
      icon: 'sparkles',
      title: 'AI tweets are here',
      text: 'Order tweets written by your own AI settings, with the provider and model you choose.',
      date: hoursBefore(10),
      url: 'https://engagepanel.example/blog/ai-tweets',
    },
    {
      id: 'update-2',
      icon: 'bell',
      title: 'Faster start times',
      text: 'Most orders now start within 6 hours of payment.',
      date: hoursBefore(72),
      url: null,
    },
    {
      id: 'update-1',
      icon: 'info',
      title: 'Scheduled maintenance',
      text: 'Deposits may confirm slowly on Sunday between 02:00 and 03:00 UTC.',
      date: hoursBefore(200),
      url: null,
    },
  ]
}

/** The three contact methods */
export function fixtureContactMethods(): ContactMethod[] {
  return [
    {
      id: 'contact-bot',
      icon: 'chat',
      title: 'Support Bot',
      value: '@EngagePanelBot',
      text: 'Instant answers, day and night',
      url: 'https://t.me/EngagePanelBot',
    },
    {
      id: 'contact-mail',
      icon: 'mail',
      title: 'Email Support',
      value: 'support@engagepanel.example',
      text: SUPPORT_HOURS,
      url: 'mailto:support@engagepanel.example',
    },
    {
      id: 'contact-payments',
      icon: 'wallet',
      title: 'Payment Support',
      value: 'Crypto payment provider',
      text: 'Questions about a crypto deposit',
      url: 'https://engagepanel.example/payments-support',
    },
  ]
}

export function fixturePaymentMethods(): CryptoMethod[] {
  return [
    { currency: 'BTC', network: 'BTC', name: 'Bitcoin' },
    { currency: 'ETH', network: 'ETH', name: 'Ethereum' },
    { currency: 'USDT', network: 'TRC20', name: 'Tether (TRC20)' },
    { currency: 'USDT', network: 'ERC20', name: 'Tether (ERC20)' },
    { currency: 'USDC', network: 'ETH', name: 'USD Coin' },
    { currency: 'LTC', network: 'LTC', name: 'Litecoin' },
    { currency: 'TRX', network: 'TRX', name: 'TRON' },
    { currency: 'DOGE', network: 'DOGE', name: 'Dogecoin' },
  ]
}

export const fixtureModels: Readonly<Record<ModelOption['provider'], readonly ModelOption[]>> = {
  openai: [
    { id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai' },
    { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' },
  ],
  deepseek: [
    { id: 'deepseek-chat', name: 'DeepSeek Chat', provider: 'deepseek' },
    { id: 'deepseek-reasoner', name: 'DeepSeek Reasoner', provider: 'deepseek' },
  ],
  openrouter: [
    { id: 'anthropic/claude-3.5-sonnet', name: 'Claude 3.5 Sonnet', provider: 'openrouter' },
    { id: 'meta-llama/llama-3.1-70b-instruct', name: 'Llama 3.1 70B Instruct', provider: 'openrouter' },
  ],
  replicate: [
    { id: 'meta/meta-llama-3-70b-instruct', name: 'Meta Llama 3 70B Instruct', provider: 'replicate' },
  ],
}

export function fixtureSubscriptions(): Subscription[] {
  const activeStart = hoursBefore(48)
  const activeEnd = new Date(FIXTURE_NOW.getTime() + 5 * 86_400_000).toISOString()
  const endedStart = hoursBefore(400)
  const endedEnd = hoursBefore(64)
  const activeCount = periodCount(activeStart, activeEnd, 'daily')
  const endedCount = periodCount(endedStart, endedEnd, 'weekly')
  return [
    {
      id: '12',
      plan: 'Daily growth',
      renewalPeriod: 'daily',
      actionType: 'followers',
      quantityPerPeriod: 100,
      startDate: activeStart,
      endDate: activeEnd,
      url: 'https://instagram.com/alex.morgan.studio',
      aiSettings: [],
      status: 'active',
      periodCount: activeCount,
      periodsPlaced: 3,
      nextRunAt: new Date(FIXTURE_NOW.getTime() + 14 * 3_600_000).toISOString(),
      totalCost: microsToUsd(chargeMicrosForUnitRate(fixtureServices.followers ?? 0, 100 * activeCount)),
      created_at: activeStart,
    },
    {
      id: '9',
      plan: '',
      renewalPeriod: 'weekly',
      actionType: 'ai_comments',
      quantityPerPeriod: 20,
      startDate: endedStart,
      endDate: endedEnd,
      url: 'https://x.com/alexmorgan',
      aiSettings: ['default'],
      status: 'cancelled',
      periodCount: endedCount,
      periodsPlaced: 1,
      nextRunAt: null,
      totalCost: microsToUsd(chargeMicrosForUnitRate(fixtureServices.ai_comments ?? 0, 20 * endedCount)),
      created_at: endedStart,
    },
  ]
}

/** API keys of the settings page's API tab: one in daily use, one never used, one revoked. */
export function fixtureApiKeys(): ApiKeySummary[] {
  return [
    {
      id: '3',
      name: 'Reseller panel',
      prefix: 'ep_Q7vK2mX',
      created_at: hoursBefore(24 * 12),
      last_used_at: hoursBefore(2),
      revoked_at: null,
    },
    {
      id: '2',
      name: 'Reporting script',
      prefix: 'ep_b4TzR9w',
      created_at: hoursBefore(24 * 30),
      last_used_at: null,
      revoked_at: null,
    },
    {
      id: '1',
      name: 'Old integration',
      prefix: 'ep_Hn3sLp0',
      created_at: hoursBefore(24 * 90),
      last_used_at: hoursBefore(24 * 45),
      revoked_at: hoursBefore(24 * 40),
    },
  ]
}

// ---- AI orders with their texts -----------------------------------------------------------------

/** The comments of order 1051, one per unit: enough of them that the detail card's list scrolls. */
const fixtureAiComments = [
  'This is exactly the kind of breakdown I needed before planning next quarter. Saving it.',
  'Great point about posting times. We moved ours to the morning and replies doubled.',
  'Honest question: how long did it take before the first numbers moved for you?',
  'The part about answering every early reply is underrated. It changed our launch.',
  'Bookmarking this thread. The checklist at the end is gold.',
  'We tried the same experiment last spring and saw almost the same curve. Nice to see it confirmed.',
  'Clear, practical and no fluff. More of this, please.',
  'The screenshot of the analytics dashboard says more than a hundred tips would.',
  'Love that you shared what did not work too. That is the useful half.',
  'Sending this to our whole team before Monday’s planning meeting.',
  'Short posts with one idea each: simple advice, hard to follow, worth it.',
  'Thanks for writing this up. The examples make it easy to try today.',
] as const

/** The tweets order 1050 has so far, 4 of 12. */
const fixtureAiTweets = [
  'Consistency beats intensity: three good posts a week outperform ten rushed ones.',
  'Your first ten replies shape the conversation. Show up for them.',
  'Stop guessing your best posting time. Test two slots for two weeks and compare.',
  'A clear profile line does more for follows than any trending hashtag.',
] as const

/**
 * AI orders with their texts, newest first: 1051 ai_comments finished with its twelve comments, 1050 ai_tweets
 * being written (4 of 12) and 1049 ai_comments paused before its first text because the provider refused the
 * key. Not in the default state; a story that wants them adds them to its own state.
 */
export function fixtureAiOrders(): Order[] {
  return [
    order({
      id: '1051',
      service_type: 'ai_comments',
      target_url: 'https://x.com/engagepanel/status/1859300011122',
      quantity: fixtureAiComments.length,
      status: 'completed',
      start_count: 3,
      remains: 0,
      ai_progress: { generated: fixtureAiComments.length, total: fixtureAiComments.length },
      ai_texts: [...fixtureAiComments],
      ai_usage: { prompt_tokens: 1_260, completion_tokens: 410 },
      hoursAgo: 0.5,
    }),
    order({
      id: '1050',
      service_type: 'ai_tweets',
      target_url: 'https://x.com/alexmorgan',
      quantity: 12,
      status: 'pending',
      ai_progress: { generated: fixtureAiTweets.length, total: 12 },
      ai_texts: [...fixtureAiTweets],
      ai_usage: { prompt_tokens: 380, completion_tokens: 122 },
      hoursAgo: 0.75,
    }),
    order({
      id: '1049',
      service_type: 'ai_comments',
      target_url: 'https://x.com/alexmorgan/status/1859200055566',
      quantity: 20,
      status: 'paused',
      paused_reason: 'Failed to generate texts: the provider refused the key',
      ai_progress: { generated: 0, total: 20 },
      ai_texts: [],
      ai_usage: null,
      hoursAgo: 0.9,
    }),
  ]
}
