import {
  type AiSettingFields,
  isAiService,
  DRIP_FEED_NOT_FOR_AI,
  DUPLICATE_ACTIVE_ORDER,
  INSUFFICIENT_BALANCE,
  SPEND_LIMIT_REACHED,
  UNKNOWN_SERVICE,
} from '@engage/contract'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../../db/connect'
import { isPostgres } from '../../db/dialect'
import { reusableQuery, type StandIns } from '../../db/reusable-query'
import type { Order } from '../../db/schema'
import { DEFAULT_MAX_ATTEMPTS } from '../../jobs/queue'
import { currentRequestId } from '../../ops/request-context'
import { DuplicateLedgerEventError } from '../ledger'
import { notifyLowBalanceCrossing } from '../notifications/notify'
import { ADD_WITHIN_LIMIT, isMemberOfAccount, spendMonth } from '../workspaces/spend'
import { defaultAiSettingRef, type OperatorAiKeys, requireAiSettingKey } from './ai-key'
import { snapshotFromInput } from './ai-snapshot'
import {
  chargeOrder,
  checkServiceQuantity,
  CREATE_ORDER_FIELDS,
  type DripFeed,
  insertChargedOrder,
  orderableService,
} from './charged-order'
import { isActiveOrderConflict, OrderRefusal } from './refusals'

// Placing one order (POST /api/orders/create), drip-fed or not.

export interface PlaceOrderInput {
  /** The account (users row) the order belongs to and is paid from. */
  userId: number
  /** The workspace member who places it: counted against their monthly limit, named in the activity log. */
  actorUserId?: number
  serviceType: string
  targetUrl: string
  quantity: number
  customComment: string | null
  /** The setting object the client sent with an ai_comments or ai_tweets order; ignored for other services. */
  aiSetting: AiSettingFields | null
  /** The operator's AI keys: an AI order that neither they nor the customer's saved setting can write is refused. */
  operatorAiKeys: OperatorAiKeys
  /** Set for a drip-feed order: `quantity` is then each run's. */
  dripFeed?: DripFeed | null
  now: number
}

/** What POST /api/orders/create placed: the order, and whether its service writes AI texts. */
export interface PlacedOrder {
  order: Order
  isAi: boolean
}

type InsertedOrderRow = Order & { service_is_ai: number }

function splitInsertedOrder(row: InsertedOrderRow): PlacedOrder {
  const { service_is_ai: isAi, ...order } = row
  return { order, isAi: Number(isAi) === 1 }
}

/** What an order's statement is given, each value a parameter as it is (reusableQuery). */
type OrderValues = {
  userId: number
  serviceType: string
  targetUrl: string
  quantity: number
  customComment: string | null
  /** The AI setting's snapshot (JSON), kept only for an AI service. */
  aiSetting: string | null
  now: number
}

function orderValues(input: PlaceOrderInput): OrderValues {
  return {
    userId: input.userId,
    serviceType: input.serviceType,
    targetUrl: input.targetUrl,
    quantity: input.quantity,
    customComment: input.customComment,
    aiSetting: input.aiSetting ? JSON.stringify(snapshotFromInput(input.aiSetting)) : null,
    now: input.now,
  }
}

const ORDER_STAND_INS: StandIns<OrderValues> = {
  userId: -917_800_001,
  serviceType: '\u0000service type',
  targetUrl: '\u0000target url',
  quantity: -917_800_002,
  customComment: '\u0000custom comment',
  aiSetting: '\u0000ai setting',
  now: -917_800_003,
}

/**
 * The order as one conditional insert: the service row is read by the insert itself (inside the transaction,
 * so the charge never uses a stale rate), and a service that is unknown, disabled or whose limits refuse the
 * quantity inserts nothing. The charge is rate × quantity rounded up, as chargeMicros computes it. Every value
 * is cast, since PostgreSQL cannot type a bare parameter in an INSERT ... SELECT list.
 */
