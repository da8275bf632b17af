import { sql } from 'kysely'
import {
  mapUpstreamStatus,
  maximumOrdersPerCall,
  SmmRejectedError,
  SmmTransientError,
  type SmmOrderStatus,
} from '../adapters/smm'
import type { Db } from '../db/connect'
import type { Order, Provider, Service } from '../db/schema'
import type { Clock } from '../http/env'
import type { Logger } from '../logger'
import { credit } from './ledger'
import type { ProviderClientFactory } from './providers'

// Fulfilment (issue 5, ARCHITECTURE.md "Orders"): sending pending orders upstream, keeping their status true,
// refunding what was not delivered, and asking the upstream to cancel. The job handlers in jobs/handlers call
// these functions; each database change is its own short transaction, and no transaction is ever held across
// a call to a provider.
//
// The SMM protocol has no idempotency key, so placement follows one rule: the attempt is recorded and
// committed before `add` is called, and the upstream id is stored as soon as `add` answers. An attempt without
// an id means "maybe placed": that order is never sent again automatically, it is paused for review.

// ---- Texts the customer sees in paused_reason --------------------------------------------------------------

/** An `add` whose outcome is unknown (no answer, a crash before its id was stored). */
export const PLACEMENT_UNCONFIRMED = 'Upstream placement could not be confirmed; under review'
export const NO_PROVIDER = 'This service is not connected to a provider yet'

export function providerRefusedReason(message: string): string {
  return `The provider refused the order: ${message}`
}

export function providerUnreachableReason(message: string): string {
  return `The provider could not be reached: ${message}`
}

/** Shown on a processing order whose cancellation the provider refused; the order goes on. */
export function cancelRefusedNote(message: string): string {
  return `The provider did not cancel this order: ${message}`
}

/** Shown on a processing order whose cancellation could not be sent after every retry. */
export function cancelUnsentNote(message: string): string {
  return `The cancellation could not be sent to the provider: ${message}`
}

// ---- Dependencies -----------------------------------------------------------------------------------------

/**
 * Where an AI order's texts come from (issue 7 stores them with the order): the texts to send upstream as
 * `comments`, one per unit, or null while they are not ready. Dispatch waits for them: an AI order without its
 * texts stays pending and its dispatch job looks again a little later, without using up an attempt.
 */
export type OrderTextsSource = (db: Db, order: Order) => Promise<readonly string[] | null>

/** The source until AI generation stores texts: none are ever ready, so AI orders wait. */
export const noGeneratedTexts: OrderTextsSource = () => Promise.resolve(null)

export interface FulfilmentDeps {
  db: Db
  clock: Clock
  logger: Logger
  clientFor: ProviderClientFactory
  orderTexts: OrderTextsSource
}

// ---- Refund math ------------------------------------------------------------------------------------------

/**
 * The refund of an order that stopped with `remains` units undelivered: charge × remains / quantity, rounded
 * DOWN to the micro-USD so that we never refund more than the undelivered share of what was charged.
 */
export function undeliveredRefundMicros(charge: number, quantity: number, remains: number): number {
  if (quantity <= 0 || charge <= 0) return 0
  const undelivered = Math.min(Math.max(remains, 0), quantity)
  return Number((BigInt(charge) * BigInt(undelivered)) / BigInt(quantity))
}

// ---- Dispatch ---------------------------------------------------------------------------------------------

export type DispatchOutcome =
  /** `add` answered; the order is processing with its upstream id. */
  | { outcome: 'placed'; upstreamOrderId: string }
  /** The order already has its upstream id (a run before a crash stored it). */
  | { outcome: 'already-placed' }
  /** Nothing to do: the order is gone, cancelled, paused or no longer pending. */
  | { outcome: 'not-pending' }
  | { outcome: 'paused'; reason: string }
  /** Not ready to send (an AI order waiting for its texts). */
  | { outcome: 'waiting'; reason: string }

/**
 * Request-level failures after which the provider surely has no order: it answered with an error status
 * (the protocol creates the order and answers its id in the same response), or the request never reached it.
 * Anything else (a timeout, a dropped connection, an answer we could not read) may hide a placed order.
 */
function surelyNotPlaced(error: SmmTransientError): boolean {
  const status = error.httpStatus
  if (status !== null && (status >= 500 || status === 429 || status === 408)) return true
  const networkCause: unknown = error.cause instanceof Error ? error.cause.cause : undefined
  const code =
    typeof networkCause === 'object' && networkCause !== null && 'code' in networkCause
      ? String(networkCause.code)
      : ''
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)
}

