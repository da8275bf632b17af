import { describe, expect, it } from 'vitest'
import { aiSettingCanRun, isMaskedApiKey, isValidTemperature, maskApiKey } from './ai'
import { createAiPresets, createBlankAiSettingForm, createNewAiSetting } from './aiPresets'
import { SUPPORT_HOURS } from './messages'
import { cancelEffect } from './cancel'
import { holdsItsLink } from './orders'
import { depositAmountError } from './deposit'
import { formatLedgerUsd } from './money'
import { canAddMassItem, massTotal } from './mass'
import {
  canCancelOrder,
  canRetryOrder,
  normaliseOrderStatus,
  orderStatusTone,
  transactionAmountText,
  transactionAmountTone,
  transactionSign,
  transactionSignTone,
  transactionStatusLabel,
  transactionStatusTone,
  transactionTypeLabel,
} from './status'
import {
  formatPricePer1k,
  isAiEnhanced,
  isAiService,
  isPremium,
  pricingFeatures,
  ratesFromServices,
  serviceDisplayName,
  serviceTitleCase,
  servicesFromRates,
} from './services'
import {
  depositInitiated,
  modeFailedLabel,
  modeFailedMessage,
  orderQueuedForRetry,
  paymentSuccessful,
  requestFailedWithStatus,
} from './messages'

describe('order status', () => {
  it.each([
    ['pending', 'pending'],
    ['processing', 'processing'],
    ['paused', 'paused'],
    ['completed', 'completed'],
    ['cancelled', 'cancelled'],
    ['partial', 'partial'],
    [' Completed ', 'completed'],
    ['in progress', 'pending'],
    ['', 'pending'],
    [undefined, 'pending'],
    [3, 'pending'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normaliseOrderStatus(input)).toBe(expected)
  })

  it('colours completed green, pending yellow and the rest grey', () => {
    expect(orderStatusTone('completed')).toBe('success')
    expect(orderStatusTone('pending')).toBe('warning')
    expect(orderStatusTone('whatever')).toBe('warning')
    expect(orderStatusTone('processing')).toBe('neutral')
    expect(orderStatusTone('cancelled')).toBe('neutral')
    expect(orderStatusTone('paused')).toBe('neutral')
  })

  it('offers cancel for pending or processing and retry for paused', () => {
    expect(['pending', 'processing', 'paused', 'completed'].map(canCancelOrder)).toEqual([
      true,
      true,
      false,
      false,
    ])
    expect(['pending', 'paused', 'completed'].map(canRetryOrder)).toEqual([false, true, false])
  })
})

describe('transactions', () => {
  it.each([
    ['completed', 'success'],
    ['pending', 'warning'],
    ['processing', 'info'],
    ['failed', 'critical'],
    ['refunded', 'neutral'],
    [undefined, 'neutral'],
  ])('colours the %j status %s', (status, tone) => {
    expect(transactionStatusTone(status)).toBe(tone)
  })

  it("labels a missing status 'Unknown'", () => {
    expect(transactionStatusLabel(undefined)).toBe('Unknown')
    expect(transactionStatusLabel('')).toBe('Unknown')
    expect(transactionStatusLabel('completed')).toBe('Completed')
  })

  it('signs deposits + green and withdrawals and order payments - red', () => {
    expect(transactionSign('deposit')).toBe('+')
    expect(transactionSign('refund')).toBe('+')
    expect(transactionSign('withdrawal')).toBe('-')
    expect(transactionSign('order_payment')).toBe('-')
    expect(transactionSignTone('deposit')).toBe('success')
    expect(transactionSignTone('order_payment')).toBe('critical')
    expect(transactionTypeLabel('order_payment')).toBe('Order Payment')
  })

  it('shows a referral commission as money in, under a readable name', () => {
    expect(transactionSign('referral')).toBe('+')
    expect(transactionSignTone('referral')).toBe('success')
    expect(transactionTypeLabel('referral')).toBe('Referral Commission')
    expect(transactionAmountText({ type: 'referral', amount: 1.25, status: 'completed' })).toBe('+$1.25')
  })

  it('shows a failed deposit without a plus sign and without the credit colour', () => {
    const failed = { type: 'deposit', amount: 7.5, status: 'failed' }
    expect(transactionAmountText(failed)).toBe('$7.50')
    expect(transactionAmountTone(failed)).toBe('neutral')
    const completed = { ...failed, status: 'completed' }
    expect(transactionAmountText(completed)).toBe('+$7.50')
    expect(transactionAmountTone(completed)).toBe('success')
  })

  it('keeps the precision of a sub-cent charge, so the rows add up to the balance', () => {
    expect(transactionAmountText({ type: 'order_payment', amount: 0.009, status: 'completed' })).toBe(
      '-$0.009',
    )
    expect(formatLedgerUsd(10 - 0.009)).toBe('$9.991')
    expect(formatLedgerUsd(0.009)).toBe('$0.009')
    expect(formatLedgerUsd(12.5)).toBe('$12.50')
    expect(formatLedgerUsd(0)).toBe('$0.00')
    expect(formatLedgerUsd(1234.000001)).toBe('$1,234.000001')
  })
})

