// GET /api/payments/{provider}/methods, POST /api/payments/{provider}/create, GET /api/payments/status.

import * as z from 'zod'
import { DEPOSIT_MAX_USD, DEPOSIT_MIN_USD, isWholeCents } from '../deposit'
import {
  AMOUNT_REQUIRED,
  DEPOSIT_CURRENCY_MESSAGE,
  DEPOSIT_STEP_MESSAGE,
  MAXIMUM_DEPOSIT_MESSAGE,
  MINIMUM_DEPOSIT_MESSAGE,
  PAYMENT_PROVIDER_INVALID,
} from '../messages'
import { UsdAmount } from './common'

/** Payment gateways: `sandbox` (built-in checkout, the default), cryptomus, heleket, nowpayments. */
export const PAYMENT_PROVIDERS = ['sandbox', 'cryptomus', 'heleket', 'nowpayments'] as const
export const PaymentProvider = z.enum(PAYMENT_PROVIDERS, { error: PAYMENT_PROVIDER_INVALID })
export type PaymentProvider = z.infer<typeof PaymentProvider>

export const PaymentProviderParam = z.object({ provider: PaymentProvider })

export const CryptoMethod = z.object({
  /** Upper-cased ('BTC'). */
  currency: z.string().min(1),
  network: z.string(),
  name: z.string(),
})
export type CryptoMethod = z.infer<typeof CryptoMethod>

export const PaymentMethodsResponse = z.array(CryptoMethod)
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>

/** A deposit amount in USD: 5 to 10,000, in steps of 0.01. */
export const DepositAmount = z
  .number({ error: AMOUNT_REQUIRED })
  .min(DEPOSIT_MIN_USD, MINIMUM_DEPOSIT_MESSAGE)
  .max(DEPOSIT_MAX_USD, MAXIMUM_DEPOSIT_MESSAGE)
  .refine(isWholeCents, { message: DEPOSIT_STEP_MESSAGE })

export const CreatePaymentRequest = z.object({
  amount: DepositAmount,
  currency: z.literal('USD', { error: DEPOSIT_CURRENCY_MESSAGE }).default('USD'),
  /** Optional crypto currency the customer picked ('BTC'); the gateway's page offers all when absent. */
  method: z.string().trim().min(1).max(20).optional(),
})
export type CreatePaymentRequest = z.input<typeof CreatePaymentRequest>

/** The browser is sent to payment_url; the gateway returns it with ?payment_status=&order_id=. */
export const CreatePaymentResponse = z.object({ payment_url: z.url(), order_id: z.string().min(1) })
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>

export const PaymentStatusQuery = z.object({ order_id: z.string().trim().min(1).max(200) })

export const PaymentStatus = z.enum(['pending', 'completed', 'failed'])
export type PaymentStatus = z.infer<typeof PaymentStatus>

export const PaymentStatusResponse = z.object({ status: PaymentStatus, amount: UsdAmount })
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>

/** The query parameters the gateway appends when it sends the customer back to /wallet. */
export const PaymentReturnQuery = z.object({
  payment_status: z.enum(['success', 'failed']),
  order_id: z.string().min(1),
})