function insertOrderFromService(order: OrderValues) {
  const quantity = sql`cast(${order.quantity} as integer)`
  const now = sql`cast(${order.now} as bigint)`
  return sql<InsertedOrderRow>`insert into orders (user_id, service_id, service_type, target_url, quantity, charge,
      status, start_count, remains, custom_comment, ai_setting, subscription_id, paused_reason, provider_id,
      upstream_order_id, upstream_attempted_at, created_at, updated_at)
    select cast(${order.userId} as bigint), s.id, s.name, cast(${order.targetUrl} as text), ${quantity},
      (s.rate_per_1k * ${quantity} + 999) / 1000, 'pending', null, null, cast(${order.customComment} as text),
      case when s.is_ai = 1 then cast(${order.aiSetting} as text) else null end, null, null, s.provider_id, null,
      null, ${now}, ${now}
    from services s
    where s.name = cast(${order.serviceType} as text) and s.enabled = 1
      and s.min_quantity <= ${quantity} and s.max_quantity >= ${quantity}
    returning *, (select is_ai from services where services.id = orders.service_id) as service_is_ai`
}

/** SQLite: the order's insert, compiled once; the transaction around it pays for it. */
const runInsertOrder = reusableQuery(
  (_db: Db, order: OrderValues) => insertOrderFromService(order),
  ORDER_STAND_INS,
)

/** The reasons the order statement refuses itself with (engage_refuse, migration 0260). */
type StatementRefusal = 'insufficient_funds' | 'duplicate_charge' | 'spend_limit' | 'low_balance_crossing'

/**
 * PostgreSQL: the order, its conditional debit, its ledger entry, its dispatch job and, for a workspace member,
 * their month's spend count and the activity line, as one statement that commits all of it or nothing: it runs on
 * its own, outside any transaction, so an order is one round trip. The order row is inserted before the balance
 * row is locked, and the spend count after it, as insertChargedOrder and the ledger's debit do, so that every
 * order takes its locks in the same sequence. Once its parts have run, the statement refuses itself (raising
 * through engage_refuse, which undoes every part) when the balance did not cover the charge, the ledger already
 * held the event, or the member's count refused the charge (over their limit; an operator, who is no member, is
 * counted by nobody). With `refuseLowBalanceCrossing` it also refuses a debit that takes the balance below the
 * customer's threshold: that order is placed again in a transaction that adds the notification.
 */
