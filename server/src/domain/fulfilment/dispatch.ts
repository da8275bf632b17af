import { chargeMicros } from '@engage/contract'
import { SmmRejectedError, SmmTransientError } from '../../adapters/smm'
import type { Db } from '../../db/connect'
import { reusableQuery } from '../../db/reusable-query'
import type { Order } from '../../db/schema'
import { PLACEMENT_UNCONFIRMED, providerRefusedReason, providerUnreachableReason } from './texts'
import {
  type FulfilmentDeps,
  loadOrder,
  loadOrderService,
  noUpstreamReason,
  serviceUpstream,
  type ServiceUpstream,
} from './common'

// Sending a pending order upstream. The SMM protocol has no idempotency key, so placement follows one rule:
// the attempt is recorded and committed before `add` is called, and the upstream id is stored as soon as `add`
// answers. An attempt without an id means "maybe placed": that order is never sent again automatically, it is
// paused for review. Each database change is its own short transaction, never held across a provider call.

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

/**
 * What a failed `add` means for the order (or drip-feed run) it was to place: the provider refused it (it has
 * none; the reason is the customer's to read), it surely did not get it (its attempt is forgotten and the job
 * asks again), or it may have it (never sent again; held for review).
 */
export type AddFailure =
  { kind: 'refused'; reason: string } | { kind: 'not-placed' } | { kind: 'unconfirmed' }

export function addFailure(error: unknown): AddFailure {
  if (error instanceof SmmRejectedError)
    return { kind: 'refused', reason: providerRefusedReason(error.message) }
  if (error instanceof SmmTransientError && surelyNotPlaced(error)) return { kind: 'not-placed' }
  return { kind: 'unconfirmed' }
}

/** The pause of a pending order without an upstream id, compiled once with the attempt forgotten and once kept. */
function pauseUnplacedQuery(clearAttempt: boolean) {
  return reusableQuery(
    (db: Db, pause: { orderId: number; reason: string; now: number }) =>
      db
        .updateTable('orders')
        .set({
          status: 'paused',
          paused_reason: pause.reason,
          updated_at: pause.now,
          ...(clearAttempt ? { upstream_attempted_at: null } : {}),
        })
        .where('id', '=', pause.orderId)
        .where('status', '=', 'pending')
        .where('upstream_order_id', 'is', null)
        .returning('id'),
    { orderId: -917_700_011, reason: '\u0000reason', now: -917_700_012 },
  )
}
const pauseForgettingAttempt = pauseUnplacedQuery(true)
const pauseKeepingAttempt = pauseUnplacedQuery(false)

/**
 * Pauses a pending order that has no upstream id. `clearAttempt` forgets the attempt: only when the provider
 * surely has no order (it refused it, or the order never reached it), so a retry may send it again.
 */
async function pauseUnplacedOrder(
  db: Db,
  input: { orderId: number; reason: string; clearAttempt: boolean; now: number },
): Promise<boolean> {
  const pause = input.clearAttempt ? pauseForgettingAttempt : pauseKeepingAttempt
  const { rows } = await pause(db, { orderId: input.orderId, reason: input.reason, now: input.now })
  return rows.length === 1
}

/** The upstream id's store, compiled once. */
const runStoreUpstreamOrderId = reusableQuery(
  (db: Db, stored: { orderId: number; upstreamOrderId: string; cost: number; now: number }) =>
    db
      .updateTable('orders')
      .set({
        upstream_order_id: stored.upstreamOrderId,
        cost: stored.cost,
        status: 'processing',
        paused_reason: null,
        updated_at: stored.now,
      })
      .where('id', '=', stored.orderId)
      .where('upstream_order_id', 'is', null)
      .where('status', 'in', ['pending', 'paused'])
      .returning('id'),
  {
    orderId: -917_700_021,
    upstreamOrderId: '\u0000upstream order id',
    cost: -917_700_022,
    now: -917_700_023,
  },
)

/**
 * Records the upstream id `add` answered. It wins over a pause made meanwhile (a second run that found the
 * attempt without an id while this one waited for the answer): the order does exist upstream.
 */
async function storeUpstreamOrderId(
  deps: FulfilmentDeps,
  order: Order,
  upstreamOrderId: string,
  cost: number,
): Promise<void> {
  const { rows } = await runStoreUpstreamOrderId(deps.db, {
    orderId: order.id,
    upstreamOrderId,
    cost,
    now: deps.clock.now(),
  })
  if (rows.length !== 1) {
    deps.logger.error('An upstream order id could not be stored', { orderId: order.id, upstreamOrderId })
  }
}

/** The provider's imported rate of a service, compiled once. */
const runProviderRate = reusableQuery(
  (db: Db, service: { providerId: number; remoteServiceId: string }) =>
    db
      .selectFrom('provider_services')
      .select('rate_per_1k')
      .where('provider_id', '=', service.providerId)
      .where('remote_service_id', '=', service.remoteServiceId),
  { providerId: -917_700_031, remoteServiceId: '\u0000remote service id' },
)

/**
 * What the provider will charge for an order, as its last imported rate says (0 when the service is not in its
 * imported catalogue); the provider's own figure replaces it once a `status` answer reports one.
 */
async function providerCost(db: Db, upstream: ServiceUpstream, quantity: number): Promise<number> {
  const [row] = (
    await runProviderRate(db, {
      providerId: upstream.provider.id,
      remoteServiceId: String(upstream.remoteServiceId),
    })
  ).rows
  return row ? chargeMicros(Number(row.rate_per_1k), quantity) : 0
}

/** The attempt's mark, compiled once: only on a pending order not sent before. */
const runMarkAttempt = reusableQuery(
  (db: Db, attempt: { orderId: number; providerId: number; attemptedAt: number }) =>
    db
      .updateTable('orders')
      .set({
        upstream_attempted_at: attempt.attemptedAt,
        provider_id: attempt.providerId,
        updated_at: attempt.attemptedAt,
      })
      .where('id', '=', attempt.orderId)
      .where('status', '=', 'pending')
      .where('upstream_attempted_at', 'is', null)
      .where('upstream_order_id', 'is', null)
      .returning('id'),
  { orderId: -917_700_041, providerId: -917_700_042, attemptedAt: -917_700_043 },
)

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

  const service = await loadOrderService(db, order)
  // The mapping first: an AI order of a service that cannot be sent anywhere pauses before its texts are
  // written, so no tokens of the customer's (or the operator's) key are spent on it.
  const upstream = await serviceUpstream(db, service)
  if (!upstream) {
    const reason = await noUpstreamReason(db, service)
    await pauseUnplacedOrder(db, { orderId: order.id, reason, clearAttempt: true, now: clock.now() })
    return { outcome: 'paused', reason }
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
  const marked = await runMarkAttempt(db, { orderId: order.id, providerId: provider.id, attemptedAt })
  if (marked.rows.length !== 1) return { outcome: 'not-pending' }

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
    const failure = addFailure(error)
    if (failure.kind === 'refused') {
      const { reason } = failure
      await pauseUnplacedOrder(db, { orderId: order.id, reason, clearAttempt: true, now: clock.now() })
      return { outcome: 'paused', reason }
    }
    if (failure.kind === 'not-placed') {
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
  const quantitySent = comments ? comments.length : order.quantity
  await storeUpstreamOrderId(deps, order, upstreamOrderId, await providerCost(db, upstream, quantitySent))
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
