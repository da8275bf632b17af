import {
  type AdminJob,
  type AdminLedgerEntry,
  type AdminOrder,
  type AdminUser,
  microsToUsd,
} from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Job, LedgerEntry, Order, User } from '../../db/schema'
import { toApiOrder } from '../orders'
import { iso, isoOrNull } from './common'

// The console's view of stored rows: each row kind as the operator API answers it, and the lookup of an account
// by id or email that several console searches share. Users, orders, jobs and payments all read these, so they
// live apart from any one of them.

export function toAdminUser(row: User): AdminUser {
  return {
    id: String(row.id),
    email: row.email,
    username: row.username,
    role: row.role,
    balance: microsToUsd(Number(row.balance)),
    disabled: row.disabled_at !== null,
    disabled_at: isoOrNull(row.disabled_at),
    created_at: iso(row.created_at),
  }
}

export function toAdminLedgerEntry(row: LedgerEntry): AdminLedgerEntry {
  return {
    id: String(row.id),
    created_at: iso(row.created_at),
    amount: microsToUsd(Number(row.amount)),
    kind: row.kind,
    reference: row.reference,
    note: row.note,
  }
}

export async function toAdminOrders(db: Db, rows: readonly Order[]): Promise<AdminOrder[]> {
  const userIds = [...new Set(rows.map((row) => Number(row.user_id)))]
  const users =
    userIds.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
  const emails = new Map(users.map((user) => [Number(user.id), user.email]))
  return rows.map((row) => ({
    ...toApiOrder(row),
    user_id: String(row.user_id),
    user_email: emails.get(Number(row.user_id)) ?? '',
    service_id: String(row.service_id),
    refunded: microsToUsd(Number(row.refunded)),
    provider_id: row.provider_id === null ? null : String(row.provider_id),
    upstream_order_id: row.upstream_order_id,
    updated_at: iso(row.updated_at),
  }))
}

export function toAdminJob(row: Job): AdminJob {
  let payload: unknown = row.payload
  try {
    payload = JSON.parse(row.payload) as unknown
  } catch {
    // Kept as text.
  }
  return {
    id: String(row.id),
    kind: row.kind,
    payload,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    last_error: row.last_error,
    run_at: iso(row.run_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** A user named by id ('7') or email (any case); undefined when there is none. */
export async function findUserByIdOrEmail(db: Db, text: string): Promise<User | undefined> {
  const trimmed = text.trim()
  if (/^[1-9]\d{0,14}$/.test(trimmed)) {
    return db.selectFrom('users').selectAll().where('id', '=', Number(trimmed)).executeTakeFirst()
  }
  return db.selectFrom('users').selectAll().where('email', '=', trimmed.toLowerCase()).executeTakeFirst()
}
