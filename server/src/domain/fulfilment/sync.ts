import { sql } from 'kysely'
import {
  mapUpstreamStatus,
  maximumOrdersPerCall,
  SmmRejectedError,
  SmmTransientError,
  type SmmOrderStatus,
} from '../../adapters/smm'
import type { Order } from '../../db/schema'
import { credit } from '../ledger'
import { type FulfilmentDeps, loadProvider, undeliveredRefundMicros } from './common'
import { unknownStatusReason } from './texts'

// Keeping processing orders' status true: what the provider reports is applied, and an order that ends
// partial or cancelled is refunded for what was not delivered, once, however often the answer is applied.

export type AppliedStatus = 'unchanged' | 'updated' | 'held' | 'completed' | 'partial' | 'cancelled'

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

  if (next === 'processing') {
    const remains = upstream.remains === null ? order.remains : clampRemains(upstream.remains)
    if (remains === order.remains && startCount === order.start_count) return 'unchanged'
    await deps.db
      .updateTable('orders')
      .set({ remains, start_count: startCount, updated_at: now })
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
    if (refund > 0) {
      const credited = await credit(trx, {
        userId: ended.user_id,
        amount: refund,
        kind: 'refund',
        reference: `order:${ended.id}`,
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
      }
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

/**
 * Polls every processing order's provider, in batches of at most 100 orders per `status` call, and applies
 * the answers. A provider that fails is reported and skipped; the others are still synced.
 */
export async function syncProcessingOrders(deps: FulfilmentDeps): Promise<SyncReport> {
  const { db, logger } = deps
  const report: SyncReport = { checked: 0, changed: 0, failedProviders: [] }
  const providerIds = await db
    .selectFrom('orders')
    .select('provider_id')
    .distinct()
    .where('status', '=', 'processing')
    .where('upstream_order_id', 'is not', null)
    .execute()
  for (const { provider_id: providerId } of providerIds) {
    const provider = await loadProvider(db, providerId)
    if (!provider) {
      logger.error('Processing orders point at a missing provider', { providerId })
      continue
    }
    const client = deps.clientFor(provider)
    let afterId = 0
    try {
      for (;;) {
        const batch = await db
          .selectFrom('orders')
          .selectAll()
          .where('provider_id', '=', provider.id)
          .where('status', '=', 'processing')
          .where('upstream_order_id', 'is not', null)
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(maximumOrdersPerCall)
          .execute()
        if (batch.length === 0) break
        afterId = batch.at(-1)?.id ?? afterId
        const answers = await client.statusMany(batch.map((order) => Number(order.upstream_order_id)))
        for (const order of batch) {
          const answer = answers.get(Number(order.upstream_order_id))
          if (!answer?.ok) {
            logger.warn('The provider did not report an order', {
              orderId: order.id,
              error: answer?.error ?? 'no answer',
            })
            continue
          }
          report.checked += 1
          if ((await applyUpstreamStatus(deps, order, answer.status)) !== 'unchanged') report.changed += 1
        }
        if (batch.length < maximumOrdersPerCall) break
      }
    } catch (error) {
      if (!(error instanceof SmmTransientError || error instanceof SmmRejectedError)) throw error
      logger.warn('Status sync failed for a provider', { provider: provider.name, error: error.message })
      report.failedProviders.push(provider.name)
    }
  }
  return report
}
