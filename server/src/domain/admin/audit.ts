import type { AuditAction, AuditEntry } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { AuditLogRow } from '../../db/schema'
import { type Actor, iso, pageOf, parseIdCursor } from './common'

// The audit log (ADR 070): every operator write inserts one row, in the transaction of the change where the
// change is ours to run; after it where an existing domain function runs its own transaction (cancel, retry,
// payment re-check, job retry, provider import). Rows are never updated or deleted.

export interface AuditRecord {
  actor: Actor
  action: AuditAction
  target: string
  before: unknown
  after: unknown
  reason: string | null
  now: number
}

export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actor.id,
      actor_email: record.actor.email,
      actor_role: record.actor.role === 'admin' ? 'admin' : 'support',
      action: record.action,
      target: record.target,
      before_json:
        record.before === undefined || record.before === null ? null : JSON.stringify(record.before),
      after_json: record.after === undefined || record.after === null ? null : JSON.stringify(record.after),
      reason: record.reason,
      created_at: record.now,
    })
    .execute()
}

function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: String(row.id),
    created_at: iso(row.created_at),
    actor_id: String(row.actor_id),
    actor_email: row.actor_email,
    actor_role: row.actor_role,
    action: row.action as AuditAction,
    target: row.target,
    before: parseJson(row.before_json),
    after: parseJson(row.after_json),
    reason: row.reason,
  }
}

export interface AuditFilter {
  action?: AuditAction | undefined
  /** 'order:42' exactly, or a kind ('order') for all of its targets. */
  target?: string | undefined
  actor?: string | undefined
  cursor?: string | undefined
  limit: number
}

export async function listAudit(
  db: Db,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let query = db.selectFrom('audit_log').selectAll()
  if (filter.action !== undefined) query = query.where('action', '=', filter.action)
  if (filter.target !== undefined) {
    const target = filter.target
    query = target.includes(':')
      ? query.where('target', '=', target)
      : query.where(
          (eb) => eb.fn('substr', ['target', eb.lit(1), eb.lit(target.length + 1)]),
          '=',
          `${target}:`,
        )
  }
  if (filter.actor !== undefined) {
    const actorId = /^[1-9]\d{0,14}$/.test(filter.actor) ? Number(filter.actor) : -1
    query = query.where('actor_id', '=', actorId)
  }
  const after = parseIdCursor(filter.cursor)
  if (after !== undefined) query = query.where('id', '<', after)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const page = pageOf(rows, filter.limit)
  return { entries: page.rows.map(toAuditEntry), nextCursor: page.nextCursor }
}

/** Every operator action on one target, oldest first (an order's history). */
export async function auditOfTarget(db: Db, target: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('target', '=', target)
    .orderBy('id')
    .limit(200)
    .execute()
  return rows.map(toAuditEntry)
}
