import {
  type AdminPayment,
  type AdminRecheckPaymentResponse,
  microsToUsd,
  PAYMENT_NOT_FOUND,
  type PaymentStatus,
} from '@engage/contract'
import type { PaymentGateways } from '../../adapters/payments'
import type { Db } from '../../db/connect'
import type { Payment } from '../../db/schema'
import { applyPaymentReport } from '../payments'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal, iso, isoOrNull, pageOf, parseIdCursor } from './common'
import { findUserByIdOrEmail } from './views'

// Deposits in the console: the list with each gateway's own status word, and a re-check that asks the gateway
// now and applies its answer exactly as the webhook and the reconcile job do (payments.ts), so a paid deposit is
// credited once however it is learnt.

async function toAdminPayments(db: Db, rows: readonly Payment[]): Promise<AdminPayment[]> {
  const userIds = [...new Set(rows.map((row) => Number(row.user_id)))]
  const users =
    userIds.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
  const emails = new Map(users.map((user) => [Number(user.id), user.email]))
  return rows.map((row) => ({
    id: String(row.id),
    order_id: row.order_id,
    user_id: String(row.user_id),
    user_email: emails.get(Number(row.user_id)) ?? '',
    gateway: row.gateway,
    gateway_id: row.gateway_id,
    amount_requested: microsToUsd(Number(row.amount_requested)),
    amount_credited: row.amount_credited === null ? null : microsToUsd(Number(row.amount_credited)),
    currency: row.currency,
    network: row.network,
    status: row.status,
    gateway_status: row.gateway_status,
    txid: row.txid,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    credited_at: isoOrNull(row.credited_at),
  }))
}

async function oneAdminPayment(db: Db, row: Payment): Promise<AdminPayment> {
  const [payment] = await toAdminPayments(db, [row])
  if (!payment) throw new Error('A payment could not be read back')
  return payment
}

export async function listAdminPayments(
  db: Db,
  filter: {
    status?: PaymentStatus | undefined
    gateway?: string | undefined
    user?: string | undefined
    cursor?: string | undefined
    limit: number
  },
): Promise<{ payments: AdminPayment[]; nextCursor: string | null }> {
  let query = db.selectFrom('payments').selectAll()
  if (filter.status !== undefined) query = query.where('status', '=', filter.status)
  if (filter.gateway !== undefined) query = query.where('gateway', '=', filter.gateway)
  if (filter.user !== undefined) {
    const user = await findUserByIdOrEmail(db, filter.user)
    if (!user) return { payments: [], nextCursor: null }
    query = query.where('user_id', '=', user.id)
  }
  const after = parseIdCursor(filter.cursor)
  if (after !== undefined) query = query.where('id', '<', after)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const page = pageOf(rows, filter.limit)
  return { payments: await toAdminPayments(db, page.rows), nextCursor: page.nextCursor }
}

async function findPayment(db: Db, id: number): Promise<Payment> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, PAYMENT_NOT_FOUND)
  return row
}

function snapshot(payment: Payment) {
  return {
    status: payment.status,
    gateway_status: payment.gateway_status,
    amount_credited: payment.amount_credited === null ? null : microsToUsd(Number(payment.amount_credited)),
  }
}

export async function recheckPayment(
  db: Db,
  gateways: PaymentGateways | undefined,
  actor: Actor,
  id: number,
  reason: string | null,
  now: () => number,
): Promise<AdminRecheckPaymentResponse> {
  const before = await findPayment(db, id)
  let outcome: AdminRecheckPaymentResponse['outcome']
  let message: string
  const gateway = gateways?.get(before.gateway)
  if (!gateway) {
    outcome = 'unavailable'
    message = `The ${before.gateway} gateway is not enabled on this server`
  } else {
    try {
      const report = await gateway.fetchStatus({
        orderId: before.order_id,
        gatewayId: before.gateway_id ?? undefined,
        gatewayPaymentId: before.gateway_payment_id ?? undefined,
      })
      const applied = await applyPaymentReport(db, report, now())
      switch (applied.kind) {
        case 'credited':
          outcome = 'credited'
          message = `Paid: the deposit has been credited`
          break
        case 'updated':
          outcome = 'updated'
          message = `The gateway reports it ${applied.status}`
          break
        case 'unchanged':
          outcome = 'unchanged'
          message = 'Nothing new from the gateway'
          break
        case 'unknown_payment':
          outcome = 'unavailable'
          message = 'The gateway answered about another payment'
          break
      }
    } catch (error) {
      outcome = 'unavailable'
      message = `The gateway could not be asked: ${error instanceof Error ? error.message : String(error)}`
    }
  }
  const after = await findPayment(db, id)
  await recordAudit(db, {
    actor,
    action: 'payment.recheck',
    target: `payment:${String(id)}`,
    before: snapshot(before),
    after: { ...snapshot(after), outcome },
    reason,
    now: now(),
  })
  return { payment: await oneAdminPayment(db, after), outcome, message }
}
