import { randomBytes } from 'node:crypto'
import { microsToUsd, usdToMicros } from '@engage/contract'
import {
  createPaymentGateways,
  type PaymentGateway,
  type PaymentGateways,
  type PaymentReport,
  type SandboxOutcome,
  type SandboxOutcomeLookup,
  type SandboxOutcomeStatus,
  WebhookRejectedError,
} from '../adapters/payments'
import { formatMicroUsd } from '../adapters/payments/amounts'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { Payment, PaymentStatus } from '../db/schema'
import type { Clock } from './clock'
import type { Logger } from '../logger'
import { credit } from './ledger'
import { paymentReference } from './wallet'

// Deposits: a payments row per deposit, created before the gateway's invoice; every report about it
// (a verified webhook, a status the reconcile job fetched) goes through applyPaymentReport, the one place that
// credits. A deposit credits once: the payment row moves to completed by a conditional update, and its ledger
// entry has a unique idempotency key, both in one transaction.

declare module '../http/env' {
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

// ---- Starting a deposit ------------------------------------------------------------------------------------

export interface StartDepositInput {
  userId: number
  /** Micro-USD, already checked against the deposit rules. */
  amount: number
  /** The crypto currency the customer picked in the deposit form, if any. */
  method?: string | undefined
  publicUrl: string
  clock: Clock
}

/**
 * Records a pending payment, then asks the gateway for an invoice and stores its id and checkout URL. The row
 * comes first so that a crash between the two leaves a pending payment the reconcile job can ask about. When
 * the gateway refuses or cannot be reached, the payment is marked failed (the customer never got a checkout to
 * pay) and the gateway's error is thrown for the route to answer.
 */
export async function startDeposit(
  db: Db,
  gateway: PaymentGateway,
  input: StartDepositInput,
): Promise<{ orderId: string; paymentUrl: string }> {
  const orderId = newDepositOrderId()
  const createdAt = input.clock.now()
  await db
    .insertInto('payments')
    .values({
      order_id: orderId,
      user_id: input.userId,
      gateway: gateway.name,
      gateway_id: null,
      amount_requested: input.amount,
      amount_credited: null,
      currency: input.method?.toUpperCase() ?? null,
      network: null,
      status: 'pending',
      gateway_status: null,
      txid: null,
      details: '{}',
      payment_url: null,
      created_at: createdAt,
      updated_at: createdAt,
      credited_at: null,
    })
    .execute()

  const publicUrl = input.publicUrl.replace(/\/+$/, '')
  const successUrl = depositReturnUrl(publicUrl, orderId, 'success')
  try {
    const invoice = await gateway.createInvoice({
      orderId,
      amountUsd: formatMicroUsd(BigInt(input.amount)),
      returnUrl: successUrl,
      successUrl,
      failUrl: depositReturnUrl(publicUrl, orderId, 'failed'),
      callbackUrl: `${publicUrl}/api/payments/${gateway.name}/webhook`,
      description: `Engage Panel deposit ${orderId}`,
    })
    await db
      .updateTable('payments')
      .set({
        gateway_id: invoice.gatewayId,
        payment_url: invoice.paymentUrl,
        details: JSON.stringify({ invoice: invoice.raw }),
        updated_at: input.clock.now(),
      })
      .where('order_id', '=', orderId)
      // A webhook may already have named the invoice and moved the payment on; it is not undone.
      .where('gateway_id', 'is', null)
      .execute()
    return { orderId, paymentUrl: invoice.paymentUrl }
  } catch (error) {
    await db
      .updateTable('payments')
      .set({
        status: 'failed',
        details: JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
        updated_at: input.clock.now(),
      })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .execute()
    throw error
  }
}

// ---- Reports: webhooks and fetched statuses ----------------------------------------------------------------

export type ReportOutcome =
  /** No payment of that gateway has the report's order id (or it names another invoice): nothing changed. */
  | { kind: 'unknown_payment' }
  /** The payment moved to completed and its ledger entry was written, now. */
  | { kind: 'credited'; orderId: string; userId: number; amount: number }
  /** The payment took the report's status (pending details, or failed). */
  | { kind: 'updated'; orderId: string; status: PaymentStatus }
  /** The report came too late to change anything (a pending after paid, a repeat of the final status). */
  | { kind: 'unchanged'; orderId: string }

/** Micro-USD to credit for a report, or undefined when the report credits nothing. */
function creditableAmount(report: PaymentReport): number | undefined {
  if (!report.final || (report.state !== 'paid' && report.state !== 'partially_paid')) return undefined
  if (report.amountReceivedUsd === undefined) return undefined
  // The adapter gives a decimal string of at most 6 places: exact in micro-USD.
  const amount = usdToMicros(report.amountReceivedUsd)
  return amount > 0 ? amount : undefined
}

/**
 * Applies what a gateway says about a payment. One transaction:
 * - a final paid or partially paid report credits what the gateway says was finally received, once: the
 *   payment row moves to completed only `WHERE status <> 'completed'`, so of two concurrent reports one
 *   updates the row and the other finds it completed (PostgreSQL re-checks the condition after the first
 *   commits; SQLite runs one write transaction at a time), and the ledger's unique key backs that up;
 * - a final failed or expired report marks a pending payment failed (a completed one stays completed: a
 *   credit is never undone here);
 * - any other report refreshes a pending payment's gateway status and details.
 * A paid report for a payment marked failed still credits it: the money arrived.
 */
export async function applyPaymentReport(db: Db, report: PaymentReport, now: number): Promise<ReportOutcome> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('gateway', '=', report.gateway)
      .where('order_id', '=', report.orderId)
      .executeTakeFirst()
    if (!payment) return { kind: 'unknown_payment' }
    if (payment.gateway_id !== null && report.gatewayId !== '' && report.gatewayId !== payment.gateway_id) {
      return { kind: 'unknown_payment' }
    }

