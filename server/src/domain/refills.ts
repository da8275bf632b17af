import {
  isRefillActive,
  type OrderRefill,
  type RefillRefusalReason as RuleRefusal,
  refillRefusal,
  refillWindowEnd,
} from '@engage/contract'
import { SmmRejectedError } from '../adapters/smm'
import type { Db } from '../db/connect'
import type { Order, Refill, RefillStatus } from '../db/schema'
import { enqueue } from '../jobs/queue'
import { isUniqueViolation } from './accounts'
import type { FulfilmentDeps } from './fulfilment'
import { servicesById } from './services'

// Refills: a customer asks, from the panel or through API v2's `refill`, that a completed order of a service
// that offers refills be topped up again (followers that dropped off), within the service's refill window
// (services.refill_days, counted from the order's completed_at). The request is a row in `refills` and a
// `refill-order` job enqueued in the same transaction; the job asks the order's provider (`refill`) and then
// follows the provider's refill (`refill_status`) until it ends. No money moves: a refill is part of what the
// order was sold with.

/** How often the job asks the provider about a refill it accepted, until it ends. */
export const REFILL_POLL_MS = 60_000

/** A provider's refill that has not ended after this long is no longer followed; it reads as an error. */
export const REFILL_TRACKING_LIMIT_MS = 30 * 24 * 60 * 60 * 1000

export type RefillRefusalReason = 'order-not-found' | RuleRefusal

export class RefillRefusal extends Error {
  override name = 'RefillRefusal'
  constructor(
    readonly reason: RefillRefusalReason,
    /** 'window-ended': the instant (ms) the order's refill window ended. */
    readonly windowEndedAt: number | null = null,
  ) {
    super(reason)
  }
}

/** When a completed order's refill window ends; an order completed before 0160 has only its updated_at. */
function windowEndOf(order: Pick<Order, 'completed_at' | 'updated_at'>, refillDays: number): number {
  return refillWindowEnd(order.completed_at ?? order.updated_at, refillDays)
}

/**
 * Records a refill of the customer's order and enqueues its `refill-order` job. Refuses an order that is not
 * theirs, a service without refills, an order that is not completed, an order whose refill window has ended,
 * and a second refill while one is active (the partial unique index holds that rule under concurrency).
 */
export async function requestRefill(
  db: Db,
  input: { userId: number; orderId: number; now: number },
): Promise<Refill> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .innerJoin('services', 'services.id', 'orders.service_id')
        .select([
          'orders.id as id',
          'orders.status as status',
          'orders.completed_at as completed_at',
          'orders.updated_at as updated_at',
          'services.refill as refill',
          'services.refill_days as refill_days',
        ])
        .where('orders.id', '=', input.orderId)
        .where('orders.user_id', '=', input.userId)
        .executeTakeFirst()
      if (!order) throw new RefillRefusal('order-not-found')
      const windowEnd = windowEndOf(order, order.refill_days)
      // A refill already under way is refused by the partial unique index, which also holds under concurrency.
      const refusal = refillRefusal(
        {
          offersRefill: order.refill === 1,
          status: order.status,
          refillUntil: windowEnd,
          hasActiveRefill: false,
        },
        input.now,
      )
      if (refusal !== null) throw new RefillRefusal(refusal, refusal === 'window-ended' ? windowEnd : null)
      const refill = await trx
        .insertInto('refills')
        .values({
          order_id: input.orderId,
          user_id: input.userId,
          status: 'pending',
          upstream_refill_id: null,
          reason: null,
          created_at: input.now,
          updated_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await enqueue(trx, {
        kind: 'refill-order',
        payload: { refillId: Number(refill.id) },
        uniqueKey: `refill:${refill.id}`,
        now: input.now,
      })
      return refill
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new RefillRefusal('already-active')
    throw error
  }
}