function placeOrderStatement(input: StatementValues, refuseLowBalanceCrossing: boolean) {
  const actor = sql`cast(${input.actorUserId} as bigint)`
  return sql<
    InsertedOrderRow & {
      balance_after: number | null
      low_balance_threshold: number | null
      refused: null
    }
  >`with
    o as (${insertOrderFromService(input)}),
    d as (
      update users set balance = users.balance - o.charge from o
      where users.id = o.user_id and o.charge > 0 and users.balance >= o.charge
      returning users.id, users.balance, users.low_balance_threshold
    ),
    l as (
      insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, note, actor_user_id,
        created_at)
      select o.user_id, -o.charge, 'order_payment', 'order:' || o.id, 'order:' || o.id || ':charge', null,
        ${actor}, o.created_at
      from o join d on d.id = o.user_id
      on conflict (idempotency_key) do nothing
      returning id
    ),
    j as (
      insert into jobs (kind, payload, run_at, max_attempts, unique_key, request_id, lease_owner,
        lease_expires_at, last_error, created_at, updated_at)
      select 'dispatch-order', '{"orderId":' || o.id || '}', o.created_at, cast(${DEFAULT_MAX_ATTEMPTS} as integer),
        'order:' || o.id || ':dispatch', cast(${input.requestId} as text), null, null, null,
        o.created_at, o.created_at
      from o
      on conflict (unique_key) do nothing
      returning id
    ),
    s as (
      insert into member_monthly_spend (workspace_id, user_id, month, spent)
      select m.workspace_id, m.user_id, cast(${input.month} as text), o.charge
      from o join d on d.id = o.user_id
      join workspace_members m on m.user_id = ${actor}
        and m.workspace_id = (select id from workspaces where account_id = o.user_id)
      where o.charge <= coalesce(m.monthly_limit, o.charge)
      ${ADD_WITHIN_LIMIT}
    ),
    a as (
      insert into workspace_activity (workspace_id, actor_user_id, action, subject, detail, created_at)
      select w.id, ${actor}, 'order.placed', 'order:' || o.id,
        json_build_object('service', o.service_type, 'quantity', o.quantity,
          'charge', cast(o.charge as double precision) / 1000000)::text,
        o.created_at
      from o join workspaces w on w.account_id = o.user_id
      where ${actor} is not null
      returning id
    )
    select o.*, d.balance as balance_after, d.low_balance_threshold,
      case
        when o.charge > 0 and d.id is null then engage_refuse('insufficient_funds')
        when o.charge > 0 and not exists (select from l) then engage_refuse('duplicate_charge')
        when o.charge > 0 and ${actor} is not null and not exists (select from s)
          and ${isMemberOfAccount(sql.ref('o.user_id'), actor)} then engage_refuse('spend_limit')
        when cast(${refuseLowBalanceCrossing} as boolean) and d.balance < d.low_balance_threshold
          and d.balance + o.charge >= d.low_balance_threshold then engage_refuse('low_balance_crossing')
      end as refused
    from o left join d on d.id = o.user_id`
}

/** The order statement's values: the order's, and who placed it, in which request and month. */
type StatementValues = OrderValues & { actorUserId: number | null; requestId: string | null; month: string }

/** The order statement compiled once, with the refusal of a low-balance crossing or without it. */
function orderStatementQuery(refuseLowBalanceCrossing: boolean) {
  return reusableQuery(
    (_db: Db, values: StatementValues) => placeOrderStatement(values, refuseLowBalanceCrossing),
    {
      ...ORDER_STAND_INS,
      actorUserId: -917_800_004,
      requestId: '\u0000request id',
      month: '\u0000month',
    },
  )
}
const orderStatementAlone = orderStatementQuery(true)
const orderStatementInTransaction = orderStatementQuery(false)

/** The reason a refused order statement gave, or null for any other error. */
function statementRefusal(error: unknown): StatementRefusal | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, message } = error as { code?: unknown; message?: unknown }
  return code === 'EG001' ? (message as StatementRefusal) : null
}

/**
 * Runs the order statement through `db` (alone, or in the caller's transaction): the order placed, or the
 * refusal the service's row calls for when it inserted nothing. In a transaction the statement refuses no
 * crossing of the low-balance threshold: it tells of it, in the same transaction, as the ledger's debit does.
 */
async function runOrderStatement(db: Db, input: PlaceOrderInput, alone: boolean): Promise<PlacedOrder> {
  const run = alone ? orderStatementAlone : orderStatementInTransaction
  const [row] = (
    await run(db, {
      ...orderValues(input),
      actorUserId: input.actorUserId ?? null,
      requestId: currentRequestId() ?? null,
      month: spendMonth(input.now),
    })
  ).rows
  if (!row) return refuseOrder(db, input)
  const { balance_after: balance, low_balance_threshold: threshold, refused: _refused, ...inserted } = row
  if (!alone && balance !== null) {
    await notifyLowBalanceCrossing(db, {
      userId: inserted.user_id,
      amount: inserted.charge,
      balance: Number(balance),
      threshold: threshold === null ? null : Number(threshold),
      now: input.now,
    })
  }
  return splitInsertedOrder(inserted)
}

/**
 * PostgreSQL: the order statement on its own (one round trip); an order that takes the balance below the
 * customer's threshold, which it refused, again in a transaction with the notification.
 */
