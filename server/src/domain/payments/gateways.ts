// The app's payment gateways, deposit order ids and return URLs, and how long a deposit is reconciled.

import { randomBytes } from 'node:crypto'
import { createPaymentGateways, type PaymentGateways } from '../../adapters/payments'
import type { Config } from '../../config'
import type { Db } from '../../db/connect'
import type { Payment } from '../../db/schema'
import { sandboxOutcomeLookup } from './sandbox'

declare module '../../http/env' {
  interface AppAdapters {
    payments: PaymentGateways
  }
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** A pending payment is first asked about this long after it was created: its webhook should have come. */
export const RECONCILE_AFTER_MS = 10 * MINUTE_MS
/**
 * And asked about until it is this old. Invoices live for hours (Cryptomus at most 12), so a payment still
 * pending after two days will not be paid through its checkout any more: it is marked failed. A webhook that
 * reports it paid after all still credits it (see applyPaymentReport).
 */
export const RECONCILE_WITHIN_MS = 48 * HOUR_MS

/** The gateways of a running server, from config.payments; the sandbox reads its outcomes from `db`. */
export function createAppPaymentGateways(db: Db, config: Pick<Config, 'payments' | 'publicUrl'>) {
  return createPaymentGateways(config.payments, {
    publicUrl: config.publicUrl,
    sandboxOutcome: sandboxOutcomeLookup(db),
  })
}

/** Our order id of a new deposit: 'dep_' and 128 random bits, within every gateway's [A-Za-z0-9_-]{1,128}. */
export function newDepositOrderId(): string {
  return `dep_${randomBytes(16).toString('hex')}`
}

/** Where the gateway returns the customer: the wallet, with the outcome for its banner. */
export function depositReturnUrl(publicUrl: string, orderId: string, outcome: 'success' | 'failed'): string {
  const query = new URLSearchParams({ payment_status: outcome, order_id: orderId })
  return `${publicUrl.replace(/\/+$/, '')}/wallet?${query}`
}

/** The one ledger entry a payment can ever write. */
export function depositIdempotencyKey(payment: Pick<Payment, 'gateway' | 'order_id'>): string {
  return `payment:${payment.gateway}:${payment.order_id}`
}
