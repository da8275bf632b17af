import {
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  microsToUsd,
  ONLY_OWNER_MANAGES_OWNERS,
  usdToMicros,
  WORKSPACE_NOT_FOUND,
  type WorkspaceMember,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@engage/contract'
import type { Db } from '../../db/connect'
import { recordActivity } from './activity'
import { spendMonth } from './spend'

// Workspaces and their members (ADR 270). A workspace names the account its money and data belong to; a
// person acts on it through a membership, with a role and an optional monthly spend limit.

/** The workspace a request acts in: its id, the account (users row) owning its data, and the caller's role. */
export interface ActingWorkspace {
  id: number
  accountId: number
  role: WorkspaceRole
}

/** A refusal of a workspace call; the route answers `status` with `{ detail }`. */
export class WorkspaceRefusal extends Error {
  override name = 'WorkspaceRefusal'
  constructor(
    readonly status: 403 | 404 | 409 | 410,
    readonly detail: string,
  ) {
    super(detail)
  }
}

/** A new account's own workspace, the account's person its owner; in the caller's transaction. */
export async function createPersonalWorkspace(
  trx: Db,
  input: { userId: number; name: string; now: number },
): Promise<void> {
  const workspace = await trx
    .insertInto('workspaces')
    .values({ name: input.name, account_id: input.userId, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('workspace_members')
    .values({
      workspace_id: Number(workspace.id),
      user_id: input.userId,
      role: 'owner',
      monthly_limit: null,
      created_at: input.now,
    })
    .execute()
}

/** The workspaces a person belongs to, their personal one first, then by name. */
export async function listWorkspacesOf(
  db: Db,
  userId: number,
  activeWorkspaceId: number | undefined,
): Promise<WorkspaceSummary[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .select(['workspaces.id', 'workspaces.name', 'workspaces.account_id', 'workspace_members.role'])
    .where('workspace_members.user_id', '=', userId)
    .orderBy('workspaces.name')
    .execute()
  rows.sort((a, b) => Number(b.account_id === userId) - Number(a.account_id === userId))
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    role: row.role,
    active: Number(row.id) === activeWorkspaceId,
  }))
}

/** Points the session at a workspace the person belongs to (null: their own); 404 for any other. */
export async function switchWorkspace(
  db: Db,
  input: { userId: number; sessionId: string; workspaceId: number },
): Promise<void> {
  const membership = await db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .select('workspaces.account_id')
    .where('workspace_members.workspace_id', '=', input.workspaceId)
    .where('workspace_members.user_id', '=', input.userId)
    .executeTakeFirst()
  if (!membership) throw new WorkspaceRefusal(404, WORKSPACE_NOT_FOUND)
  const personal = Number(membership.account_id) === input.userId
  await db
    .updateTable('sessions')
    .set({ workspace_id: personal ? null : input.workspaceId })
    .where('id', '=', input.sessionId)
    .execute()
}

/** Parses a member's `{id}` (their user id); anything else is not found. */
export function parseMemberId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text.trim())) throw new WorkspaceRefusal(404, MEMBER_NOT_FOUND)
  return Number(text.trim())
}

/** The workspace's members, owners first, with this month's spend. */
export async function listMembers(
  db: Db,
  workspace: ActingWorkspace,
  input: { userId: number; now: number },
): Promise<WorkspaceMember[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .leftJoin('member_monthly_spend', (join) =>
      join
        .onRef('member_monthly_spend.workspace_id', '=', 'workspace_members.workspace_id')
        .onRef('member_monthly_spend.user_id', '=', 'workspace_members.user_id')
        .on('member_monthly_spend.month', '=', spendMonth(input.now)),
    )
    .select([
      'users.id',
      'users.email',
      'users.username',
      'workspace_members.role',
      'workspace_members.monthly_limit',
      'member_monthly_spend.spent',
    ])
    .where('workspace_members.workspace_id', '=', workspace.id)
    .orderBy('users.email')
    .execute()
  const rank = (role: WorkspaceRole) => ['owner', 'admin', 'member', 'viewer'].indexOf(role)
  rows.sort((a, b) => rank(a.role) - rank(b.role))
  return rows.map((row) => toMember(row, input.userId))
}

function toMember(
  row: {
    id: number
    email: string
    username: string
    role: WorkspaceRole
    monthly_limit: number | null
    spent: number | null
  },
  userId: number,
): WorkspaceMember {
  return {
    id: String(row.id),
    email: row.email,
    username: row.username,
    role: row.role,
    monthly_limit: row.monthly_limit === null ? null : microsToUsd(Number(row.monthly_limit)),
    spent_this_month: microsToUsd(Number(row.spent ?? 0)),
    you: Number(row.id) === userId,
  }
}

