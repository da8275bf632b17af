import {
  ADMIN_BALANCE_BELOW_ZERO,
  ADMIN_IDEMPOTENCY_KEY_REUSED,
  ADMIN_LAST_ADMIN,
  ADMIN_NOT_YOURSELF,
  type AdminLedgerEntry,
  type AdminMeResponse,
  type AdminUser,
  type AdminUserDetailResponse,
  microsToUsd,
  type Role,
  USER_NOT_FOUND,
  usdToMicros,
} from '@engage/contract'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/connect'
import { isPostgres } from '../../db/dialect'
import type { User } from '../../db/schema'
import { credit, debit, DuplicateLedgerEventError, InsufficientFundsError, ledgerSum } from '../ledger'
import { endAllSessions } from '../sessions'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal, containsText, pageOf, parseIdCursor } from './common'
import { toAdminLedgerEntry, toAdminOrders, toAdminUser } from './views'

// Accounts in the console: search, one account with its money and orders, balance adjustments (a new
// `adjustment` ledger entry with a reason, never an edit), roles, and disabling (which ends every session).

/** The signed-in operator as the console's header shows them (behind the role guard: support or admin). */
export async function operatorMe(db: Db, id: number): Promise<AdminMeResponse> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'role'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return {
    id: String(user.id),
    email: user.email,
    username: user.username,
    role: user.role === 'admin' ? 'admin' : 'support',
  }
}

export async function findUser(db: Db, id: number): Promise<User> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, USER_NOT_FOUND)
  return row
}

export async function searchUsers(
  db: Db,
  filter: { q?: string | undefined; role?: Role | undefined; cursor?: string | undefined; limit: number },
): Promise<{ users: AdminUser[]; nextCursor: string | null }> {
  let query = db.selectFrom('users').selectAll()
  const q = filter.q?.trim()
  if (q) query = query.where((eb) => eb.or([containsText('email', q), containsText('username', q)]))
  if (filter.role !== undefined) query = query.where('role', '=', filter.role)
  const after = parseIdCursor(filter.cursor)
  if (after !== undefined) query = query.where('id', '<', after)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const page = pageOf(rows, filter.limit)
  return { users: page.rows.map(toAdminUser), nextCursor: page.nextCursor }
}

const DETAIL_ROWS = 50

export async function userDetail(db: Db, id: number, now: number): Promise<AdminUserDetailResponse> {
  const user = await findUser(db, id)
  const ledger = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(DETAIL_ROWS)
    .execute()
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(DETAIL_ROWS)
    .execute()
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
  return {
    user: toAdminUser(user),
    ledger_sum: microsToUsd(await ledgerSum(db, id)),
    active_sessions: Number(sessions.count),
    ledger: ledger.map(toAdminLedgerEntry),
    orders: await toAdminOrders(db, orders),
  }
}

export async function userLedger(
  db: Db,
  id: number,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ entries: AdminLedgerEntry[]; nextCursor: string | null }> {
  await findUser(db, id)
  let query = db.selectFrom('ledger_entries').selectAll().where('user_id', '=', id)
  const after = parseIdCursor(page.cursor)
  if (after !== undefined) query = query.where('id', '<', after)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute()
  const result = pageOf(rows, page.limit)
  return { entries: result.rows.map(toAdminLedgerEntry), nextCursor: result.nextCursor }
}

/**
 * A balance adjustment: one `adjustment` ledger entry and the balance update in one transaction (ledger.ts),
 * so balance = sum of the ledger holds. A debit the balance cannot cover is refused and nothing is written.
 * The ledger's idempotency key is derived from the console's: the same request sent twice writes once and
 * answers the entry already written; the key reused for another user or amount is refused.
 */
export async function adjustBalance(
  db: Db,
  actor: Actor,
  userId: number,
  input: { amountUsd: number; reason: string; idempotencyKey: string },
  now: number,
): Promise<{ user: AdminUser; entry: AdminLedgerEntry }> {
  const amount = usdToMicros(input.amountUsd)
  const ledgerKey = `admin-adjustment:${input.idempotencyKey}`
  try {
    return await adjustOnce(db, actor, userId, { amount, ledgerKey, reason: input.reason }, now)
  } catch (error) {
    // The same request running at the same moment wrote the entry first: answer as a replay does.
    if (!(error instanceof DuplicateLedgerEventError)) throw error
    return adjustOnce(db, actor, userId, { amount, ledgerKey, reason: input.reason }, now)
  }
}

