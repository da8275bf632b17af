import { sql } from 'kysely'
import {
  mapUpstreamStatus,
  maximumOrdersPerCall,
  SmmRejectedError,
  SmmTransientError,
  type SmmOrderStatus,
} from '../../adapters/smm'
import type { Db } from '../../db/connect'
import type { Order, OrderRun } from '../../db/schema'
import { creditOrderRefund, undeliveredRefundMicros } from '../ledger'
import { type AppliedStatus, type FulfilmentDeps, loadProvider } from './common'
import { applyRunStatus } from './runs'
import { notifyOrderEnded } from '../notifications/notify'
import { recordReferralEarning } from '../affiliates'
import { unknownStatusReason } from './texts'

/**
 * The runs the provider is working on, written into the SQL rather than bound: the partial index over them
 * (order_runs_processing) serves a query only when the planner sees the value.
 */
const RUN_IN_FLIGHT = sql<'processing'>`'processing'`

/** The providers of the drip-feed runs in flight. */
export function providersOfRunsInFlight(db: Db) {
  return db.selectFrom('order_runs').select('provider_id').distinct().where('status', '=', RUN_IN_FLIGHT)
}

/** One provider's runs in flight after `afterId`, a status call's worth, in id order. */
export function runsInFlight(db: Db, providerId: number, afterId: number) {
  return db
    .selectFrom('order_runs')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('status', '=', RUN_IN_FLIGHT)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(maximumOrdersPerCall)
}

// Keeping processing orders' status true: what the provider reports is applied, and an order that ends
// partial or cancelled is refunded for what was not delivered, once, however often the answer is applied.

/**
 * Applies what the provider reports about a processing order. While it runs, start_count and remains follow
 * the provider. When it ends, the order takes its final status in one transaction with its refund: Partial and
 * Canceled refund the undelivered remainder pro rata (see undeliveredRefundMicros), as a ledger entry keyed
 * `order:<id>:refund`, so however often the same answer is applied the money moves once.
 */
