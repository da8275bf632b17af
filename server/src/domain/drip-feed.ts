import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { Order, OrderRun, OrderRunStatus, OrderStatus } from '../db/schema'
import { enqueue } from '../jobs/queue'
import { creditOrderRefund, undeliveredRefundMicros } from './ledger'

// Drip-feed orders' runs. The order is charged once for every run; each run stands for a share of that charge
// and is placed upstream as its own order when it is due. This file schedules the runs with the order, ends a
// run (refunding its undelivered share, once: the ledger key names the run), stops the runs not yet sent, and
// derives the order's status and progress from its runs. Dispatch, sync and cancel of a run are fulfilment's.

export const MINUTE_MS = 60_000

const ENDED_RUN: readonly OrderRunStatus[] = ['completed', 'partial', 'cancelled', 'failed']

export function runHasEnded(status: OrderRunStatus): boolean {
  return ENDED_RUN.includes(status)
}

/** Each run's share of the charge, in micro-USD: the shares differ by at most one and add up to the charge. */
export function runShares(charge: number, runs: number): number[] {
  const total = BigInt(charge)
  const count = BigInt(runs)
  return Array.from({ length: runs }, (_, index) => {
    const upTo = (total * BigInt(index + 1)) / count
    const before = (total * BigInt(index)) / count
    return Number(upTo - before)
  })
}

/**
 * Inserts the order's runs and a `dispatch-run` job for each, due at creation + (run - 1) × interval, using
 * `trx` (the order's own transaction): the schedule commits with the charge, so a restart neither skips a run
 * nor places one twice (each job has its own unique key and each run its own placement guard).
 */
export async function scheduleRuns(trx: Db, order: Order): Promise<void> {
  const runs = order.runs ?? 0
  const intervalMs = (order.run_interval ?? 0) * MINUTE_MS
  const perRun = order.quantity / runs
  const shares = runShares(order.charge, runs)
  await trx
    .insertInto('order_runs')
    .values(
      shares.map((share, index) => ({
        order_id: order.id,
        run: index + 1,
        quantity: perRun,
        share,
        run_at: order.created_at + index * intervalMs,
        status: 'scheduled' as const,
        provider_id: null,
        upstream_order_id: null,
        upstream_attempted_at: null,
        start_count: null,
        remains: null,
        note: null,
        updated_at: order.created_at,
      })),
    )
    .execute()
  for (let run = 1; run <= runs; run += 1) {
    await enqueue(trx, {
      kind: 'dispatch-run',
      payload: { orderId: order.id, run },
      runAt: order.created_at + (run - 1) * intervalMs,
      uniqueKey: `order:${order.id}:run:${run}`,
      now: order.created_at,
    })
  }
}

export async function loadRun(db: Db, orderId: number, run: number): Promise<OrderRun | undefined> {
  return db
    .selectFrom('order_runs')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('run', '=', run)
    .executeTakeFirst()
}

/** Which runs an ending may apply to: one the provider has, or one never sent (no placement attempted). */
export type RunStage = 'processing' | 'unsent'

export interface RunEnding {
  status: Extract<OrderRunStatus, 'completed' | 'partial' | 'cancelled' | 'failed'>
  /** Units not delivered. */
  remains: number
  startCount?: number | null
  note?: string | null
}

/**
 * Ends a run in `trx` and refunds its undelivered share (share × remains / quantity, rounded down) as a ledger
 * entry keyed `order:<id>:run:<run>:refund`, then brings the order up to date (settleOrder). Returns false,
 * changing nothing, when the run is no longer at `stage`: whoever ended it first did the refund.
 */