async function loadOrder(db: Db, orderId: number): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
}

async function loadProvider(db: Db, providerId: number | null): Promise<Provider | undefined> {
  if (providerId === null) return undefined
  return db.selectFrom('providers').selectAll().where('id', '=', providerId).executeTakeFirst()
}

/** Where a service's orders go: an enabled provider and the provider's own service id. */
export interface ServiceUpstream {
  provider: Provider
  remoteServiceId: number
}

/**
 * The provider a service is mapped to, or undefined when it has none, the provider is disabled, or the
 * provider's service id is missing: such a service's orders pause with NO_PROVIDER.
 */
export async function serviceUpstream(
  db: Db,
  service: Pick<Service, 'provider_id' | 'remote_service_id'>,
): Promise<ServiceUpstream | undefined> {
  const provider = await loadProvider(db, service.provider_id)
  const remoteServiceId = Number(service.remote_service_id)
  if (!provider || provider.enabled !== 1 || !Number.isSafeInteger(remoteServiceId) || remoteServiceId <= 0) {
    return undefined
  }
  return { provider, remoteServiceId }
}

/**
 * Pauses a pending order that has no upstream id. `clearAttempt` forgets the attempt: only when the provider
 * surely has no order (it refused it, or the order never reached it), so a retry may send it again.
 */
async function pauseUnplacedOrder(
  db: Db,
  input: { orderId: number; reason: string; clearAttempt: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: 'paused',
      paused_reason: input.reason,
      updated_at: input.now,
      ...(input.clearAttempt ? { upstream_attempted_at: null } : {}),
    })
    .where('id', '=', input.orderId)
    .where('status', '=', 'pending')
    .where('upstream_order_id', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Records the upstream id `add` answered. It wins over a pause made meanwhile (a second run that found the
 * attempt without an id while this one waited for the answer): the order does exist upstream.
 */
async function storeUpstreamOrderId(
  deps: FulfilmentDeps,
  order: Order,
  upstreamOrderId: string,
): Promise<void> {
  const result = await deps.db
    .updateTable('orders')
    .set({
      upstream_order_id: upstreamOrderId,
      status: 'processing',
      paused_reason: null,
      updated_at: deps.clock.now(),
    })
    .where('id', '=', order.id)
    .where('upstream_order_id', 'is', null)
    .where('status', 'in', ['pending', 'paused'])
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) {
    deps.logger.error('An upstream order id could not be stored', { orderId: order.id, upstreamOrderId })
  }
}

/**
 * Sends a pending order to its provider, once. See the rule at the top of this file; the outcome says what
 * happened. Throws SmmTransientError when the provider surely did not take the order and may be asked again
 * (the job retries with backoff); every other failure leaves the order paused with its reason.
 */