/** The customer's refill, or undefined (another customer's refill is answered like a missing one). */
export function findOwnRefill(db: Db, userId: number, refillId: number): Promise<Refill | undefined> {
  return db
    .selectFrom('refills')
    .selectAll()
    .where('id', '=', refillId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

// ---- On the customer's orders -------------------------------------------------------------------------------

/** A refill as the customer's API answers it (contract `OrderRefill`). */
export function toApiRefill(refill: Refill): OrderRefill {
  return {
    id: String(refill.id),
    status: refill.status,
    reason: refill.reason,
    created_at: new Date(refill.created_at).toISOString(),
    updated_at: new Date(refill.updated_at).toISOString(),
  }
}

export interface OrderRefillFields {
  refill_until: string | null
  refillable: boolean
  refill: OrderRefill | null
}

/**
 * The refill fields of each order: `refill_until`, when the window of a completed order of a service with
 * refills ends (else null), `refillable`, whether a refill would be accepted at `now`, and `refill`, its latest
 * refill (else null). One read for the whole page: what each service offers comes from the services snapshot.
 */
export async function refillFieldsOf(
  db: Db,
  orders: readonly Order[],
  now: number,
): Promise<Map<number, OrderRefillFields>> {
  const fields = new Map<number, OrderRefillFields>()
  if (orders.length === 0) return fields
  const completed = orders.filter((order) => order.status === 'completed')
  const windows = new Map<number, number>()
  if (completed.length > 0) {
    const services = await servicesById(
      db,
      completed.map((order) => order.service_id),
    )
    for (const order of completed) {
      const service = services.get(order.service_id)
      if (service?.refill === 1) windows.set(service.id, service.refill_days)
    }
  }
  const refills = await db
    .selectFrom('refills')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('order_id')
    .orderBy('id', 'desc')
    .execute()
  const latest = new Map<number, Refill>()
  for (const refill of refills) if (!latest.has(refill.order_id)) latest.set(refill.order_id, refill)
  for (const order of orders) {
    const refillDays = order.status === 'completed' ? windows.get(order.service_id) : undefined
    const refillUntil = refillDays === undefined ? null : windowEndOf(order, refillDays)
    const found = latest.get(order.id)
    const refusal = refillRefusal(
      {
        offersRefill: refillUntil !== null,
        status: order.status,
        refillUntil,
        hasActiveRefill: found !== undefined && isRefillActive(found.status),
      },
      now,
    )
    fields.set(order.id, {
      refill_until: refillUntil === null ? null : new Date(refillUntil).toISOString(),
      refillable: refusal === null,
      refill: found ? toApiRefill(found) : null,
    })
  }
  return fields
}

// ---- With the provider ------------------------------------------------------------------------------------

/** Maps a provider's refill word to ours; an unknown word keeps the refill in progress. */
export function refillStatusFromUpstream(word: string): RefillStatus {
  const normalised = word.trim().replace(/\s+/g, ' ').toLowerCase()
  if (normalised === 'completed') return 'completed'
  if (normalised === 'pending') return 'pending'
  if (['rejected', 'canceled', 'cancelled', 'error', 'refunded'].includes(normalised)) return 'rejected'
  return 'in_progress'
}

export type RefillStep =
  /** Still running upstream: look again at `nextCheckAt`. */
  | { outcome: 'waiting'; nextCheckAt: number }
  /** Completed, rejected or given up: nothing more to do. */
  | { outcome: 'ended'; status: RefillStatus }

async function updateRefill(
  db: Db,
  refillId: number,
  changes: { status: RefillStatus; upstream_refill_id?: string; reason?: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('refills')
    .set({ ...changes, updated_at: now })
    .where('id', '=', refillId)
    .where('status', 'in', ['pending', 'in_progress'])
    .execute()
}

/**
 * One run of a refill's job: asks the provider for the refill when it has not yet, else asks how it stands,
 * and records the answer. A provider's refusal ends the refill as rejected with its reason; a provider that
 * cannot be reached throws SmmTransientError so the job retries (giveUpRefill records the end).
 */
export async function advanceRefill(deps: FulfilmentDeps, refillId: number): Promise<RefillStep> {
  const { db, clock } = deps
  const refill = await db.selectFrom('refills').selectAll().where('id', '=', refillId).executeTakeFirst()
  if (!refill) return { outcome: 'ended', status: 'error' }
  if (refill.status !== 'pending' && refill.status !== 'in_progress') {
    return { outcome: 'ended', status: refill.status }
  }
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', refill.order_id)
    .executeTakeFirstOrThrow()
  const provider =
    order.provider_id === null
      ? undefined
      : await db.selectFrom('providers').selectAll().where('id', '=', order.provider_id).executeTakeFirst()
  const upstreamOrderId = Number(order.upstream_order_id)
  if (!provider || !Number.isSafeInteger(upstreamOrderId) || upstreamOrderId <= 0) {
    const reason = 'The order has no provider to refill it'
    await updateRefill(db, refill.id, { status: 'rejected', reason }, clock.now())
    return { outcome: 'ended', status: 'rejected' }
  }
  const client = deps.clientFor(provider)

  if (refill.upstream_refill_id === null) {
    try {
      const { refillId: upstreamRefillId } = await client.refill(upstreamOrderId)
      await updateRefill(
        db,
        refill.id,
        { status: 'pending', upstream_refill_id: String(upstreamRefillId) },
        clock.now(),
      )
    } catch (error) {
      if (!(error instanceof SmmRejectedError)) throw error
      await updateRefill(db, refill.id, { status: 'rejected', reason: error.message }, clock.now())
      return { outcome: 'ended', status: 'rejected' }
    }
    return { outcome: 'waiting', nextCheckAt: clock.now() + REFILL_POLL_MS }
  }

  let status: RefillStatus
  try {
    status = refillStatusFromUpstream((await client.refillStatus(Number(refill.upstream_refill_id))).status)
  } catch (error) {
    if (!(error instanceof SmmRejectedError)) throw error
    await updateRefill(db, refill.id, { status: 'rejected', reason: error.message }, clock.now())
    return { outcome: 'ended', status: 'rejected' }
  }
  const now = clock.now()
  if (status === 'completed' || status === 'rejected') {
    await updateRefill(db, refill.id, { status }, now)
    return { outcome: 'ended', status }
  }
  if (now - refill.created_at > REFILL_TRACKING_LIMIT_MS) {
    const reason = 'The provider did not finish the refill in time'
    await updateRefill(db, refill.id, { status: 'error', reason }, now)
    return { outcome: 'ended', status: 'error' }
  }
  if (status !== refill.status) await updateRefill(db, refill.id, { status }, now)
  return { outcome: 'waiting', nextCheckAt: now + REFILL_POLL_MS }
}

/** The refill's job used up its attempts: the provider could not be asked. */
export async function giveUpRefill(
  deps: Pick<FulfilmentDeps, 'db' | 'clock'>,
  input: { refillId: number; message: string },
): Promise<void> {
  await updateRefill(
    deps.db,
    input.refillId,
    { status: 'error', reason: `The provider could not be reached: ${input.message}` },
    deps.clock.now(),
  )
}
