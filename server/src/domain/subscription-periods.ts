import {
  chargeMicros,
  formatMicros,
  type RenewalPeriod,
  renewalPeriodMilliseconds,
  SPEND_LIMIT_REACHED,
} from '@engage/contract'
import type { Db } from '../db/connect'
import type { Subscription } from '../db/schema'
import type { Clock } from './clock'
import type { Logger } from '../logger'
import { InsufficientFundsError } from './ledger'
import { SpendLimitError } from './workspaces/spend'
import {
  providerWithoutAiKey,
  type AiSettingSnapshot,
  defaultAiSettingRef,
  insertChargedOrder,
  type OperatorAiKeys,
  type OrderFieldNames,
  OrderRefusal,
  snapshotFromRow,
} from './orders'

// The later periods of subscriptions. createSubscription (subscriptions.ts) places period 1 and sets
// next_run_at to period 2's time; from then on the scheduler job calls placeDueSubscriptionPeriods, which
// places and charges each period at its time, at the subscription's own rate, until the last one.
//
// Period k is due at start + (k - 1) periods. The next period is placed + skipped + 1, so every period is
// either placed once or skipped once: each step is a conditional update of those two counters, in the same
// transaction as the period's order and charge.

const PERIOD_FIELDS: OrderFieldNames = {
  serviceType: 'actionType',
  quantity: 'quantityPerPeriod',
  targetUrl: 'url',
}

/** The note a skipped period leaves on its subscription (the subscription is paused until a period is paid). */
export function skippedPeriodNote(input: {
  period: number
  periodCount: number
  chargeMicros: number
}): string {
  return `Period ${input.period} of ${input.periodCount} was skipped: the balance did not cover its ${formatMicros(input.chargeMicros)} charge. The subscription is paused and places the next period if the balance covers it.`
}

/**
 * The note a period skipped for want of an AI key leaves on its subscription: which setting, which provider,
 * and what brings the subscription back. Nothing was charged for the period.
 */
export function periodWithoutAiKeyNote(input: {
  period: number
  periodCount: number
  providerName: string
}): string {
  return `Period ${input.period} of ${input.periodCount} was skipped and not charged: its AI setting has no API key for ${input.providerName}, and this panel has none to lend. The subscription is paused; add your key to the setting in AI settings and it places the next period.`
}

/**
 * The note a period skipped for its member's monthly spend limit leaves on its subscription: the period's charge
 * would take the member who created the subscription past their limit in the workspace. Nothing was charged.
 */
export function periodPastSpendLimitNote(input: {
  period: number
  periodCount: number
  chargeMicros: number
}): string {
  return `Period ${input.period} of ${input.periodCount} was skipped and not charged: its ${formatMicros(input.chargeMicros)} charge would take the member who created the subscription past their monthly spend limit in this workspace. The subscription is paused and places the next period if the limit allows it.`
}

/** Thrown inside a period's transaction to roll it back when no key can write the period's AI texts. */
class PeriodWithoutAiKey extends Error {
  override name = 'PeriodWithoutAiKey'
}

export type PeriodOutcome = 'placed' | 'skipped' | 'not-due'

interface PeriodPlan {
  period: number
  nextRunAt: number | null
  /** The subscription after this period: completed after its last one. */
  finished: boolean
}

function planOf(subscription: Subscription): PeriodPlan {
  const period = subscription.periods_placed + subscription.periods_skipped + 1
  const periodMs = renewalPeriodMilliseconds(subscription.renewal_period as RenewalPeriod)
  const finished = period >= subscription.period_count
  return { period, finished, nextRunAt: finished ? null : subscription.start_at + period * periodMs }
}

function isDue(subscription: Subscription | undefined, now: number): subscription is Subscription {
  return (
    subscription !== undefined &&
    (subscription.status === 'active' || subscription.status === 'paused') &&
    subscription.next_run_at !== null &&
    subscription.next_run_at <= now
  )
}

/** The AI setting of period k: the subscription's settings taken in turn, skipping any since deleted. */
async function periodAiSetting(
  db: Db,
  subscription: Subscription,
  period: number,
): Promise<AiSettingSnapshot | null> {
  let ids: string[] = []
  try {
    const parsed: unknown = JSON.parse(subscription.ai_setting_ids)
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string')
  } catch {
    return null
  }
  if (ids.length === 0) return null
  const rows = await db
    .selectFrom('ai_settings')
    .selectAll()
    .where('user_id', '=', subscription.user_id)
    .where('id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  const existing = ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [row] : []
  })
  const chosen = existing[(period - 1) % Math.max(existing.length, 1)]
  return chosen ? snapshotFromRow(chosen) : null
}

/**
 * Places the due period of one subscription: its order, charged at the subscription's rate, with the
 * counters and next_run_at moved on, in one transaction. The charge is a debit of the member who created the
 * subscription, counted against their monthly spend limit in the workspace. When the balance cannot cover the
 * charge, the period is skipped instead (in a transaction of its own, since the failed one rolled back) and the
 * subscription is paused with a note; a later period that is paid makes it active again. A period whose charge
 * would take its member past their monthly limit is skipped the same way, and so is a period of an AI service
 * whose setting has no key (neither the customer's nor the operator's), each with a note that says why, rather
 * than charged.
 */
