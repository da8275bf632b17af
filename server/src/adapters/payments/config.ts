import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { CryptomusConfig } from './cryptomus'
import type { NowPaymentsConfig } from './nowpayments'

export interface PaymentConfig {
  /** How long one request to a gateway may take before it counts as unavailable. */
  requestTimeoutMs: number
  sandbox: { enabled: boolean; secret: string }
  cryptomus?: CryptomusConfig
  heleket?: CryptomusConfig
  nowpayments?: NowPaymentsConfig
}

// An empty variable (FOO= in a .env file) means "not set", not "set to nothing".
function blankAsUnset<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  )
}
const optionalText = blankAsUnset(z.string().trim().optional())
const baseUrl = (fallback: string) =>
  blankAsUnset(
    z
      .url({ protocol: /^https?$/ })
      .default(fallback)
      .transform((url) => url.replace(/\/+$/, '')),
  )

const environmentSchema = z
  .object({
    NODE_ENV: optionalText,
    SANDBOX_PAYMENTS: blankAsUnset(z.enum(['on', 'off', 'true', 'false', '1', '0']).optional()),
    SANDBOX_PAYMENTS_SECRET: blankAsUnset(
      z.string().min(16, 'SANDBOX_PAYMENTS_SECRET must be at least 16 characters').optional(),
    ),
    PAYMENT_GATEWAY_TIMEOUT_MS: blankAsUnset(z.coerce.number().int().min(100).max(120_000).default(15_000)),
    CRYPTOMUS_MERCHANT_ID: optionalText,
    CRYPTOMUS_API_KEY: optionalText,
    CRYPTOMUS_BASE_URL: baseUrl('https://api.cryptomus.com'),
    HELEKET_MERCHANT_ID: optionalText,
    HELEKET_API_KEY: optionalText,
    HELEKET_BASE_URL: baseUrl('https://api.heleket.com'),
    NOWPAYMENTS_API_KEY: optionalText,
    NOWPAYMENTS_IPN_SECRET: optionalText,
    NOWPAYMENTS_BASE_URL: baseUrl('https://api.nowpayments.io'),
    NOWPAYMENTS_EMAIL: optionalText,
    NOWPAYMENTS_PASSWORD: optionalText,
  })
  .superRefine((environment, context) => {
    // Half a gateway's credentials is a typo, not a choice: say so at start-up instead of silently skipping it.
    const pairs: [string, string][] = [
      ['CRYPTOMUS_MERCHANT_ID', 'CRYPTOMUS_API_KEY'],
      ['HELEKET_MERCHANT_ID', 'HELEKET_API_KEY'],
      ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'],
      ['NOWPAYMENTS_EMAIL', 'NOWPAYMENTS_PASSWORD'],
    ]
    const values = environment as Record<string, unknown>
    for (const [first, second] of pairs) {
      if ((values[first] === undefined) !== (values[second] === undefined)) {
        const [present, missing] = values[first] === undefined ? [second, first] : [first, second]
        context.addIssue({
          code: 'custom',
          path: [missing],
          message: `${present} is set but ${missing} is not`,
        })
      }
    }
    if (values.NOWPAYMENTS_EMAIL !== undefined && values.NOWPAYMENTS_API_KEY === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['NOWPAYMENTS_API_KEY'],
        message: 'NOWPAYMENTS_EMAIL is set but NOWPayments itself is not (NOWPAYMENTS_API_KEY)',
      })
    }
  })

export class PaymentConfigError extends Error {
  override readonly name = 'PaymentConfigError'
}

/** Reads the payment variables (README: "Payment gateways"); throws PaymentConfigError naming what is wrong. */
export function paymentConfigFromEnv(environment: Record<string, string | undefined>): PaymentConfig {
  const parsed = environmentSchema.safeParse(environment)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.')
      return issue.message.includes(variable) ? issue.message : `${variable}: ${issue.message}`
    })
    throw new PaymentConfigError(`Invalid payment configuration: ${problems.join('; ')}`)
  }
  const env = parsed.data
  const switchedOn =
    env.SANDBOX_PAYMENTS === undefined ? undefined : ['on', 'true', '1'].includes(env.SANDBOX_PAYMENTS)

  return {
    requestTimeoutMs: env.PAYMENT_GATEWAY_TIMEOUT_MS,
    sandbox: {
      // Free money for anyone has no place in production, so there the sandbox must be asked for.
      enabled: switchedOn ?? env.NODE_ENV !== 'production',
      // A per-process secret is enough for one process; several processes behind one URL must share one.
      secret: env.SANDBOX_PAYMENTS_SECRET ?? randomBytes(32).toString('hex'),
    },
    cryptomus:
      env.CRYPTOMUS_MERCHANT_ID && env.CRYPTOMUS_API_KEY
        ? {
            merchantId: env.CRYPTOMUS_MERCHANT_ID,
            apiKey: env.CRYPTOMUS_API_KEY,
            baseUrl: env.CRYPTOMUS_BASE_URL,
          }
        : undefined,
    heleket:
      env.HELEKET_MERCHANT_ID && env.HELEKET_API_KEY
        ? { merchantId: env.HELEKET_MERCHANT_ID, apiKey: env.HELEKET_API_KEY, baseUrl: env.HELEKET_BASE_URL }
        : undefined,
    nowpayments:
      env.NOWPAYMENTS_API_KEY && env.NOWPAYMENTS_IPN_SECRET
        ? {
            apiKey: env.NOWPAYMENTS_API_KEY,
            ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
            baseUrl: env.NOWPAYMENTS_BASE_URL,
            account:
              env.NOWPAYMENTS_EMAIL && env.NOWPAYMENTS_PASSWORD
                ? { email: env.NOWPAYMENTS_EMAIL, password: env.NOWPAYMENTS_PASSWORD }
                : undefined,
          }
        : undefined,
  }
}