async function placeOrderOnPostgres(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  try {
    return await runOrderStatement(db, input, true)
  } catch (error) {
    if (statementRefusal(error) !== 'low_balance_crossing') throw error
    return db.transaction().execute((trx) => runOrderStatement(trx, input, false))
  }
}

/** Why the conditional insert inserted nothing: the refusal the service's row calls for. */
async function refuseOrder(trx: Db, input: PlaceOrderInput): Promise<never> {
  const fields = CREATE_ORDER_FIELDS
  const service = await orderableService(trx, input.serviceType, fields.serviceType)
  checkServiceQuantity(service, input.quantity, fields.quantity)
  // The row allowed the order after all: it changed between the two reads.
  throw new OrderRefusal('invalid', UNKNOWN_SERVICE, fields.serviceType)
}

/**
 * POST /api/orders/create: one charged, pending order with its dispatch job, all placed or none of it (on
 * SQLite one transaction, on PostgreSQL one statement). No read precedes a write: the insert reads the service,
 * the debit is the balance check, and only a refusal reads again to say why.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const fields = CREATE_ORDER_FIELDS
  if (input.dripFeed) return placeDripFeedOrder(db, input, input.dripFeed)
  // Known by the service's name, so the single statement below stays the only write and no read comes first
  // for other services.
  if (isAiService(input.serviceType)) {
    await requireAiSettingKey(
      db,
      {
        userId: input.userId,
        setting: input.aiSetting ?? defaultAiSettingRef(input.now),
        operatorAiKeys: input.operatorAiKeys,
      },
      'ai_settings',
    )
  }
  try {
    if (isPostgres(db as unknown as Kysely<unknown>)) return await placeOrderOnPostgres(db, input)
    return await db.transaction().execute(async (trx) => {
      const [row] = (await runInsertOrder(trx, orderValues(input))).rows
      if (!row) return await refuseOrder(trx, input)
      const placed = splitInsertedOrder(row)
      await chargeOrder(trx, placed.order, input.now, input.actorUserId ?? null)
      return placed
    })
  } catch (error) {
    if (isActiveOrderConflict(error))
      throw new OrderRefusal('conflict', DUPLICATE_ACTIVE_ORDER, fields.targetUrl)
    const refusal = statementRefusal(error)
    if (refusal === 'insufficient_funds') throw new OrderRefusal('insufficient_funds', INSUFFICIENT_BALANCE)
    if (refusal === 'spend_limit') throw new OrderRefusal('insufficient_funds', SPEND_LIMIT_REACHED)
    if (refusal === 'duplicate_charge') throw new DuplicateLedgerEventError('an order charge')
    throw error
  }
}

/**
 * A drip-feed order: the service's limits hold each run's quantity, the order is charged once for every run
 * (rate × runs × quantity, rounded up) and its runs are scheduled, all in one transaction. AI services, whose
 * texts are written for one whole order, are not drip-fed.
 */
async function placeDripFeedOrder(db: Db, input: PlaceOrderInput, dripFeed: DripFeed): Promise<PlacedOrder> {
  const fields = CREATE_ORDER_FIELDS
  if (isAiService(input.serviceType)) throw new OrderRefusal('invalid', DRIP_FEED_NOT_FOR_AI, 'runs')
  const order = await db.transaction().execute(async (trx) => {
    const service = await orderableService(trx, input.serviceType, fields.serviceType)
    if (service.is_ai === 1) throw new OrderRefusal('invalid', DRIP_FEED_NOT_FOR_AI, 'runs')
    checkServiceQuantity(service, input.quantity, fields.quantity)
    return insertChargedOrder(
      trx,
      {
        userId: input.userId,
        service,
        targetUrl: input.targetUrl,
        quantity: input.quantity * dripFeed.runs,
        customComment: input.customComment,
        dripFeed,
        now: input.now,
      },
      fields,
    )
  })
  return { order, isAi: false }
}
