import { type AiSetting, ME_RECENT_LIMIT, type Transaction } from '@engage/contract'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres'
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite'
import type { Db } from '../db/connect'
import { isPostgres } from '../db/dialect'
import { reusableQuery } from '../db/reusable-query'
import { sessionQuery, TOKEN_HASH_STAND_IN } from './sessions'
import type { AiSettingRow, LedgerEntry, Order, Payment } from '../db/schema'
import { toApiAiSetting } from './ai-settings'
import { mergeTransactions, transactionLedgerRows, transactionPaymentRows } from './wallet'

// What GET /api/user/me shows of one customer, read in one statement: the account, its order count, its AI
// settings and the first page of its transactions and of its orders, each list as a JSON array column. The
// request's session check is part of that statement (ADR 320), so on PostgreSQL the page is one round trip.

// SQLite's json_object needs every column named, so each list selects its columns explicitly; the compiler
// checks below that none is missing, so the rows have the shape the mappers expect.
const AI_SETTING_COLUMNS = [
  'user_id',
  'id',
  'name',
  'model',
  'provider',
  'temperature',
  'max_tokens',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'system_prompt',
  'user_prompt',
  'api_key_encrypted',
  'last_used_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof AiSettingRow)[]
const LEDGER_COLUMNS = [
  'id',
  'user_id',
  'amount',
  'kind',
  'reference',
  'idempotency_key',
  'note',
  'actor_user_id',
  'created_at',
] as const satisfies readonly (keyof LedgerEntry)[]
const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'user_id',
  'gateway',
  'gateway_id',
  'gateway_payment_id',
  'amount_requested',
  'amount_credited',
  'currency',
  'network',
  'status',
  'gateway_status',
  'txid',
  'details',
  'payment_url',
  'started_by',
  'created_at',
  'updated_at',
  'credited_at',
] as const satisfies readonly (keyof Payment)[]
const ORDER_COLUMNS = [
  'id',
  'user_id',
  'service_id',
  'service_type',
  'target_url',
  'quantity',
  'charge',
  'refunded',
  'status',
  'start_count',
  'remains',
  'custom_comment',
  'ai_setting',
  'subscription_id',
  'paused_reason',
  'provider_id',
  'upstream_order_id',
  'upstream_attempted_at',
  'completed_at',
  'runs',
  'run_interval',
  'runs_sent',
  'next_run_at',
  'cost',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Order)[]

type Exhaustive<Row, Listed> = Exclude<keyof Row, Listed> extends never ? true : never
const exhaustive: [
  Exhaustive<AiSettingRow, (typeof AI_SETTING_COLUMNS)[number]>,
  Exhaustive<LedgerEntry, (typeof LEDGER_COLUMNS)[number]>,
  Exhaustive<Payment, (typeof PAYMENT_COLUMNS)[number]>,
  Exhaustive<Order, (typeof ORDER_COLUMNS)[number]>,
] = [true, true, true, true]
void exhaustive

export interface MeRead {
  username: string
  email: string
  balance: number
  profilePhoto: string | null
  phone: string | null
  timezone: string
  /** Null until the AI presets were given to the account (its first /me). */
  aiPresetsAt: number | null
  totalOrders: number
  /** The bell's count. */
  unreadNotifications: number
  aiSettings: AiSetting[]
  transactions: Transaction[]
  orders: Order[]
}

/** A list column: PostgreSQL hands JSON over parsed, SQLite as text. */
function parsedList<T>(value: unknown): T[] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[]
}

/**
 * The page's columns for the account the statement joins as `account`, each list of ME_RECENT_LIMIT rows; the
 * transactions read one more of each source, as a merged list of two needs to know whether more follow. The
 * sizes are written in the SQL, not sent as values: planning a LIMIT of unknown size, PostgreSQL expects a tenth
 * of the rows, finds that plan dearer than one made for the values at hand, and so plans the statement afresh on
 * every run instead of keeping one plan (measured: four times PostgreSQL's CPU a request).
 */