export async function dispatchOrder(deps: FulfilmentDeps, orderId: number): Promise<DispatchOutcome> {
  const { db, clock } = deps
  const order = await loadOrder(db, orderId)
  if (!order) return { outcome: 'not-pending' }
  if (order.upstream_order_id !== null) {
    await db
      .updateTable('orders')
      .set({ status: 'processing', updated_at: clock.now() })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .execute()
    return { outcome: 'already-placed' }
  }
  if (order.status !== 'pending') return { outcome: 'not-pending' }
  if (order.upstream_attempted_at !== null) {
    await pauseUnplacedOrder(db, {
      orderId: order.id,
      reason: PLACEMENT_UNCONFIRMED,
      clearAttempt: false,
      now: clock.now(),
    })
    return { outcome: 'paused', reason: PLACEMENT_UNCONFIRMED }
  }

  const service = await db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', order.service_id)
    .executeTakeFirstOrThrow()
  // The mapping first: an AI order of a service that cannot be sent anywhere pauses before its texts are
  // written, so no tokens of the customer's (or the operator's) key are spent on it.
  const upstream = await serviceUpstream(db, service)
  if (!upstream) {
    await pauseUnplacedOrder(db, {
      orderId: order.id,
      reason: NO_PROVIDER,
      clearAttempt: true,
      now: clock.now(),
    })
    return { outcome: 'paused', reason: NO_PROVIDER }
  }
  const { provider, remoteServiceId } = upstream
  let comments: readonly string[] | undefined
  if (service.is_ai === 1) {
    const texts = await deps.orderTexts(db, order)
    if (texts === null) return { outcome: 'waiting', reason: 'Waiting for the texts of an AI order' }
    comments = texts
  }

  // The attempt, committed before `add`. Conditional, like the cancel route's guard: whichever commits first
  // wins, so an order is never both cancelled at once and sent.
  const attemptedAt = clock.now()
  const marked = await db
    .updateTable('orders')
    .set({ upstream_attempted_at: attemptedAt, provider_id: provider.id, updated_at: attemptedAt })
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .where('upstream_attempted_at', 'is', null)
    .where('upstream_order_id', 'is', null)
    .executeTakeFirst()
  if (Number(marked.numUpdatedRows) !== 1) return { outcome: 'not-pending' }

  let upstreamOrderId: string
  try {
    const answer = await deps.clientFor(provider).add({
      service: remoteServiceId,
      link: order.target_url,
      quantity: comments ? comments.length : order.quantity,
      ...(comments ? { comments } : {}),
    })
    upstreamOrderId = String(answer.orderId)
  } catch (error) {
    if (error instanceof SmmRejectedError) {
      const reason = providerRefusedReason(error.message)
      await pauseUnplacedOrder(db, { orderId: order.id, reason, clearAttempt: true, now: clock.now() })
      return { outcome: 'paused', reason }
    }
    if (error instanceof SmmTransientError && surelyNotPlaced(error)) {
      // Forget this attempt so the job's next one may send the order; conditional on it being ours.
      await db
        .updateTable('orders')
        .set({ upstream_attempted_at: null, updated_at: clock.now() })
        .where('id', '=', order.id)
        .where('upstream_attempted_at', '=', attemptedAt)
        .where('upstream_order_id', 'is', null)
        .execute()
      throw error
    }
    deps.logger.warn('Upstream placement unconfirmed', {
      orderId: order.id,
      error: error instanceof Error ? error.message : String(error),
    })
    await pauseUnplacedOrder(db, {
      orderId: order.id,
      reason: PLACEMENT_UNCONFIRMED,
      clearAttempt: false,
      now: clock.now(),
    })
    return { outcome: 'paused', reason: PLACEMENT_UNCONFIRMED }
  }
  await storeUpstreamOrderId(deps, order, upstreamOrderId)
  return { outcome: 'placed', upstreamOrderId }
}

/**
 * The dispatch job used up its attempts (the provider kept failing): the order is paused with the reason, so
 * the customer can retry it. An order caught with an attempt but no id is paused for review instead.
 */
export async function pauseAfterFailedDispatch(
  deps: FulfilmentDeps,
  input: { orderId: number; message: string },
): Promise<void> {
  const order = await loadOrder(deps.db, input.orderId)
  if (!order || order.status !== 'pending' || order.upstream_order_id !== null) return
  const maybePlaced = order.upstream_attempted_at !== null
  await pauseUnplacedOrder(deps.db, {
    orderId: order.id,
    reason: maybePlaced ? PLACEMENT_UNCONFIRMED : providerUnreachableReason(input.message),
    clearAttempt: false,
    now: deps.clock.now(),
  })
}

/**
 * An operator's answer to an order paused for review: the provider has it (`upstreamOrderId`, the order
 * becomes processing and is synced from now on), or it has not (null: the attempt is forgotten and the order
 * stays paused, so a retry sends it).
 */
