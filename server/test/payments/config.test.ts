// Environment → payment configuration → the enabled gateways.

import { describe, expect, it } from 'vitest'
import { createPaymentGateways, paymentConfigFromEnv, PaymentConfigError } from '../../src/adapters/payments'

const runtime = { publicUrl: 'http://127.0.0.1:8787', sandboxOutcome: async () => undefined }

describe('paymentConfigFromEnv', () => {
  it('runs the sandbox alone, with defaults, when nothing is configured', () => {
    const config = paymentConfigFromEnv({})
    expect(config).toMatchObject({ requestTimeoutMs: 15_000, sandbox: { enabled: true } })
    expect(config.sandbox.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(config.cryptomus).toBeUndefined()
    expect(config.heleket).toBeUndefined()
    expect(config.nowpayments).toBeUndefined()
    expect(createPaymentGateways(config, runtime).enabled.map((gateway) => gateway.name)).toEqual(['sandbox'])
  })

  it('enables every gateway whose credentials are set, with the documented default hosts', () => {
    const config = paymentConfigFromEnv({
      CRYPTOMUS_MERCHANT_ID: 'merchant-c',
      CRYPTOMUS_API_KEY: 'key-c',
      HELEKET_MERCHANT_ID: 'merchant-h',
      HELEKET_API_KEY: 'key-h',
      NOWPAYMENTS_API_KEY: 'key-n',
      NOWPAYMENTS_IPN_SECRET: 'secret-n',
    })
    expect(config.cryptomus).toEqual({
      merchantId: 'merchant-c',
      apiKey: 'key-c',
      baseUrl: 'https://api.cryptomus.com',
    })
    expect(config.heleket).toEqual({
      merchantId: 'merchant-h',
      apiKey: 'key-h',
      baseUrl: 'https://api.heleket.com',
    })
    expect(config.nowpayments).toEqual({
      apiKey: 'key-n',
      ipnSecret: 'secret-n',
      baseUrl: 'https://api.nowpayments.io',
      account: undefined,
    })
    const gateways = createPaymentGateways(config, runtime)
    expect(gateways.enabled.map((gateway) => gateway.name)).toEqual([
      'sandbox',
      'cryptomus',
      'heleket',
      'nowpayments',
    ])
    expect(gateways.get('heleket')?.name).toBe('heleket')
  })

  it('takes base URLs from the environment without their trailing slash', () => {
    const config = paymentConfigFromEnv({
      CRYPTOMUS_MERCHANT_ID: 'm',
      CRYPTOMUS_API_KEY: 'k',
      CRYPTOMUS_BASE_URL: 'http://127.0.0.1:4010/',
      NOWPAYMENTS_API_KEY: 'k',
      NOWPAYMENTS_IPN_SECRET: 's',
      NOWPAYMENTS_BASE_URL: 'http://127.0.0.1:4011',
      NOWPAYMENTS_EMAIL: 'operator@engage.test',
      NOWPAYMENTS_PASSWORD: 'pw',
      PAYMENT_GATEWAY_TIMEOUT_MS: '2500',
    })
    expect(config.cryptomus?.baseUrl).toBe('http://127.0.0.1:4010')
    expect(config.nowpayments).toMatchObject({
      baseUrl: 'http://127.0.0.1:4011',
      account: { email: 'operator@engage.test', password: 'pw' },
    })
    expect(config.requestTimeoutMs).toBe(2500)
  })

  it('treats empty variables as unset', () => {
    const config = paymentConfigFromEnv({
      CRYPTOMUS_MERCHANT_ID: '',
      CRYPTOMUS_API_KEY: ' ',
      CRYPTOMUS_BASE_URL: '',
    })
    expect(config.cryptomus).toBeUndefined()
  })

  it.each([
    [{ CRYPTOMUS_MERCHANT_ID: 'm' }, 'CRYPTOMUS_MERCHANT_ID is set but CRYPTOMUS_API_KEY is not'],
    [{ HELEKET_API_KEY: 'k' }, 'HELEKET_API_KEY is set but HELEKET_MERCHANT_ID is not'],
    [{ NOWPAYMENTS_API_KEY: 'k' }, 'NOWPAYMENTS_API_KEY is set but NOWPAYMENTS_IPN_SECRET is not'],
    [
      { NOWPAYMENTS_EMAIL: 'e', NOWPAYMENTS_PASSWORD: 'p' },
      'NOWPAYMENTS_EMAIL is set but NOWPayments itself is not',
    ],
    [
      { CRYPTOMUS_MERCHANT_ID: 'm', CRYPTOMUS_API_KEY: 'k', CRYPTOMUS_BASE_URL: 'ftp://x' },
      'CRYPTOMUS_BASE_URL',
    ],
    [{ PAYMENT_GATEWAY_TIMEOUT_MS: 'soon' }, 'PAYMENT_GATEWAY_TIMEOUT_MS'],
    [{ SANDBOX_PAYMENTS_SECRET: 'short' }, 'SANDBOX_PAYMENTS_SECRET must be at least 16 characters'],
    [{ SANDBOX_PAYMENTS: 'maybe' }, 'SANDBOX_PAYMENTS'],
  ])('refuses %o, naming the problem', (environment, problem) => {
    expect(() => paymentConfigFromEnv(environment)).toThrow(PaymentConfigError)
    expect(() => paymentConfigFromEnv(environment)).toThrow(problem)
  })

  it('keeps the sandbox off in production unless asked for, and lets it be turned off anywhere', () => {
    expect(paymentConfigFromEnv({ NODE_ENV: 'production' }).sandbox.enabled).toBe(false)
    expect(paymentConfigFromEnv({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'on' }).sandbox.enabled).toBe(
      true,
    )
    expect(paymentConfigFromEnv({ SANDBOX_PAYMENTS: 'off' }).sandbox.enabled).toBe(false)
  })

  it('uses a given sandbox secret, so that several server processes agree on it', () => {
    const config = paymentConfigFromEnv({ SANDBOX_PAYMENTS_SECRET: 'shared-secret-of-the-cluster' })
    expect(config.sandbox.secret).toBe('shared-secret-of-the-cluster')
  })
})

describe('createPaymentGateways', () => {
  it('answers only enabled gateways by provider name', () => {
    const gateways = createPaymentGateways(paymentConfigFromEnv({}), runtime)
    expect(gateways.get('sandbox')).toBe(gateways.sandbox)
    expect(gateways.get('cryptomus')).toBeUndefined()
    expect(gateways.get('paypal')).toBeUndefined()
    expect(gateways.get('__proto__')).toBeUndefined()
  })

  it('has no sandbox when it is switched off', () => {
    const gateways = createPaymentGateways(paymentConfigFromEnv({ SANDBOX_PAYMENTS: 'off' }), runtime)
    expect(gateways.sandbox).toBeUndefined()
    expect(gateways.get('sandbox')).toBeUndefined()
    expect(gateways.enabled).toEqual([])
  })
})