function pageColumns(db: Db) {
  const limit = sql.lit(ME_RECENT_LIMIT)
  const fetch = sql.lit(ME_RECENT_LIMIT + 1)
  const postgres = isPostgres(db as unknown as Kysely<unknown>)
  // Both helpers turn a subquery into one JSON array column; they differ only in the SQL functions used.
  const jsonArray = <O>(query: SelectQueryBuilder<never, never, O>) =>
    postgres ? postgresJsonArray(query) : sqliteJsonArray(query)
  const accountId = sql.ref<number>('account.id')
  return [
    sql.ref<string>('account.username').as('username'),
    sql.ref<string>('account.email').as('email'),
    sql.ref<number>('account.balance').as('balance'),
    sql.ref<string | null>('account.profile_photo').as('profile_photo'),
    sql.ref<string | null>('account.phone').as('phone'),
    sql.ref<string>('account.timezone').as('timezone'),
    sql.ref<number | null>('account.ai_presets_at').as('ai_presets_at'),
    db
      .selectFrom('orders')
      .select((orders) => orders.fn.countAll<number | string>().as('count'))
      .where('orders.user_id', '=', accountId)
      .as('total_orders'),
    db
      .selectFrom('notifications')
      .select((notifications) => notifications.fn.countAll<number | string>().as('count'))
      .where('notifications.user_id', '=', accountId)
      .where('notifications.read_at', 'is', null)
      .as('unread_notifications'),
    jsonArray(
      db
        .selectFrom('ai_settings')
        .select(AI_SETTING_COLUMNS)
        .where('user_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id') as never,
    ).as('ai_settings'),
    jsonArray(
      transactionLedgerRows(db, accountId)
        .select(LEDGER_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(fetch) as never,
    ).as('ledger'),
    jsonArray(
      transactionPaymentRows(db, accountId)
        .select(PAYMENT_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(fetch) as never,
    ).as('payments'),
    jsonArray(
      db
        .selectFrom('orders')
        .select(ORDER_COLUMNS.map((column) => `orders.${column}` as const))
        // The account's orders by the (user_id, id) index, newest first. Written as a range of one account rather
        // than an equality on purpose: given `user_id = account.id`, PostgreSQL counts the account's id as fixed
        // and orders by id alone, which the primary key gives as well; once its statistics show few customers
        // holding many orders, the prepared statement's plan walks the whole table backwards by id looking for the
        // account's rows, every order of the panel for an account with none (measured: 135 ms for an empty
        // account beside one of 100,000 orders). Ordered by (user_id, id), only the index gives the order.
        .where('orders.user_id', '>=', accountId)
        .where('orders.user_id', '<=', accountId)
        .orderBy('orders.user_id', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(limit) as never,
    ).as('orders'),
  ] as const
}

/** The page of the account `userId`. */
function meQuery(db: Db, { userId }: { userId: number }) {
  return db.selectFrom('users as account').select(pageColumns(db)).where('account.id', '=', userId)
}

/**
 * The session check of `tokenHash` (`sessionQuery`) and, in the same statement, the page of the account the
 * session acts for: its workspace's, when the person is still one of its members, else none.
 */
function meWithSessionQuery(db: Db, { tokenHash }: { tokenHash: string }) {
  return sessionQuery(db, tokenHash)
    .leftJoin('users as account', (join) =>
      join.onRef('account.id', '=', 'workspaces.account_id').on('workspace_members.role', 'is not', null),
    )
    .select(pageColumns(db))
}

type PageRow = Awaited<ReturnType<ReturnType<typeof meQuery>['executeTakeFirstOrThrow']>>
export type MeSessionRow = Awaited<
  ReturnType<ReturnType<typeof meWithSessionQuery>['executeTakeFirstOrThrow']>
>

/** Stand-ins no account id can be. */
const runMeQuery = reusableQuery(meQuery, { userId: -917_000_001 })
const runMeWithSessionQuery = reusableQuery(meWithSessionQuery, { tokenHash: TOKEN_HASH_STAND_IN })

/** The session and the page of the account it acts for, one statement (a `SessionRead`). */
export async function readMeWithSession(db: Db, tokenHash: string): Promise<MeSessionRow | undefined> {
  return (await runMeWithSessionQuery(db, { tokenHash })).rows[0]
}

/** The customer's page, or undefined when the account does not exist. */
export async function readMe(db: Db, userId: number, dataKey: Buffer): Promise<MeRead | undefined> {
  const row = (await runMeQuery(db, { userId })).rows[0]
  return row && toMeRead(row, dataKey)
}

/**
 * The page a row of either statement holds; undefined for a session row without an account (its person is no
 * longer a member of the workspace the session acts in).
 */
export function toMeRead(row: PageRow | MeSessionRow, dataKey: Buffer): MeRead | undefined {
  if (row.username === null) return undefined
  return {
    username: row.username,
    email: row.email,
    balance: Number(row.balance),
    profilePhoto: row.profile_photo,
    phone: row.phone,
    timezone: row.timezone,
    aiPresetsAt: row.ai_presets_at === null ? null : Number(row.ai_presets_at),
    totalOrders: Number(row.total_orders ?? 0),
    unreadNotifications: Number(row.unread_notifications ?? 0),
    aiSettings: parsedList<AiSettingRow>(row.ai_settings).map((setting) => toApiAiSetting(setting, dataKey)),
    transactions: mergeTransactions(
      parsedList<LedgerEntry>(row.ledger),
      parsedList<Payment>(row.payments),
      ME_RECENT_LIMIT,
    ).transactions,
    orders: parsedList<Order>(row.orders),
  }
}