export async function endRun(
  trx: Db,
  run: Pick<OrderRun, 'order_id' | 'run'>,
  stage: RunStage,
  ending: RunEnding,
  now: number,
): Promise<boolean> {
  let query = trx
    .updateTable('order_runs')
    .set({
      status: ending.status,
      remains: ending.remains,
      ...(ending.startCount === undefined ? {} : { start_count: ending.startCount }),
      ...(ending.note === undefined ? {} : { note: ending.note }),
      updated_at: now,
    })
    .where('order_id', '=', run.order_id)
    .where('run', '=', run.run)
  query =
    stage === 'processing'
      ? query.where('status', '=', 'processing')
      : query.where('status', '=', 'scheduled').where('upstream_attempted_at', 'is', null)
  const ended = await query.returningAll().executeTakeFirst()
  if (!ended) return false
  const refund = Math.min(
    undeliveredRefundMicros(ended.share, ended.quantity, ending.remains),
    ended.share - ended.refunded,
  )
  if (refund > 0) {
    const order = await trx
      .selectFrom('orders')
      .select(['user_id', 'runs'])
      .where('id', '=', ended.order_id)
      .executeTakeFirstOrThrow()
    const credited = await creditOrderRefund(trx, {
      userId: order.user_id,
      orderId: ended.order_id,
      amount: refund,
      idempotencyKey: `order:${ended.order_id}:run:${ended.run}:refund`,
      note: `Run ${ended.run} of ${order.runs ?? 0}: ${ending.remains} of ${ended.quantity} undelivered`,
      now,
    })
    if (credited) {
      await trx
        .updateTable('order_runs')
        .set({ refunded: sql<number>`refunded + ${refund}` })
        .where('id', '=', ended.id)
        .execute()
      await trx
        .updateTable('orders')
        .set({ refunded: sql<number>`refunded + ${refund}` })
        .where('id', '=', ended.order_id)
        .execute()
    }
  }
  await settleOrder(trx, ended.order_id, now)
  return true
}

/**
 * The order's status and progress from its runs. While a run is still to come or on its way the order is
 * pending (none placed yet) or processing; once every run has ended it is completed (every run delivered in
 * full), cancelled (a run was cancelled, or nothing was delivered at all) or partial. `remains` adds up what
 * each run has not delivered (a run not sent counts whole), `start_count` is the first run's.
 */
export async function settleOrder(trx: Db, orderId: number, now: number): Promise<void> {
  const runs = await trx
    .selectFrom('order_runs')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('run')
    .execute()
  if (runs.length === 0) return
  const remains = runs.reduce((sum, run) => sum + (run.remains ?? run.quantity), 0)
  const quantity = runs.reduce((sum, run) => sum + run.quantity, 0)
  const startCount = runs.find((run) => run.start_count !== null)?.start_count ?? null
  const runsSent = runs.filter((run) => run.upstream_order_id !== null).length
  const nextRun = runs.find((run) => run.status === 'scheduled' && run.upstream_attempted_at === null)
  let status: OrderStatus
  if (runs.some((run) => !runHasEnded(run.status))) {
    status = runsSent > 0 ? 'processing' : 'pending'
  } else if (runs.every((run) => run.status === 'completed')) {
    status = 'completed'
  } else if (runs.some((run) => run.status === 'cancelled') || remains === quantity) {
    status = 'cancelled'
  } else {
    status = 'partial'
  }
  await trx
    .updateTable('orders')
    .set({
      status,
      remains,
      start_count: startCount,
      runs_sent: runsSent,
      next_run_at: nextRun?.run_at ?? null,
      completed_at: status === 'completed' ? now : null,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('status', 'in', ['pending', 'processing'])
    .execute()
}

/**
 * Stops the runs not sent yet (a customer's cancel), each refunded its whole share, using `trx`. A run whose
 * placement is under way is left to its dispatch: the guard on the attempt makes the two race-free. Returns
 * whether any run is still on its way or at the provider.
 */
export async function stopUnsentRuns(trx: Db, orderId: number, now: number): Promise<boolean> {
  const unsent = await trx
    .selectFrom('order_runs')
    .select(['order_id', 'run', 'quantity'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'scheduled')
    .where('upstream_attempted_at', 'is', null)
    .execute()
  for (const run of unsent) {
    await endRun(
      trx,
      run,
      'unsent',
      { status: 'cancelled', remains: run.quantity, note: 'Cancelled before it was sent' },
      now,
    )
  }
  await settleOrder(trx, orderId, now)
  const active = await trx
    .selectFrom('order_runs')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', 'in', ['scheduled', 'processing', 'paused'])
    .executeTakeFirst()
  return active !== undefined
}
