import type { ActivityEntry, ActivityQuery, WorkspaceActivityAction } from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { reusableQuery } from '../../db/reusable-query'

// The workspace's activity log (ADR 270): one row per thing a person did to the workspace's account, written
// in the transaction of the change, so the log holds exactly what happened.

export interface ActivityInput {
  workspaceId: number
  actorUserId: number | null
  action: WorkspaceActivityAction
  subject: string
  detail?: Record<string, unknown> | null
  now: number
}

export async function recordActivity(trx: Db, input: ActivityInput): Promise<void> {
  await trx
    .insertInto('workspace_activity')
    .values({
      workspace_id: input.workspaceId,
      actor_user_id: input.actorUserId,
      action: input.action,
      subject: input.subject,
      detail: input.detail ? JSON.stringify(input.detail) : null,
      created_at: input.now,
    })
    .execute()
}

/** The activity line of an account's workspace, compiled once: nothing for an account without a workspace. */
const runRecordAccountActivity = reusableQuery(
  (
    trx: Db,
    line: {
      accountId: number
      actorUserId: number | null
      action: string
      subject: string
      detail: string | null
      now: number
    },
  ) =>
    trx
      .insertInto('workspace_activity')
      .columns(['workspace_id', 'actor_user_id', 'action', 'subject', 'detail', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('workspaces')
          .select([
            'workspaces.id',
            sql<number | null>`cast(${line.actorUserId} as bigint)`.as('actor_user_id'),
            sql<string>`cast(${line.action} as text)`.as('action'),
            sql<string>`cast(${line.subject} as text)`.as('subject'),
            sql<string | null>`cast(${line.detail} as text)`.as('detail'),
            sql<number>`cast(${line.now} as bigint)`.as('created_at'),
          ])
          .where('account_id', '=', line.accountId),
      ),
  {
    accountId: -917_300_001,
    actorUserId: -917_300_002,
    action: '\u0000action',
    subject: '\u0000subject',
    detail: '\u0000detail',
    now: -917_300_003,
  },
)

/**
 * The same, for the workspace whose account is `accountId` (a domain function that knows only the account):
 * one statement that finds the workspace as it inserts, so that an order on PostgreSQL spends no round trip on
 * reading it first. An account without a workspace logs nothing.
 */
export async function recordAccountActivity(
  trx: Db,
  input: Omit<ActivityInput, 'workspaceId'> & { accountId: number },
): Promise<void> {
  await runRecordAccountActivity(trx, {
    accountId: input.accountId,
    actorUserId: input.actorUserId,
    action: input.action,
    subject: input.subject,
    detail: input.detail ? JSON.stringify(input.detail) : null,
    now: input.now,
  })
}

/** A page of the log, newest first; the cursor is the last id seen. */
export async function listActivity(
  db: Db,
  workspaceId: number,
  query: ActivityQuery,
): Promise<{ entries: ActivityEntry[]; next_cursor: string | null }> {
  const before =
    query.cursor !== undefined && /^\d{1,15}$/.test(query.cursor) ? Number(query.cursor) : undefined
  let select = db
    .selectFrom('workspace_activity')
    .leftJoin('users', 'users.id', 'workspace_activity.actor_user_id')
    .select([
      'workspace_activity.id',
      'workspace_activity.action',
      'workspace_activity.subject',
      'workspace_activity.detail',
      'workspace_activity.created_at',
      'users.email',
    ])
    .where('workspace_activity.workspace_id', '=', workspaceId)
  if (before !== undefined) select = select.where('workspace_activity.id', '<', before)
  if (query.action) select = select.where('workspace_activity.action', '=', query.action)
  if (query.member) select = select.where('workspace_activity.actor_user_id', '=', Number(query.member))
  const rows = await select
    .orderBy('workspace_activity.id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  return {
    entries: page.map((row) => ({
      id: String(row.id),
      action: row.action as WorkspaceActivityAction,
      actor: row.email ?? null,
      subject: row.subject,
      detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
      created_at: new Date(row.created_at).toISOString(),
    })),
    next_cursor: rows.length > query.limit && page.length > 0 ? String(page[page.length - 1]!.id) : null,
  }
}