describe('services', () => {
  it('shows names with spaces, upper-cased, and in title case on pricing', () => {
    expect(serviceDisplayName('ai_comments')).toBe('AI COMMENTS')
    expect(serviceDisplayName('premium_followers')).toBe('PREMIUM FOLLOWERS')
    expect(serviceTitleCase('premium_followers')).toBe('Premium Followers')
    expect(serviceTitleCase('likes')).toBe('Likes')
  })

  it('recognises AI-only, AI-enhanced and premium services', () => {
    expect(isAiService('ai_comments')).toBe(true)
    expect(isAiService('ai_tweets')).toBe(true)
    expect(isAiService('ai_likes')).toBe(false)
    expect(isAiEnhanced('ai_likes')).toBe(true)
    expect(isAiEnhanced('followers')).toBe(false)
    expect(isPremium('premium_followers')).toBe(true)
    expect(isPremium('followers')).toBe(false)
  })

  it('turns the rate map into a list and back', () => {
    const services = servicesFromRates({ likes: 0.001, followers: 0.002 })
    expect(services).toEqual([
      { serviceName: 'likes', rate: 0.001 },
      { serviceName: 'followers', rate: 0.002 },
    ])
    expect(ratesFromServices(services)).toEqual({ likes: 0.001, followers: 0.002 })
  })

  it('shows the pricing grid price per 1,000 units and the five features', () => {
    expect(formatPricePer1k(0.0012)).toBe('$1.20')
    expect(formatPricePer1k(0.0000333)).toBe('$0.03')
    expect(pricingFeatures('ai_comments', SUPPORT_HOURS)).toContain('Custom AI settings')
    expect(pricingFeatures('likes', SUPPORT_HOURS)).toEqual([
      'Real-time analytics dashboard',
      'Support Everyday | 9 AM to 5 PM',
      'AI-powered optimization',
      'Standard settings',
      'API access',
    ])
    // The hours the operator lists, whatever they are; none listed, no support promised.
    expect(pricingFeatures('likes', 'Weekdays | 8 AM to 8 PM')[1]).toBe('Support Weekdays | 8 AM to 8 PM')
    expect(pricingFeatures('likes', null)).not.toContainEqual(expect.stringMatching(/^Support/))
  })
})

describe('mass orders', () => {
  it('sums quantity × rate per item, counting unknown services as 0', () => {
    const rates = { likes: 0.001, followers: 0.0025 }
    expect(
      massTotal(
        [
          { type: 'likes', quantity: 1000 },
          { type: 'followers', quantity: 200 },
          { type: 'unknown', quantity: 5000 },
        ],
        rates,
      ),
    ).toBe(1.5)
    expect(massTotal([], rates)).toBe(0)
  })

  it('adds an item only with a quantity above 0 and a url', () => {
    expect(canAddMassItem(5, 'https://x.com')).toBe(true)
    expect(canAddMassItem(0, 'https://x.com')).toBe(false)
    expect(canAddMassItem(5, '  ')).toBe(false)
  })
})

describe('deposit amount', () => {
  it.each([
    ['', 'Amount is required'],
    [null, 'Amount is required'],
    ['abc', 'Amount is required'],
    ['4.99', 'Minimum deposit is $5.00'],
    [10_000.01, 'Maximum deposit is $10,000.00'],
    ['10.001', 'Amount must have at most 2 decimal places'],
    ['5', null],
    [10_000, null],
    ['19.99', null],
  ])('checks %j → %j', (input, message) => {
    expect(depositAmountError(input)).toBe(message)
  })
})