async function adjustOnce(
  db: Db,
  actor: Actor,
  userId: number,
  input: { amount: number; ledgerKey: string; reason: string },
  now: number,
): Promise<{ user: AdminUser; entry: AdminLedgerEntry }> {
  const { amount, ledgerKey } = input
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, userId)
    const existing = await trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', ledgerKey)
      .executeTakeFirst()
    if (existing) {
      if (Number(existing.user_id) !== userId || Number(existing.amount) !== amount) {
        throw new AdminRefusal(409, ADMIN_IDEMPOTENCY_KEY_REUSED, 'idempotency_key')
      }
      return { user: toAdminUser(before), entry: toAdminLedgerEntry(existing) }
    }
    const change = {
      userId,
      amount: Math.abs(amount),
      kind: 'adjustment' as const,
      reference: `adjustment:${String(userId)}`,
      idempotencyKey: ledgerKey,
      note: input.reason,
      now,
    }
    if (amount > 0) {
      if (!(await credit(trx, change))) throw new DuplicateLedgerEventError(ledgerKey)
    } else {
      try {
        await debit(trx, change)
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          throw new AdminRefusal(409, ADMIN_BALANCE_BELOW_ZERO, 'amount')
        }
        throw error
      }
    }
    const entry = await trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', ledgerKey)
      .executeTakeFirstOrThrow()
    const after = await findUser(trx, userId)
    await recordAudit(trx, {
      actor,
      action: 'user.adjust_balance',
      target: `user:${String(userId)}`,
      before: { balance: microsToUsd(Number(before.balance)) },
      after: {
        balance: microsToUsd(Number(after.balance)),
        amount: microsToUsd(amount),
        entry_id: String(entry.id),
      },
      reason: input.reason,
      now,
    })
    return { user: toAdminUser(after), entry: toAdminLedgerEntry(entry) }
  })
}

/**
 * Refuses to leave the panel without an enabled admin. On PostgreSQL the enabled admins' rows are locked
 * first, so two admins demoting each other at once are serialised and the second finds itself the last.
 */
async function assertAnotherAdmin(trx: Db, userId: number): Promise<void> {
  let query = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
  if (isPostgres(trx as unknown as Kysely<unknown>)) query = query.forUpdate()
  const admins = await query.execute()
  if (!admins.some((admin) => Number(admin.id) !== userId)) throw new AdminRefusal(409, ADMIN_LAST_ADMIN)
}

export async function setUserRole(
  db: Db,
  actor: Actor,
  userId: number,
  input: { role: Role; reason: string | null },
  now: number,
): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, userId)
    if (before.role === input.role) return toAdminUser(before)
    if (before.role === 'admin' && before.disabled_at === null) await assertAnotherAdmin(trx, userId)
    const after = await trx
      .updateTable('users')
      .set({ role: input.role })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      actor,
      action: 'user.set_role',
      target: `user:${String(userId)}`,
      before: { role: before.role },
      after: { role: after.role },
      reason: input.reason,
      now,
    })
    return toAdminUser(after)
  })
}

/**
 * Disables an account: disabled_at is set and every session of it is deleted in the same transaction, so its
 * tokens stop working at once; sign-in (password or Google) and API v2 keys refuse a disabled account.
 */
export async function setUserDisabled(
  db: Db,
  actor: Actor,
  userId: number,
  input: { disabled: boolean; reason: string | null },
  now: number,
): Promise<AdminUser> {
  if (input.disabled && userId === actor.id) throw new AdminRefusal(409, ADMIN_NOT_YOURSELF)
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, userId)
    if (input.disabled && before.role === 'admin' && before.disabled_at === null) {
      await assertAnotherAdmin(trx, userId)
    }
    const sessions = await trx
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    const after = await trx
      .updateTable('users')
      .set({ disabled_at: input.disabled ? (before.disabled_at ?? now) : null })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (input.disabled) await endAllSessions(trx, userId)
    await recordAudit(trx, {
      actor,
      action: input.disabled ? 'user.disable' : 'user.enable',
      target: `user:${String(userId)}`,
      before: { disabled: before.disabled_at !== null, sessions: Number(sessions.count) },
      after: { disabled: after.disabled_at !== null, sessions: input.disabled ? 0 : Number(sessions.count) },
      reason: input.reason,
      now,
    })
    return toAdminUser(after)
  })
}
