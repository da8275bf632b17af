import {
  SmmRejectedError,
  SmmTransientError,
  mapUpstreamStatus,
  type SmmOrderStatus,
} from '../../adapters/smm'
import type { Db } from '../../db/connect'
import type { OrderRun } from '../../db/schema'
import { endRun, loadRun, settleOrder } from '../drip-feed'
import {
  type AppliedStatus,
  type FulfilmentDeps,
  loadOrder,
  loadOrderService,
  loadProvider,
  noUpstreamReason,
  serviceUpstream,
} from './common'
import { addFailure } from './dispatch'
import {
  cancelRefusedNote,
  PLACEMENT_UNCONFIRMED,
  providerUnreachableReason,
  unknownStatusReason,
} from './texts'

// The runs of drip-feed orders upstream: each run is placed as its own provider order when its job is due, by
// the same rule as a whole order (the attempt is committed before `add`, an attempt without an id is never sent
// again but held for review), its status is synced, and a customer's cancel asks the provider to cancel it.
// A run the provider refuses, or that has nowhere to go, fails and is refunded its share: the other runs go on.

export type RunDispatchOutcome =
  | { outcome: 'placed'; upstreamOrderId: string }
  | { outcome: 'already-placed' }
  /** Not scheduled any more (stopped, ended), or its order has ended. */
  | { outcome: 'not-due' }
  /** Its placement could not be confirmed: held for review, never sent again. */
  | { outcome: 'paused'; reason: string }
  /** The provider refused it or there is no provider: the run failed and was refunded. */
  | { outcome: 'failed'; reason: string }

/** Holds a run whose placement is unconfirmed, and tells the customer on the order. */
async function holdRun(deps: FulfilmentDeps, run: OrderRun, reason: string): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('order_runs')
      .set({ status: 'paused', note: reason, updated_at: now })
      .where('id', '=', run.id)
      .where('status', '=', 'scheduled')
      .where('upstream_order_id', 'is', null)
      .executeTakeFirst()
    if (Number(held.numUpdatedRows) === 1) {
      await trx
        .updateTable('orders')
        .set({ paused_reason: `Run ${run.run}: ${reason}`, updated_at: now })
        .where('id', '=', run.order_id)
        .execute()
    }
  })
}

/** Fails a run the provider surely does not have: its attempt is forgotten and its whole share refunded. */
async function failRun(deps: FulfilmentDeps, run: OrderRun, reason: string): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('order_runs')
      .set({ upstream_attempted_at: null, updated_at: now })
      .where('id', '=', run.id)
      .where('status', '=', 'scheduled')
      .where('upstream_order_id', 'is', null)
      .execute()
    await endRun(trx, run, 'unsent', { status: 'failed', remains: run.quantity, note: reason }, now)
  })
}

/**
 * Places run `runNumber` of a drip-feed order upstream, once. Throws SmmTransientError when the provider surely
 * did not take it and may be asked again (the job retries with backoff).
 */
export async function dispatchRun(
  deps: FulfilmentDeps,
  orderId: number,
  runNumber: number,
): Promise<RunDispatchOutcome> {
  const { db, clock } = deps
  const run = await loadRun(db, orderId, runNumber)
  if (!run) return { outcome: 'not-due' }
  if (run.upstream_order_id !== null) return { outcome: 'already-placed' }
  if (run.status !== 'scheduled') return { outcome: 'not-due' }
  if (run.upstream_attempted_at !== null) {
    await holdRun(deps, run, PLACEMENT_UNCONFIRMED)
    return { outcome: 'paused', reason: PLACEMENT_UNCONFIRMED }
  }
  const order = await loadOrder(db, orderId)
  if (!order || (order.status !== 'pending' && order.status !== 'processing')) return { outcome: 'not-due' }
  const service = await loadOrderService(db, order)
  const upstream = await serviceUpstream(db, service)
  if (!upstream) {
    const reason = await noUpstreamReason(db, service)
    await failRun(deps, run, reason)
    return { outcome: 'failed', reason }
  }

  // The attempt, committed before `add`, guarded like the cancel's stop of unsent runs: whichever commits first
  // wins, so a run is never both stopped and sent.
  const attemptedAt = clock.now()
  const marked = await db
    .updateTable('order_runs')
    .set({ upstream_attempted_at: attemptedAt, provider_id: upstream.provider.id, updated_at: attemptedAt })
    .where('id', '=', run.id)
    .where('status', '=', 'scheduled')
    .where('upstream_attempted_at', 'is', null)
    .where('upstream_order_id', 'is', null)
    .executeTakeFirst()
  if (Number(marked.numUpdatedRows) !== 1) return { outcome: 'not-due' }

  let upstreamOrderId: string
  try {
    const answer = await deps.clientFor(upstream.provider).add({
      service: upstream.remoteServiceId,
      link: order.target_url,
      quantity: run.quantity,
    })
    upstreamOrderId = String(answer.orderId)
  } catch (error) {
    const failure = addFailure(error)
    if (failure.kind === 'refused') {
      await failRun(deps, run, failure.reason)
      return { outcome: 'failed', reason: failure.reason }
    }
    if (failure.kind === 'not-placed') {
      await db
        .updateTable('order_runs')
        .set({ upstream_attempted_at: null, updated_at: clock.now() })
        .where('id', '=', run.id)
        .where('upstream_attempted_at', '=', attemptedAt)
        .where('upstream_order_id', 'is', null)
        .execute()
      throw error
    }
    await holdRun(deps, run, PLACEMENT_UNCONFIRMED)
    return { outcome: 'paused', reason: PLACEMENT_UNCONFIRMED }
  }
  await storeRunUpstreamId(db, run, upstreamOrderId, clock.now())
  return { outcome: 'placed', upstreamOrderId }
}