describe('AI settings', () => {
  it('accepts temperatures from 0 to 2 in steps of 0.1', () => {
    expect([0, 0.1, 0.7, 0.1 + 0.2, 2].every(isValidTemperature)).toBe(true)
    expect([-0.1, 2.1, 0.75, Number.NaN].some(isValidTemperature)).toBe(false)
  })

  it('creates a new setting with the spec defaults and a blank form with 1000 tokens', () => {
    const now = new Date('2026-01-01T00:00:00.000Z')
    expect(createNewAiSetting('abc', now)).toMatchObject({
      id: 'abc',
      name: 'New AI Settings',
      model: 'deepseek-chat',
      provider: 'deepseek',
      temperature: 0.7,
      maxTokens: 500,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      apiKey: '',
      lastUsed: '2026-01-01T00:00:00.000Z',
    })
    expect(createBlankAiSettingForm('abc', now).maxTokens).toBe(1000)
  })

  it('creates the Default AI and Reasoner presets', () => {
    const [defaultPreset, reasoner] = createAiPresets(new Date())
    expect(defaultPreset).toMatchObject({
      id: 'default',
      name: 'Default AI',
      model: 'deepseek-chat',
      maxTokens: 100,
    })
    expect(reasoner).toMatchObject({
      id: 'reasoner',
      name: 'Reasoner',
      model: 'deepseek-reasoner',
      maxTokens: 100,
    })
    expect(defaultPreset?.userPrompt).toMatch(/humorous/)
    expect(reasoner?.userPrompt).toMatch(/reasoning/)
  })

  it('masks stored keys and recognises a masked key sent back', () => {
    expect(maskApiKey('sk-1234567890abcd')).toBe('••••••••abcd')
    expect(maskApiKey('short')).toBe('••••••••')
    expect(maskApiKey('')).toBe('')
    expect(isMaskedApiKey(maskApiKey('sk-1234567890abcd'))).toBe(true)
    expect(isMaskedApiKey('sk-live')).toBe(false)
  })
})

describe('templated messages', () => {
  it('fills the spec templates', () => {
    expect(modeFailedLabel('signup')).toBe('Sign Up Failed')
    expect(modeFailedMessage('login', 'Invalid email or password')).toBe(
      'Login failed: Invalid email or password',
    )
    expect(requestFailedWithStatus(502)).toBe('Request failed with status 502')
    expect(orderQueuedForRetry('42')).toBe('Order 42 has been queued for retry')
    expect(depositInitiated(10)).toBe('Deposit of $10.00 initiated. Please complete the payment process.')
    expect(paymentSuccessful(1234.5)).toBe(
      'Payment of $1,234.50 was successful! Your balance has been updated.',
    )
  })
})

describe('cancelling an order', () => {
  it.each([
    ['pending', false, 'cancelled'],
    ['pending', true, 'requested'],
    ['processing', true, 'requested'],
    ['paused', false, 'not-cancellable'],
    ['completed', true, 'not-cancellable'],
    ['partial', true, 'not-cancellable'],
    ['cancelled', false, 'not-cancellable'],
  ] as const)('a %s order (sent upstream: %s) is %s', (status, sentUpstream, effect) => {
    expect(cancelEffect({ status, sentUpstream })).toBe(effect)
  })
})

describe('an order holding its link', () => {
  it.each([
    ['pending', null, true],
    ['processing', null, true],
    ['paused', null, true],
    ['completed', null, false],
    ['partial', null, false],
    ['cancelled', null, false],
    ['processing', 'sub-1', false],
  ] as const)('a %s order (subscription %s) holds its link: %s', (status, subscription_id, holds) => {
    expect(holdsItsLink({ status, subscription_id })).toBe(holds)
  })
})

describe('whether an AI setting can write', () => {
  it('runs on its own key, or on the key the panel lends for its provider, and otherwise not', () => {
    expect(aiSettingCanRun({ provider: 'deepseek', apiKey: '••••••••abcd' }, [])).toBe(true)
    expect(aiSettingCanRun({ provider: 'deepseek', apiKey: '' }, ['deepseek'])).toBe(true)
    expect(aiSettingCanRun({ provider: 'deepseek', apiKey: '' }, ['openai'])).toBe(false)
    expect(aiSettingCanRun({ provider: 'openai', apiKey: '' }, [])).toBe(false)
  })
})
