import {
  chargeMicros,
  END_BEFORE_START,
  microsToUsd,
  periodCount,
  renewalPeriodMilliseconds,
  SUBSCRIPTION_NOT_ACTIVE,
  SUBSCRIPTION_NOT_FOUND,
  type RenewalPeriod,
  type Subscription as ApiSubscription,
} from '@engage/contract'
import type { Db } from '../db/connect'
import type { Order, Subscription } from '../db/schema'
import { recordAccountActivity } from './workspaces/activity'
import {
  checkServiceQuantity,
  defaultAiSettingRef,
  insertChargedOrder,
  type OperatorAiKeys,
  type OrderFieldNames,
  orderableService,
  OrderRefusal,
  requireAiSettingKey,
  resolveAiSettings,
  snapshotFromRow,
} from './orders'

// Subscriptions: an order of quantityPerPeriod units every renewal period from startDate to endDate.
// Creating one stores the period math, charges and places period 1 at once, and schedules period 2 through
// next_run_at; the fulfilment worker places the later periods, each charged at the subscription's own rate.

/** House text (not in the spec): an end date so far away that the total cost cannot be computed exactly. */
export const SUBSCRIPTION_TOO_LONG = 'The subscription is too long: choose an earlier end date'

const SUBSCRIPTION_FIELDS: OrderFieldNames = {
  serviceType: 'actionType',
  quantity: 'quantityPerPeriod',
  targetUrl: 'url',
}

export interface CreateSubscriptionInput {
  userId: number
  /** The workspace member who creates it (their monthly limit, for every period, and the activity log). */
  actorUserId?: number
  plan: string
  renewalPeriod: RenewalPeriod
  actionType: string
  quantityPerPeriod: number
  /** Epoch milliseconds. */
  startAt: number
  endAt: number
  url: string
  aiSettingIds: readonly string[]
  /** The operator's AI keys: an AI subscription whose settings cannot be written with a key is refused. */
  operatorAiKeys: OperatorAiKeys
  now: number
}

/** POST /api/orders/subscription: the subscription and its initial order, in one transaction. */
export async function createSubscription(
  db: Db,
  input: CreateSubscriptionInput,
): Promise<{ subscription: Subscription; initialOrder: Order }> {
  return db.transaction().execute(async (trx) => {
    const service = await orderableService(trx, input.actionType, SUBSCRIPTION_FIELDS.serviceType)
    checkServiceQuantity(service, input.quantityPerPeriod, SUBSCRIPTION_FIELDS.quantity)
    const count = periodCount(input.startAt, input.endAt, input.renewalPeriod)
    if (count <= 0) throw new OrderRefusal('invalid', END_BEFORE_START, 'endDate')
    try {
      chargeMicros(service.rate_per_1k, input.quantityPerPeriod * count)
    } catch (error) {
      // The total of a range of centuries does not fit an exact amount: no one means to buy that.
      if (error instanceof RangeError) throw new OrderRefusal('invalid', SUBSCRIPTION_TOO_LONG, 'endDate')
      throw error
    }
    const aiSettings =
      service.is_ai === 1 ? await resolveAiSettings(trx, input.userId, input.aiSettingIds, 'aiSettings') : []
    // The periods take the settings in turn, so each of them needs a key, not only the first period's.
    if (service.is_ai === 1) {
      const refs =
        aiSettings.length > 0
          ? aiSettings.map((row) => snapshotFromRow(row))
          : [defaultAiSettingRef(input.now)]
      for (const setting of refs) {
        await requireAiSettingKey(
          trx,
          { userId: input.userId, setting, operatorAiKeys: input.operatorAiKeys },
          'aiSettings',
        )
      }
    }
    const firstAiSetting = aiSettings[0]
    const moreToCome = count > 1
    const subscription = await trx
      .insertInto('subscriptions')
      .values({
        user_id: input.userId,
        service_id: service.id,
        service_type: service.name,
        plan: input.plan,
        target_url: input.url,
        renewal_period: input.renewalPeriod,
        quantity_per_period: input.quantityPerPeriod,
        rate_per_1k: service.rate_per_1k,
        start_at: input.startAt,
        end_at: input.endAt,
        period_count: count,
        periods_placed: 1,
        // Period k is due at start + (k - 1) periods; period 1 is the order placed now.
        next_run_at: moreToCome ? input.startAt + renewalPeriodMilliseconds(input.renewalPeriod) : null,
        status: moreToCome ? 'active' : 'completed',
        ai_setting_ids: JSON.stringify(aiSettings.map((setting) => setting.id)),
        note: null,
        created_by: input.actorUserId ?? null,
        created_at: input.now,
        updated_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const initialOrder = await insertChargedOrder(
      trx,
      {
        userId: input.userId,
        service,
        targetUrl: input.url,
        quantity: input.quantityPerPeriod,
        aiSetting: firstAiSetting ? snapshotFromRow(firstAiSetting) : null,
        subscriptionId: subscription.id,
        ...(input.actorUserId === undefined ? {} : { actorUserId: input.actorUserId }),
        now: input.now,
      },
      SUBSCRIPTION_FIELDS,
    )
    if (input.actorUserId !== undefined) {
      await recordAccountActivity(trx, {
        accountId: input.userId,
        actorUserId: input.actorUserId,
        action: 'subscription.created',
        subject: `subscription:${subscription.id}`,
        detail: { service: subscription.service_type, periods: subscription.period_count },
        now: input.now,
      })
    }
    return { subscription, initialOrder }
  })
}

/** The user's subscriptions, newest first. */
export function listSubscriptions(db: Db, userId: number): Promise<Subscription[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute()
}

/** The subscription id in a path, or a not-found refusal for anything that cannot be one. */
export function parseSubscriptionId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text.trim())) throw new OrderRefusal('not_found', SUBSCRIPTION_NOT_FOUND)
  return Number(text.trim())
}