/** Records the run's upstream id; it wins over a hold made meanwhile, as the provider does have the run. */
async function storeRunUpstreamId(
  db: Db,
  run: OrderRun,
  upstreamOrderId: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('order_runs')
      .set({ upstream_order_id: upstreamOrderId, status: 'processing', note: null, updated_at: now })
      .where('id', '=', run.id)
      .where('upstream_order_id', 'is', null)
      .where('status', 'in', ['scheduled', 'paused'])
      .execute()
    await settleOrder(trx, run.order_id, now)
  })
}

/**
 * The run's dispatch job used up its attempts: a run the provider surely does not have fails and is refunded;
 * one caught with an attempt but no id is held for review.
 */
export async function endRunAfterFailedDispatch(
  deps: FulfilmentDeps,
  input: { orderId: number; run: number; message: string },
): Promise<void> {
  const run = await loadRun(deps.db, input.orderId, input.run)
  if (!run || run.status !== 'scheduled' || run.upstream_order_id !== null) return
  if (run.upstream_attempted_at !== null) await holdRun(deps, run, PLACEMENT_UNCONFIRMED)
  else await failRun(deps, run, providerUnreachableReason(input.message))
}

/**
 * Applies what the provider reports about a processing run: its progress while it runs, its end with the
 * refund of its undelivered share (endRun, once however often). A status word we cannot read moves no money:
 * the run is held and the customer sees the word on the order.
 */
export async function applyRunStatus(
  deps: Pick<FulfilmentDeps, 'db' | 'clock'>,
  run: OrderRun,
  upstream: SmmOrderStatus,
): Promise<AppliedStatus> {
  const next = mapUpstreamStatus(upstream.status)
  const now = deps.clock.now()
  const clampRemains = (value: number) => Math.min(Math.max(value, 0), run.quantity)
  const startCount = upstream.startCount ?? run.start_count
  if (next === undefined) {
    const reason = unknownStatusReason(upstream.status)
    const held = await deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('order_runs')
        .set({ status: 'paused', note: reason, updated_at: now })
        .where('id', '=', run.id)
        .where('status', '=', 'processing')
        .executeTakeFirst()
      if (Number(changed.numUpdatedRows) !== 1) return false
      await trx
        .updateTable('orders')
        .set({ paused_reason: `Run ${run.run}: ${reason}`, updated_at: now })
        .where('id', '=', run.order_id)
        .execute()
      return true
    })
    return held ? 'held' : 'unchanged'
  }
  if (next === 'processing') {
    const remains = upstream.remains === null ? run.remains : clampRemains(upstream.remains)
    if (remains === run.remains && startCount === run.start_count) return 'unchanged'
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('order_runs')
        .set({ remains, start_count: startCount, updated_at: now })
        .where('id', '=', run.id)
        .where('status', '=', 'processing')
        .execute()
      await settleOrder(trx, run.order_id, now)
    })
    return 'updated'
  }
  const remains =
    next === 'completed'
      ? 0
      : clampRemains(upstream.remains ?? run.remains ?? (next === 'cancelled' ? run.quantity : 0))
  const ended = await deps.db
    .transaction()
    .execute((trx) => endRun(trx, run, 'processing', { status: next, remains, startCount }, now))
  return ended ? next : 'unchanged'
}

/**
 * Asks the provider to cancel every run of a drip-feed order it has (the cancel-order job), after stopping any
 * run still unsent. Each accepted cancel is followed by a read of the run's status, which ends it and refunds
 * what it did not deliver; a refusal is noted on the order. 'waiting' while a run's placement is under way.
 */
export async function cancelUpstreamRuns(
  deps: FulfilmentDeps,
  orderId: number,
): Promise<{ outcome: 'done' } | { outcome: 'waiting'; reason: string }> {
  const { db } = deps
  const runs = await db
    .selectFrom('order_runs')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', ['scheduled', 'processing'])
    .orderBy('run')
    .execute()
  let waiting = false
  for (const run of runs) {
    if (run.status === 'scheduled') {
      if (run.upstream_attempted_at !== null) waiting = true
      continue
    }
    const provider = await loadProvider(db, run.provider_id)
    if (!provider) throw new Error(`Run ${run.run} of order ${orderId} points at a missing provider`)
    const client = deps.clientFor(provider)
    const upstreamOrderId = Number(run.upstream_order_id)
    let refusal: string | undefined
    try {
      const answer = (await client.cancel([upstreamOrderId])).get(upstreamOrderId)
      if (!answer?.ok) refusal = answer?.error ?? 'The provider did not answer for this order'
    } catch (error) {
      if (!(error instanceof SmmRejectedError)) throw error
      refusal = error.message
    }
    if (refusal !== undefined) {
      await db
        .updateTable('orders')
        .set({ paused_reason: `Run ${run.run}: ${cancelRefusedNote(refusal)}`, updated_at: deps.clock.now() })
        .where('id', '=', orderId)
        .execute()
      continue
    }
    try {
      await applyRunStatus(deps, run, await client.status(upstreamOrderId))
    } catch (error) {
      // The sync reads the status on its next round.
      if (!(error instanceof SmmTransientError || error instanceof SmmRejectedError)) throw error
    }
  }
  return waiting
    ? { outcome: 'waiting', reason: 'Waiting for a run to reach the provider' }
    : { outcome: 'done' }
}