export async function resolveUnconfirmedPlacement(
  db: Db,
  input: { orderId: number; upstreamOrderId: string | null; now: number },
): Promise<Order | undefined> {
  const base = db
    .updateTable('orders')
    .where('id', '=', input.orderId)
    .where('status', '=', 'paused')
    .where('upstream_attempted_at', 'is not', null)
    .where('upstream_order_id', 'is', null)
  if (input.upstreamOrderId === null) {
    return base
      .set({ upstream_attempted_at: null, paused_reason: PLACEMENT_UNCONFIRMED, updated_at: input.now })
      .returningAll()
      .executeTakeFirst()
  }
  return base
    .set({
      upstream_order_id: input.upstreamOrderId,
      status: 'processing',
      paused_reason: null,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirst()
}

// ---- Status -----------------------------------------------------------------------------------------------

export type AppliedStatus = 'unchanged' | 'updated' | 'completed' | 'partial' | 'cancelled'

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
      .set({ status: next, remains, start_count: startCount, paused_reason: null, updated_at: now })
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

// ---- Cancel -----------------------------------------------------------------------------------------------

export type CancelOutcome =
  /** The order ended (cancelled, partial or completed) and what was not delivered is refunded. */
  | { outcome: 'ended'; status: AppliedStatus }
  /** The provider accepted; the order ends when its status says Canceled (the sync applies it). */
  | { outcome: 'requested' }
  /** The provider refused; the order goes on, with the reason in paused_reason. */
  | { outcome: 'refused'; reason: string }
  /** Not pending or processing any more. */
  | { outcome: 'not-active' }
  /** Its dispatch has not finished: there is no upstream id to cancel yet. */
  | { outcome: 'waiting'; reason: string }

async function noteOnProcessingOrder(
  deps: FulfilmentDeps,
  orderId: number,
  note: string | null,
): Promise<void> {
  await deps.db
    .updateTable('orders')
    .set({ paused_reason: note, updated_at: deps.clock.now() })
    .where('id', '=', orderId)
    .where('status', '=', 'processing')
    .execute()
}

/**
 * Asks the provider to cancel a customer's order (the cancel route's job). The refund follows the provider's
 * answer: accepted, the order's status is read at once and a Canceled order is refunded what was not
 * delivered; refused, the order stays processing and the customer sees why. Throws SmmTransientError when the
 * provider could not be asked (the job retries).
 */
export async function cancelUpstreamOrder(deps: FulfilmentDeps, orderId: number): Promise<CancelOutcome> {
  const { db, clock, logger } = deps
  const order = await loadOrder(db, orderId)
  if (!order || (order.status !== 'pending' && order.status !== 'processing'))
    return { outcome: 'not-active' }
  if (order.upstream_order_id === null) {
    if (order.upstream_attempted_at !== null) {
      return { outcome: 'waiting', reason: 'Waiting for the order to reach the provider' }
    }
    // Never sent (its dispatch found it paused and a retry made it pending again): cancelled here, in full.
    const now = clock.now()
    const cancelled = await db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', refunded: sql<number>`charge`, updated_at: now })
        .where('id', '=', order.id)
        .where('status', '=', 'pending')
        .where('upstream_attempted_at', 'is', null)
        .where('upstream_order_id', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (!ended) return false
      const refund = ended.charge - order.refunded
      if (refund > 0) {
        await credit(trx, {
          userId: ended.user_id,
          amount: refund,
          kind: 'refund',
          reference: `order:${ended.id}`,
          idempotencyKey: `order:${ended.id}:refund`,
          note: 'Order cancelled before it started',
          now,
        })
      }
      return true
    })
    return cancelled ? { outcome: 'ended', status: 'cancelled' } : { outcome: 'not-active' }
  }

  const provider = await loadProvider(db, order.provider_id)
  if (!provider)
    throw new Error(`Order ${order.id} points at a missing provider ${String(order.provider_id)}`)
  const client = deps.clientFor(provider)
  const upstreamOrderId = Number(order.upstream_order_id)
  let refusal: string | undefined
  try {
    const answers = await client.cancel([upstreamOrderId])
    const answer = answers.get(upstreamOrderId)
    if (!answer?.ok) refusal = answer?.error ?? 'The provider did not answer for this order'
  } catch (error) {
    if (!(error instanceof SmmRejectedError)) throw error
    refusal = error.message
  }
  if (refusal !== undefined) {
    const reason = cancelRefusedNote(refusal)
    await noteOnProcessingOrder(deps, order.id, reason)
    return { outcome: 'refused', reason }
  }

  // Accepted. The order ends when the provider says Canceled; reading it now saves the customer a sync round.
  await noteOnProcessingOrder(deps, order.id, null)
  try {
    const current = await loadOrder(db, order.id)
    if (current?.status === 'processing') {
      const status = await client.status(upstreamOrderId)
      const applied = await applyUpstreamStatus(deps, current, status)
      if (applied === 'cancelled' || applied === 'partial' || applied === 'completed') {
        return { outcome: 'ended', status: applied }
      }
    }
  } catch (error) {
    // Asking for the cancel again would be refused now; the sync reads the status on its next round.
    if (!(error instanceof SmmTransientError || error instanceof SmmRejectedError)) throw error
    logger.warn('Status after an accepted cancel not read', { orderId: order.id, error: error.message })
  }
  return { outcome: 'requested' }
}

/** The cancel job used up its attempts: the customer sees that the provider could not be asked. */
export async function noteFailedCancel(
  deps: FulfilmentDeps,
  input: { orderId: number; message: string },
): Promise<void> {
  await noteOnProcessingOrder(deps, input.orderId, cancelUnsentNote(input.message))
}