/**
 * POST /api/orders/subscriptions/{id}/cancel: no further periods are placed (next_run_at cleared). Orders
 * already placed keep their own lifecycle and can be cancelled one by one.
 */
export async function cancelSubscription(
  db: Db,
  input: { userId: number; subscriptionId: number; now: number; actorUserId?: number },
): Promise<Subscription> {
  return db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('subscriptions')
      .set({ status: 'cancelled', next_run_at: null, updated_at: input.now })
      .where('id', '=', input.subscriptionId)
      .where('user_id', '=', input.userId)
      .where('status', 'in', ['active', 'paused'])
      .returningAll()
      .executeTakeFirst()
    if (cancelled) {
      if (input.actorUserId !== undefined) {
        await recordAccountActivity(trx, {
          accountId: input.userId,
          actorUserId: input.actorUserId,
          action: 'subscription.cancelled',
          subject: `subscription:${cancelled.id}`,
          now: input.now,
        })
      }
      return cancelled
    }
    const existing = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', input.subscriptionId)
      .where('user_id', '=', input.userId)
      .executeTakeFirst()
    throw existing
      ? new OrderRefusal('conflict', SUBSCRIPTION_NOT_ACTIVE)
      : new OrderRefusal('not_found', SUBSCRIPTION_NOT_FOUND)
  })
}

/** A subscription as the API answers it (contract `Subscription`). */
export function toApiSubscription(subscription: Subscription): ApiSubscription {
  let aiSettings: string[] = []
  try {
    const parsed: unknown = JSON.parse(subscription.ai_setting_ids)
    if (Array.isArray(parsed)) aiSettings = parsed.filter((id): id is string => typeof id === 'string')
  } catch {
    // A malformed value (written by hand) shows as no settings rather than failing the whole list.
  }
  return {
    id: String(subscription.id),
    plan: subscription.plan,
    renewalPeriod: subscription.renewal_period as RenewalPeriod,
    actionType: subscription.service_type,
    quantityPerPeriod: subscription.quantity_per_period,
    startDate: new Date(subscription.start_at).toISOString(),
    endDate: new Date(subscription.end_at).toISOString(),
    url: subscription.target_url,
    aiSettings,
    // The contract has no 'paused' subscription: one the worker paused (a period it could not charge) is still
    // running from the customer's point of view and can be cancelled.
    status: subscription.status === 'paused' ? 'active' : subscription.status,
    periodCount: subscription.period_count,
    periodsPlaced: subscription.periods_placed,
    nextRunAt: subscription.next_run_at === null ? null : new Date(subscription.next_run_at).toISOString(),
    totalCost: microsToUsd(
      chargeMicros(subscription.rate_per_1k, subscription.quantity_per_period * subscription.period_count),
    ),
    created_at: new Date(subscription.created_at).toISOString(),
  }
}
