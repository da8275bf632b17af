import { Hono } from 'hono'
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'
import { registerRoute } from '../http/register-route'
import { listActivity } from '../domain/workspaces/activity'
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from '../domain/workspaces/invitations'
import {
  listMembers,
  listWorkspacesOf,
  parseMemberId,
  removeMember,
  switchWorkspace,
  updateMember,
  WorkspaceRefusal,
} from '../domain/workspaces/members'

// Workspaces (ADR 270): the person's workspaces and the switch between them, the active workspace's members,
// invitations and activity log, and the invitation link's page. The role each call needs is declared in the
// registry and checked before the handler runs; the handlers scope everything to the active workspace, so
// another workspace's member or invitation answers 404, exactly like a missing one.

export const workspaceRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
workspaceRoutes.onError((error, c) =>
  handleError(error instanceof WorkspaceRefusal ? new HttpError(error.status, error.detail) : error, c),
)

/** The workspace the session acts in, when the person is a member of it. */
function activeWorkspaceId(c: { get(key: 'workspace'): AppEnv['Variables']['workspace'] | undefined }) {
  return c.get('workspace')?.id
}

registerRoute(workspaceRoutes, 'listWorkspaces', async (c) =>
  c.json(await listWorkspacesOf(c.var.deps.db, c.var.user.id, activeWorkspaceId(c))),
)

registerRoute(workspaceRoutes, 'switchWorkspace', async (c, { params }) => {
  const { db } = c.var.deps
  const workspaceId = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : 0
  await switchWorkspace(db, { userId: c.var.user.id, sessionId: c.var.sessionId, workspaceId })
  return c.json(await listWorkspacesOf(db, c.var.user.id, workspaceId))
})

registerRoute(workspaceRoutes, 'listMembers', async (c) =>
  c.json(
    await listMembers(c.var.deps.db, c.var.workspace, { userId: c.var.user.id, now: c.var.deps.clock.now() }),
  ),
)

registerRoute(workspaceRoutes, 'updateMember', async (c, { params, body }) =>
  c.json(
    await updateMember(c.var.deps.db, c.var.workspace, {
      actorId: c.var.user.id,
      memberId: parseMemberId(params.id),
      role: body.role,
      monthlyLimitUsd: body.monthly_limit,
      now: c.var.deps.clock.now(),
    }),
  ),
)

registerRoute(workspaceRoutes, 'removeMember', async (c, { params }) => {
  await removeMember(c.var.deps.db, c.var.workspace, {
    actorId: c.var.user.id,
    memberId: parseMemberId(params.id),
    now: c.var.deps.clock.now(),
    leaving: false,
  })
  return c.json({ message: 'Member removed' })
})

registerRoute(workspaceRoutes, 'leaveWorkspace', async (c) => {
  await removeMember(c.var.deps.db, c.var.workspace, {
    actorId: c.var.user.id,
    memberId: c.var.user.id,
    now: c.var.deps.clock.now(),
    leaving: true,
  })
  return c.json({ message: 'You left the workspace' })
})

registerRoute(workspaceRoutes, 'listInvitations', async (c) =>
  c.json(await listInvitations(c.var.deps.db, c.var.workspace.id, c.var.deps.clock.now())),
)

registerRoute(workspaceRoutes, 'inviteMember', async (c, { body }) => {
  const { db, mailer, config, clock } = c.var.deps
  const invitation = await inviteMember({ db, mailer, publicUrl: config.publicUrl }, c.var.workspace, {
    actorId: c.var.user.id,
    request: body,
    now: clock.now(),
  })
  return c.json(invitation, 201)
})

registerRoute(workspaceRoutes, 'revokeInvitation', async (c, { params }) =>
  c.json(
    await revokeInvitation(c.var.deps.db, c.var.workspace.id, {
      invitationId: params.id,
      now: c.var.deps.clock.now(),
    }),
  ),
)

registerRoute(workspaceRoutes, 'getInvitation', async (c, { params }) =>
  c.json(await previewInvitation(c.var.deps.db, params.token, c.var.deps.clock.now())),
)

registerRoute(workspaceRoutes, 'acceptInvitation', async (c, { params }) => {
  const { db, clock } = c.var.deps
  await acceptInvitation(db, {
    token: params.token,
    userId: c.var.user.id,
    email: c.var.user.email,
    sessionId: c.var.sessionId,
    now: clock.now(),
  })
  const joined = await db
    .selectFrom('sessions')
    .select('workspace_id')
    .where('id', '=', c.var.sessionId)
    .executeTakeFirstOrThrow()
  return c.json(await listWorkspacesOf(db, c.var.user.id, joined.workspace_id ?? undefined))
})

registerRoute(workspaceRoutes, 'listActivity', async (c, { query }) =>
  c.json(await listActivity(c.var.deps.db, c.var.workspace.id, query)),
)