async function findMember(trx: Db, workspaceId: number, userId: number) {
  const member = await trx
    .selectFrom('workspace_members')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!member) throw new WorkspaceRefusal(404, MEMBER_NOT_FOUND)
  return member
}

/** Refuses to take the last owner's ownership away (by a role change, a removal or leaving). */
async function keepAnOwner(trx: Db, workspaceId: number, leavingOwnerId: number): Promise<void> {
  const others = await trx
    .selectFrom('workspace_members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .where('user_id', '!=', leavingOwnerId)
    .limit(1)
    .execute()
  if (others.length === 0) throw new WorkspaceRefusal(409, LAST_OWNER)
}

/**
 * Locks the workspace's row on PostgreSQL, so two concurrent changes of its owners cannot both find another
 * owner and leave none; SQLite runs one write transaction at a time.
 */
async function lockWorkspace(trx: Db, workspaceId: number): Promise<void> {
  await trx
    .updateTable('workspaces')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', workspaceId)
    .execute()
}

/** Changes a member's role or limit. Only an owner makes or changes an owner; the last owner stays one. */
export async function updateMember(
  db: Db,
  workspace: ActingWorkspace,
  input: {
    actorId: number
    memberId: number
    role: WorkspaceRole | undefined
    monthlyLimitUsd: number | null | undefined
    now: number
  },
): Promise<WorkspaceMember> {
  await db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspace.id)
    const member = await findMember(trx, workspace.id, input.memberId)
    const touchesOwner = member.role === 'owner' || input.role === 'owner'
    if (touchesOwner && workspace.role !== 'owner') throw new WorkspaceRefusal(403, ONLY_OWNER_MANAGES_OWNERS)
    if (member.role === 'owner' && input.role !== undefined && input.role !== 'owner') {
      await keepAnOwner(trx, workspace.id, member.user_id)
    }
    const monthlyLimit =
      input.monthlyLimitUsd === undefined
        ? member.monthly_limit
        : input.monthlyLimitUsd === null
          ? null
          : usdToMicros(input.monthlyLimitUsd)
    const role = input.role ?? member.role
    await trx
      .updateTable('workspace_members')
      .set({ role, monthly_limit: monthlyLimit })
      .where('workspace_id', '=', workspace.id)
      .where('user_id', '=', input.memberId)
      .execute()
    await recordActivity(trx, {
      workspaceId: workspace.id,
      actorUserId: input.actorId,
      action: 'member.changed',
      subject: `member:${input.memberId}`,
      detail: { role, monthly_limit: monthlyLimit === null ? null : microsToUsd(Number(monthlyLimit)) },
      now: input.now,
    })
  })
  const members = await listMembers(db, workspace, { userId: input.actorId, now: input.now })
  const changed = members.find((member) => member.id === String(input.memberId))
  if (!changed) throw new WorkspaceRefusal(404, MEMBER_NOT_FOUND)
  return changed
}

/**
 * Takes a member out of the workspace: their API keys on its account and their sessions acting in it end in
 * the same transaction. An owner is removed only by an owner, and never the last one.
 */
export async function removeMember(
  db: Db,
  workspace: ActingWorkspace,
  input: { actorId: number; memberId: number; now: number; leaving: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspace.id)
    const member = await findMember(trx, workspace.id, input.memberId)
    if (member.role === 'owner') {
      if (workspace.role !== 'owner') throw new WorkspaceRefusal(403, ONLY_OWNER_MANAGES_OWNERS)
      await keepAnOwner(trx, workspace.id, member.user_id)
    }
    await trx
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspace.id)
      .where('user_id', '=', input.memberId)
      .execute()
    await trx
      .deleteFrom('api_keys')
      .where('user_id', '=', workspace.accountId)
      .where('member_user_id', '=', input.memberId)
      .execute()
    // A removed member's sessions acting in the workspace end; one who leaves is taken back to their own.
    const acting = trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', input.memberId)
      .where((eb) =>
        workspace.accountId === input.memberId
          ? eb('workspace_id', 'is', null)
          : eb('workspace_id', '=', workspace.id),
      )
    if (input.leaving) {
      await trx.updateTable('sessions').set({ workspace_id: null }).where('id', 'in', acting).execute()
    } else {
      await trx.deleteFrom('sessions').where('id', 'in', acting).execute()
    }
    await recordActivity(trx, {
      workspaceId: workspace.id,
      actorUserId: input.actorId,
      action: input.leaving ? 'member.left' : 'member.removed',
      subject: `member:${input.memberId}`,
      detail: { role: member.role },
      now: input.now,
    })
  })
}