export async function placeSubscriptionPeriod(
  db: Db,
  input: { subscriptionId: number; now: number; operatorAiKeys: OperatorAiKeys },
): Promise<PeriodOutcome> {
  const { now } = input
  const read = (trx: Db) =>
    trx.selectFrom('subscriptions').selectAll().where('id', '=', input.subscriptionId).executeTakeFirst()

  // Counters as read: the conditional updates below change nothing if another worker moved them first.
  const advance = (
    trx: Db,
    subscription: Subscription,
    plan: PeriodPlan,
    placed: boolean,
    note: string | null,
  ) =>
    trx
      .updateTable('subscriptions')
      .set({
        periods_placed: subscription.periods_placed + (placed ? 1 : 0),
        periods_skipped: subscription.periods_skipped + (placed ? 0 : 1),
        next_run_at: plan.nextRunAt,
        status: plan.finished ? 'completed' : placed ? 'active' : 'paused',
        ...(note === null ? {} : { note }),
        updated_at: now,
      })
      .where('id', '=', subscription.id)
      .where('periods_placed', '=', subscription.periods_placed)
      .where('periods_skipped', '=', subscription.periods_skipped)
      .where('status', 'in', ['active', 'paused'])
      .executeTakeFirst()

  let charge = 0
  let attemptedPlan: PeriodPlan | undefined
  let providerWithoutKey: string | null = null
  let pastSpendLimit = false
  try {
    const placed = await db.transaction().execute(async (trx) => {
      const subscription = await read(trx)
      if (!isDue(subscription, now)) return false
      const plan = planOf(subscription)
      if (plan.period > subscription.period_count) {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'completed', next_run_at: null, updated_at: now })
          .where('id', '=', subscription.id)
          .execute()
        return false
      }
      const moved = await advance(trx, subscription, plan, true, null)
      if (Number(moved.numUpdatedRows) !== 1) return false
      const service = await trx
        .selectFrom('services')
        .selectAll()
        .where('id', '=', subscription.service_id)
        .executeTakeFirstOrThrow()
      charge = chargeMicros(subscription.rate_per_1k, subscription.quantity_per_period)
      attemptedPlan = plan
      const aiSetting = service.is_ai === 1 ? await periodAiSetting(trx, subscription, plan.period) : null
      if (service.is_ai === 1) {
        providerWithoutKey = await providerWithoutAiKey(trx, {
          userId: subscription.user_id,
          setting: aiSetting ?? defaultAiSettingRef(now),
          operatorAiKeys: input.operatorAiKeys,
        })
        if (providerWithoutKey !== null) throw new PeriodWithoutAiKey()
      }
      await insertChargedOrder(
        trx,
        {
          userId: subscription.user_id,
          // Every period is charged at the rate the subscription was sold at.
          service: { ...service, rate_per_1k: subscription.rate_per_1k },
          targetUrl: subscription.target_url,
          quantity: subscription.quantity_per_period,
          aiSetting,
          subscriptionId: subscription.id,
          // A debit of the member who created the subscription, placed by the scheduler, not by them.
          ...(subscription.created_by === null ? {} : { actorUserId: Number(subscription.created_by) }),
          logPlacement: false,
          now,
        },
        PERIOD_FIELDS,
      )
      return true
    })
    return placed ? 'placed' : 'not-due'
  } catch (error) {
    pastSpendLimit =
      error instanceof SpendLimitError ||
      (error instanceof OrderRefusal && error.detail === SPEND_LIMIT_REACHED)
    const unpaid =
      pastSpendLimit ||
      error instanceof InsufficientFundsError ||
      error instanceof PeriodWithoutAiKey ||
      (error instanceof OrderRefusal && error.kind === 'insufficient_funds')
    if (!unpaid) throw error
  }

  const plan = attemptedPlan
  if (!plan) return 'not-due'
  const skipped = await db.transaction().execute(async (trx) => {
    const subscription = await read(trx)
    if (!isDue(subscription, now) || planOf(subscription).period !== plan.period) return false
    const counts = { period: plan.period, periodCount: subscription.period_count, chargeMicros: charge }
    const note =
      providerWithoutKey !== null
        ? periodWithoutAiKeyNote({ ...counts, providerName: providerWithoutKey })
        : pastSpendLimit
          ? periodPastSpendLimitNote(counts)
          : skippedPeriodNote(counts)
    const moved = await advance(trx, subscription, plan, false, note)
    return Number(moved.numUpdatedRows) === 1
  })
  return skipped ? 'skipped' : 'not-due'
}

export interface PeriodsReport {
  placed: number
  skipped: number
  failed: number
}

/**
 * Places every due period of every active or paused subscription, oldest due first. A subscription whose
 * periods fell behind (the server was down) catches up one period per pass. A failure of one subscription is
 * logged and does not stop the others.
 */
export async function placeDueSubscriptionPeriods(
  deps: { db: Db; clock: Clock; logger: Logger; operatorAiKeys: OperatorAiKeys },
  options: { batchSize?: number; maxPasses?: number } = {},
): Promise<PeriodsReport> {
  const batchSize = options.batchSize ?? 100
  const maxPasses = options.maxPasses ?? 50
  const report: PeriodsReport = { placed: 0, skipped: 0, failed: 0 }
  const failedIds = new Set<number>()
  for (let pass = 0; pass < maxPasses; pass += 1) {
    const now = deps.clock.now()
    let query = deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', 'in', ['active', 'paused'])
      .where('next_run_at', '<=', now)
    if (failedIds.size > 0) query = query.where('id', 'not in', [...failedIds])
    const due = await query.orderBy('next_run_at').orderBy('id').limit(batchSize).execute()
    if (due.length === 0) break
    for (const { id } of due) {
      try {
        const outcome = await placeSubscriptionPeriod(deps.db, {
          subscriptionId: id,
          now,
          operatorAiKeys: deps.operatorAiKeys,
        })
        if (outcome === 'placed') report.placed += 1
        if (outcome === 'skipped') report.skipped += 1
      } catch (error) {
        failedIds.add(id)
        report.failed += 1
        deps.logger.error('A subscription period could not be placed', {
          subscriptionId: id,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }
  return report
}