    const observed = {
      gateway_status: report.gatewayStatus,
      details: JSON.stringify(report.details),
      updated_at: now,
      ...(payment.gateway_id === null && report.gatewayId !== '' ? { gateway_id: report.gatewayId } : {}),
      ...(report.gatewayPaymentId ? { gateway_payment_id: report.gatewayPaymentId } : {}),
      ...(report.txid ? { txid: report.txid } : {}),
      // The sandbox reports the invoice's currency (USD), which says nothing about how the customer paid.
      ...(report.currency && report.currency !== 'USD' ? { currency: report.currency } : {}),
      ...(report.network ? { network: report.network } : {}),
    }

    const amount = creditableAmount(report)
    if (amount !== undefined) {
      const completed = await trx
        .updateTable('payments')
        .set({ ...observed, status: 'completed', amount_credited: amount, credited_at: now })
        .where('id', '=', payment.id)
        .where('status', '<>', 'completed')
        .executeTakeFirst()
      if (Number(completed.numUpdatedRows) !== 1) return { kind: 'unchanged', orderId: payment.order_id }
      const written = await credit(trx, {
        userId: payment.user_id,
        amount,
        kind: 'deposit',
        reference: paymentReference(payment.order_id),
        idempotencyKey: depositIdempotencyKey(payment),
        note: null,
        now,
      })
      if (!written) {
        // The row said "not completed" but its entry exists: refuse to guess, roll the update back.
        throw new Error(`Payment ${payment.order_id} already has its ledger entry`)
      }
      return { kind: 'credited', orderId: payment.order_id, userId: payment.user_id, amount }
    }

    const status: PaymentStatus = report.final ? 'failed' : 'pending'
    const updated = await trx
      .updateTable('payments')
      .set({ ...observed, status })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) === 1
      ? { kind: 'updated', orderId: payment.order_id, status }
      : { kind: 'unchanged', orderId: payment.order_id }
  })
}

export type WebhookAnswer =
  | { status: 200; outcome: ReportOutcome & { kind: 'credited' | 'updated' | 'unchanged' } }
  | { status: 400 | 401 | 404; detail: string; reason: string }

export const WEBHOOK_UNKNOWN_PROVIDER = 'Unknown payment provider'
export const WEBHOOK_UNKNOWN_PAYMENT = 'Unknown payment'
export const WEBHOOK_BAD_SIGNATURE = 'Invalid signature'
export const WEBHOOK_MALFORMED = 'Malformed webhook'

/**
 * A gateway's webhook, from its raw body and headers: verified by the gateway's adapter, then applied. Forged,
 * tampered, malformed and unknown webhooks answer 4xx and change nothing. The sandbox's checkout page calls
 * this in-process when the server cannot reach its own public URL.
 */
export async function receiveWebhook(
  db: Db,
  gateways: PaymentGateways | undefined,
  input: { provider: string; rawBody: string; headers: Headers; now: number },
): Promise<WebhookAnswer> {
  const gateway = gateways?.get(input.provider)
  if (!gateway) return { status: 404, detail: WEBHOOK_UNKNOWN_PROVIDER, reason: 'unknown_provider' }
  let report: PaymentReport
  try {
    report = gateway.verifyWebhook({ rawBody: input.rawBody, headers: input.headers })
  } catch (error) {
    if (!(error instanceof WebhookRejectedError)) throw error
    const signature = error.reason === 'missing_signature' || error.reason === 'bad_signature'
    return signature
      ? { status: 401, detail: WEBHOOK_BAD_SIGNATURE, reason: error.reason }
      : { status: 400, detail: WEBHOOK_MALFORMED, reason: error.reason }
  }
  const outcome = await applyPaymentReport(db, report, input.now)
  if (outcome.kind === 'unknown_payment') {
    return { status: 404, detail: WEBHOOK_UNKNOWN_PAYMENT, reason: 'unknown_payment' }
  }
  return { status: 200, outcome }
}

// ---- The customer's view -----------------------------------------------------------------------------------

