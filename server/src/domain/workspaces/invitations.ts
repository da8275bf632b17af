import {
  ALREADY_A_MEMBER,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_EMAIL,
  INVITATION_USED,
  type InvitationPreview,
  type InvitationState,
  type InviteMemberRequest,
  microsToUsd,
  ONLY_OWNER_MANAGES_OWNERS,
  usdToMicros,
  type WorkspaceInvitation,
} from '@engage/contract'
import type { Selectable } from 'kysely'
import type { Mailer } from '../../adapters/mail'
import { randomToken, sha256Hex } from '../../crypto/tokens'
import type { Db } from '../../db/connect'
import type { WorkspaceInvitationsTable } from '../../db/schema'
import { recordActivity } from './activity'
import { type ActingWorkspace, WorkspaceRefusal } from './members'

// Invitations (ADR 270): an admin or owner invites someone by e-mail; the link in the mail holds a random
// token of which only the SHA-256 is stored, works once, and expires after a week.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

type InvitationRow = Selectable<WorkspaceInvitationsTable>

function stateOf(row: InvitationRow, now: number): InvitationState {
  if (row.accepted_at !== null) return 'accepted'
  if (row.revoked_at !== null) return 'revoked'
  return now >= row.expires_at ? 'expired' : 'pending'
}

function toInvitation(row: InvitationRow, now: number): WorkspaceInvitation {
  return {
    id: String(row.id),
    email: row.email,
    role: row.role,
    monthly_limit: row.monthly_limit === null ? null : microsToUsd(Number(row.monthly_limit)),
    state: stateOf(row, now),
    expires_at: new Date(row.expires_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  }
}

/** Creates an invitation and mails its link; answers the invitation (never its token). */
export async function inviteMember(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  workspace: ActingWorkspace,
  input: { actorId: number; request: InviteMemberRequest; now: number },
): Promise<WorkspaceInvitation> {
  const { request, now } = input
  if (request.role === 'owner' && workspace.role !== 'owner') {
    throw new WorkspaceRefusal(403, ONLY_OWNER_MANAGES_OWNERS)
  }
  const email = request.email.trim().toLowerCase()
  const token = randomToken()
  const { row, name } = await deps.db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('workspace_members')
      .innerJoin('users', 'users.id', 'workspace_members.user_id')
      .select('users.id')
      .where('workspace_members.workspace_id', '=', workspace.id)
      .where('users.email', '=', email)
      .executeTakeFirst()
    if (member) throw new WorkspaceRefusal(409, ALREADY_A_MEMBER)
    const inserted = await trx
      .insertInto('workspace_invitations')
      .values({
        workspace_id: workspace.id,
        email,
        role: request.role,
        monthly_limit: request.monthly_limit === null ? null : usdToMicros(request.monthly_limit),
        token_hash: sha256Hex(token),
        invited_by: input.actorId,
        expires_at: now + INVITATION_TTL_MS,
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordActivity(trx, {
      workspaceId: workspace.id,
      actorUserId: input.actorId,
      action: 'member.invited',
      subject: `invitation:${inserted.id}`,
      detail: { email, role: request.role },
      now,
    })
    const found = await trx
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', workspace.id)
      .executeTakeFirstOrThrow()
    return { row: inserted, name: found.name }
  })
  await deps.mailer.send({
    to: email,
    subject: `You are invited to the ${name} workspace on Engage Panel`,
    text:
      `You are invited to join the ${name} workspace on Engage Panel as ${request.role}.\n\n` +
      `To accept, sign in (or sign up) with this e-mail address and open this link within 7 days:\n` +
      `${deps.publicUrl}/invitation/${token}\n\n` +
      `The link works once. If you did not expect this, ignore this message.`,
  })
  return toInvitation(row, now)
}

export async function listInvitations(
  db: Db,
  workspaceId: number,
  now: number,
): Promise<WorkspaceInvitation[]> {
  const rows = await db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => toInvitation(row, now))
}

/** Withdraws a pending invitation of the workspace; another workspace's is not found. */
export async function revokeInvitation(
  db: Db,
  workspaceId: number,
  input: { invitationId: string; now: number },
): Promise<WorkspaceInvitation> {
  if (!/^[1-9]\d{0,14}$/.test(input.invitationId)) throw new WorkspaceRefusal(404, INVITATION_NOT_FOUND)
  const id = Number(input.invitationId)
  await db
    .updateTable('workspace_invitations')
    .set({ revoked_at: input.now })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
  const row = await db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  if (!row) throw new WorkspaceRefusal(404, INVITATION_NOT_FOUND)
  return toInvitation(row, input.now)
}

async function findByToken(db: Db, token: string) {
  return db
    .selectFrom('workspace_invitations')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_invitations.workspace_id')
    .selectAll('workspace_invitations')
    .select('workspaces.name as workspace_name')
    .where('workspace_invitations.token_hash', '=', sha256Hex(token))
    .executeTakeFirst()
}

/** What the invitation page shows; a token that names nothing is not found. */
export async function previewInvitation(db: Db, token: string, now: number): Promise<InvitationPreview> {
  const row = await findByToken(db, token)
  if (!row) throw new WorkspaceRefusal(404, INVITATION_NOT_FOUND)
  return {
    workspace: row.workspace_name,
    email: row.email,
    role: row.role,
    state: stateOf(row, now),
    expires_at: new Date(row.expires_at).toISOString(),
  }
}

/**
 * Makes the signed-in person a member as the invitation says, once: the conditional update that marks it
 * accepted is what keeps a second use (or a concurrent one) out. The session then acts in the workspace.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; userId: number; email: string; sessionId: string; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findByToken(trx, input.token)
    if (!row || row.revoked_at !== null) throw new WorkspaceRefusal(404, INVITATION_NOT_FOUND)
    if (row.accepted_at !== null) throw new WorkspaceRefusal(410, INVITATION_USED)
    if (input.now >= row.expires_at) throw new WorkspaceRefusal(410, INVITATION_EXPIRED)
    if (row.email !== input.email.toLowerCase()) throw new WorkspaceRefusal(403, INVITATION_OTHER_EMAIL)
    const marked = await trx
      .updateTable('workspace_invitations')
      .set({ accepted_at: input.now, accepted_by: input.userId })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst()
    if (Number(marked.numUpdatedRows) !== 1) throw new WorkspaceRefusal(410, INVITATION_USED)
    const existing = await trx
      .selectFrom('workspace_members')
      .select('role')
      .where('workspace_id', '=', row.workspace_id)
      .where('user_id', '=', input.userId)
      .executeTakeFirst()
    if (existing) throw new WorkspaceRefusal(409, ALREADY_A_MEMBER)
    await trx
      .insertInto('workspace_members')
      .values({
        workspace_id: row.workspace_id,
        user_id: input.userId,
        role: row.role,
        monthly_limit: row.monthly_limit,
        created_at: input.now,
      })
      .execute()
    await trx
      .updateTable('sessions')
      .set({ workspace_id: row.workspace_id })
      .where('id', '=', input.sessionId)
      .execute()
    await recordActivity(trx, {
      workspaceId: row.workspace_id,
      actorUserId: input.userId,
      action: 'member.joined',
      subject: `member:${input.userId}`,
      detail: { role: row.role },
      now: input.now,
    })
  })
}