export async function applyUpstreamStatus(
  deps: Pick<FulfilmentDeps, 'db' | 'clock'>,
  order: Order,
  upstream: SmmOrderStatus,
): Promise<AppliedStatus> {
  const next = mapUpstreamStatus(upstream.status)
  const now = deps.clock.now()
  if (next === undefined) {
    // A status word we cannot interpret moves no money: the order is paused with the word for the operator, who
    // checks it with the provider and resumes it (retry) or ends it; it is not polled meanwhile.
    const held = await deps.db
      .updateTable('orders')
      .set({ status: 'paused', paused_reason: unknownStatusReason(upstream.status), updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'processing')
      .executeTakeFirst()
    return held.numUpdatedRows > 0n ? 'held' : 'unchanged'
  }
  const clampRemains = (value: number) => Math.min(Math.max(value, 0), order.quantity)
  const startCount = upstream.startCount ?? order.start_count
  // What the provider charged us, when it says: the order's cost in the reports.
  const reported = upstream.chargeMicros
  const cost = reported !== null && Number.isSafeInteger(reported) && reported >= 0 ? reported : order.cost

  if (next === 'processing') {
    const remains = upstream.remains === null ? order.remains : clampRemains(upstream.remains)
    if (remains === order.remains && startCount === order.start_count && cost === order.cost)
      return 'unchanged'
    await deps.db
      .updateTable('orders')
      .set({ remains, start_count: startCount, cost, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'processing')
      .execute()
    return 'updated'
  }

  // A Canceled order that does not say what it delivered is taken as not delivered; Partial without remains
  // keeps the last count the provider gave.
  const remains =
    next === 'completed'
      ? 0
      : clampRemains(upstream.remains ?? order.remains ?? (next === 'cancelled' ? order.quantity : 0))
  return deps.db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('orders')
      .set({
        status: next,
        remains,
        start_count: startCount,
        cost,
        paused_reason: null,
        completed_at: next === 'completed' ? now : null,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst()
    if (!ended) return 'unchanged'
    const refund = Math.min(
      undeliveredRefundMicros(ended.charge, ended.quantity, remains),
      ended.charge - ended.refunded,
    )
    let refunded = ended.refunded
    if (refund > 0) {
      const credited = await creditOrderRefund(trx, {
        userId: ended.user_id,
        orderId: ended.id,
        amount: refund,
        idempotencyKey: `order:${ended.id}:refund`,
        note: `${next === 'partial' ? 'Partial delivery' : 'Cancelled'}: ${remains} of ${ended.quantity} undelivered`,
        now,
      })
      if (credited) {
        await trx
          .updateTable('orders')
          .set({ refunded: sql<number>`refunded + ${refund}` })
          .where('id', '=', ended.id)
          .execute()
        refunded += refund
      }
    }
    await notifyOrderEnded(trx, ended, refunded, now)
    if (next === 'completed' || next === 'partial') {
      // The referrer's commission on what the order kept, in the transaction that ends it.
      await recordReferralEarning(
        trx,
        { id: ended.id, userId: ended.user_id, kept: ended.charge - refunded },
        now,
      )
    }
    return next
  })
}

export interface SyncReport {
  /** Orders the providers answered about. */
  checked: number
  /** Orders whose status, remains or start count changed. */
  changed: number
  /** Providers that could not be asked this round. */
  failedProviders: string[]
}

/** What the sync polls: whole orders, or the runs of drip-feed orders; each has its provider's order id. */
interface Polled {
  id: number
  provider_id: number | null
  upstream_order_id: string | null
}

interface PolledSource<Row extends Polled> {
  /** The providers with something processing. */
  providerIds(): Promise<(number | null)[]>
  /** The provider's next batch after `afterId`, in id order. */
  batch(providerId: number, afterId: number): Promise<Row[]>
  apply(row: Row, status: SmmOrderStatus): Promise<AppliedStatus>
}

async function syncSource<Row extends Polled>(
  deps: FulfilmentDeps,
  source: PolledSource<Row>,
  report: SyncReport,
): Promise<void> {
  const { db, logger } = deps
  for (const providerId of await source.providerIds()) {
    const provider = await loadProvider(db, providerId)
    if (!provider) {
      logger.error('Processing orders point at a missing provider', { providerId })
      continue
    }
    const client = deps.clientFor(provider)
    let afterId = 0
    try {
      for (;;) {
        const batch = await source.batch(provider.id, afterId)
        if (batch.length === 0) break
        afterId = batch.at(-1)?.id ?? afterId
        const answers = await client.statusMany(batch.map((row) => Number(row.upstream_order_id)))
        for (const row of batch) {
          const answer = answers.get(Number(row.upstream_order_id))
          if (!answer?.ok) {
            logger.warn('The provider did not report an order', {
              id: row.id,
              error: answer?.error ?? 'no answer',
            })
            continue
          }
          report.checked += 1
          if ((await source.apply(row, answer.status)) !== 'unchanged') report.changed += 1
        }
        if (batch.length < maximumOrdersPerCall) break
      }
    } catch (error) {
      if (!(error instanceof SmmTransientError || error instanceof SmmRejectedError)) throw error
      logger.warn('Status sync failed for a provider', { provider: provider.name, error: error.message })
      if (!report.failedProviders.includes(provider.name)) report.failedProviders.push(provider.name)
    }
  }
}

/**
 * Polls every processing order's provider, and every processing run of a drip-feed order's, in batches of at
 * most 100 per `status` call, and applies the answers. A provider that fails is reported and skipped; the
 * others are still synced.
 */
export async function syncProcessingOrders(deps: FulfilmentDeps): Promise<SyncReport> {
  const { db } = deps
  const report: SyncReport = { checked: 0, changed: 0, failedProviders: [] }
  await syncSource<Order>(
    deps,
    {
      providerIds: async () =>
        (
          await db
            .selectFrom('orders')
            .select('provider_id')
            .distinct()
            .where('status', '=', 'processing')
            .where('upstream_order_id', 'is not', null)
            .execute()
        ).map((row) => row.provider_id),
      batch: (providerId, afterId) =>
        db
          .selectFrom('orders')
          .selectAll()
          .where('provider_id', '=', providerId)
          .where('status', '=', 'processing')
          .where('upstream_order_id', 'is not', null)
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(maximumOrdersPerCall)
          .execute(),
      apply: (order, status) => applyUpstreamStatus(deps, order, status),
    },
    report,
  )
  await syncSource<OrderRun>(
    deps,
    {
      providerIds: async () => (await providersOfRunsInFlight(db).execute()).map((row) => row.provider_id),
      batch: (providerId, afterId) => runsInFlight(db, providerId, afterId).execute(),
      apply: (run, status) => applyRunStatus(deps, run, status),
    },
    report,
  )
  return report
}