/** Status and amount of a deposit (completed: the amount credited; otherwise the amount asked for). */
export async function depositStatus(
  db: Db,
  input: { userId: number; orderId: string },
): Promise<{ status: PaymentStatus; amount: number } | undefined> {
  const payment = await db
    .selectFrom('payments')
    .select(['status', 'amount_requested', 'amount_credited'])
    .where('order_id', '=', input.orderId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst()
  if (!payment) return undefined
  const amount =
    payment.status === 'completed' && payment.amount_credited !== null
      ? payment.amount_credited
      : payment.amount_requested
  return { status: payment.status, amount: microsToUsd(amount) }
}

// ---- The sandbox gateway's side ----------------------------------------------------------------------------

/** The sandbox's record of its checkout pages, as the gateways' fetchStatus reads it. */
export function sandboxOutcomeLookup(db: Db): SandboxOutcomeLookup {
  return async (orderId) => {
    const row = await db
      .selectFrom('sandbox_outcomes')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst()
    return row && { orderId: row.order_id, status: row.status, amountUsd: row.amount_usd, txid: row.txid }
  }
}

/** A payment the sandbox checkout page may show: a sandbox payment still waiting for its outcome. */
export async function pendingSandboxPayment(db: Db, orderId: string): Promise<Payment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('gateway', '=', 'sandbox')
    .where('status', '=', 'pending')
    .executeTakeFirst()
}

/**
 * Records what the customer chose on the sandbox checkout page. The first choice stands: a second click (or the
 * other button in another tab) answers the recorded outcome, so its webhook is a harmless repeat. Undefined
 * when the order is not a sandbox payment, or when it was closed (failed at creation, expired) before any
 * choice was made.
 */
export async function recordSandboxOutcome(
  db: Db,
  input: { orderId: string; status: SandboxOutcomeStatus; now: number },
): Promise<SandboxOutcome | undefined> {
  const lookup = sandboxOutcomeLookup(db)
  const recorded = await lookup(input.orderId)
  if (recorded) return recorded
  const payment = await pendingSandboxPayment(db, input.orderId)
  if (!payment) return undefined
  await db
    .insertInto('sandbox_outcomes')
    .values({
      order_id: payment.order_id,
      status: input.status,
      amount_usd: formatMicroUsd(BigInt(payment.amount_requested)),
      txid: `sandbox-${randomBytes(16).toString('hex')}`,
      created_at: input.now,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute()
  return lookup(input.orderId)
}

// ---- Reconciliation ----------------------------------------------------------------------------------------

export interface ReconcileSummary {
  /** Pending payments asked about. */
  checked: number
  credited: number
  /** Payments whose status changed without a credit (failed, or new pending details). */
  updated: number
  /** Gateways that could not be asked (unreachable, refused, or switched off): asked again next round. */
  errors: number
  /** Pending payments past RECONCILE_WITHIN_MS, marked failed. */
  expired: number
}

/**
 * One round of the reconcile job: asks the gateway about each payment still pending RECONCILE_AFTER_MS after it
 * was created (its webhook should have come by then) and applies the answer as a webhook would be; marks failed
 * the payments still pending after RECONCILE_WITHIN_MS.
 */
export async function reconcilePendingPayments(input: {
  db: Db
  gateways: PaymentGateways
  clock: Clock
  logger: Logger
  /** Payments asked about in one round, oldest first; the rest wait for the next round. */
  limit?: number
}): Promise<ReconcileSummary> {
  const { db, gateways, clock, logger } = input
  const startedAt = clock.now()
  const summary: ReconcileSummary = { checked: 0, credited: 0, updated: 0, errors: 0, expired: 0 }

  const expired = await db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: startedAt })
    .where('status', '=', 'pending')
    .where('created_at', '<', startedAt - RECONCILE_WITHIN_MS)
    .executeTakeFirst()
  summary.expired = Number(expired.numUpdatedRows)

  const due = await db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', startedAt - RECONCILE_AFTER_MS)
    .where('created_at', '>=', startedAt - RECONCILE_WITHIN_MS)
    .orderBy('created_at')
    .orderBy('id')
    .limit(input.limit ?? 100)
    .execute()

  for (const payment of due) {
    summary.checked += 1
    const gateway = gateways.get(payment.gateway)
    if (!gateway) {
      summary.errors += 1
      logger.warn('Reconcile: the payment gateway is not enabled', {
        orderId: payment.order_id,
        gateway: payment.gateway,
      })
      continue
    }
    try {
      const report = await gateway.fetchStatus({
        orderId: payment.order_id,
        gatewayId: payment.gateway_id ?? undefined,
        gatewayPaymentId: payment.gateway_payment_id ?? undefined,
      })
      const outcome = await applyPaymentReport(db, report, clock.now())
      if (outcome.kind === 'credited') summary.credited += 1
      if (outcome.kind === 'updated') summary.updated += 1
      if (outcome.kind === 'unknown_payment') {
        summary.errors += 1
        logger.warn('Reconcile: the gateway answered about another payment', {
          orderId: payment.order_id,
          gateway: payment.gateway,
        })
      }
    } catch (error) {
      summary.errors += 1
      logger.warn('Reconcile: could not get the payment status', {
        orderId: payment.order_id,
        gateway: payment.gateway,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return summary
}
