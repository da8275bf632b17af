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
  c.json(await listWorkspacesOf(c.get('deps').db, c.get('user').id, activeWorkspaceId(c))),
)

registerRoute(workspaceRoutes, 'switchWorkspace', async (c, { params }) => {
  const { db } = c.get('deps')
  const workspaceId = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : 0
  await switchWorkspace(db, { userId: c.get('user').id, sessionId: c.get('sessionId'), workspaceId })
  return c.json(await listWorkspacesOf(db, c.get('user').id, workspaceId))
})

registerRoute(workspaceRoutes, 'listMembers', async (c) =>
  c.json(
    await listMembers(c.get('deps').db, c.get('workspace'), {
      userId: c.get('user').id,
      now: c.get('deps').clock.now(),
    }),
  ),
)

registerRoute(workspaceRoutes, 'updateMember', async (c, { params, body }) =>
  c.json(
    await updateMember(c.get('deps').db, c.get('workspace'), {
      actorId: c.get('user').id,
      memberId: parseMemberId(params.id),
      role: body.role,
      monthlyLimitUsd: body.monthly_limit,
      now: c.get('deps').clock.now(),
    }),
  ),
)

registerRoute(workspaceRoutes, 'removeMember', async (c, { params }) => {
  await removeMember(c.get('deps').db, c.get('workspace'), {
    actorId: c.get('user').id,
    memberId: parseMemberId(params.id),
    now: c.get('deps').clock.now(),
    leaving: false,
  })
  return c.json({ message: 'Member removed' })
})

registerRoute(workspaceRoutes, 'leaveWorkspace', async (c) => {
  await removeMember(c.get('deps').db, c.get('workspace'), {
    actorId: c.get('user').id,
    memberId: c.get('user').id,
    now: c.get('deps').clock.now(),
    leaving: true,
  })
  return c.json({ message: 'You left the workspace' })
})

registerRoute(workspaceRoutes, 'listInvitations', async (c) =>
  c.json(await listInvitations(c.get('deps').db, c.get('workspace').id, c.get('deps').clock.now())),
)

registerRoute(workspaceRoutes, 'inviteMember', async (c, { body }) => {
  const { db, mailer, config, clock } = c.get('deps')
  const invitation = await inviteMember({ db, mailer, publicUrl: config.publicUrl }, c.get('workspace'), {
    actorId: c.get('user').id,
    request: body,
    now: clock.now(),
  })
  return c.json(invitation, 201)
})

registerRoute(workspaceRoutes, 'revokeInvitation', async (c, { params }) =>
  c.json(
    await revokeInvitation(c.get('deps').db, c.get('workspace').id, {
      invitationId: params.id,
      now: c.get('deps').clock.now(),
    }),
  ),
)

registerRoute(workspaceRoutes, 'getInvitation', async (c, { params }) =>
  c.json(await previewInvitation(c.get('deps').db, params.token, c.get('deps').clock.now())),
)

registerRoute(workspaceRoutes, 'acceptInvitation', async (c, { params }) => {
  const { db, clock } = c.get('deps')
  await acceptInvitation(db, {
    token: params.token,
    userId: c.get('user').id,
    email: c.get('user').email,
    sessionId: c.get('sessionId'),
    now: clock.now(),
  })
  const joined = await db
    .selectFrom('sessions')
    .select('workspace_id')
    .where('id', '=', c.get('sessionId'))
    .executeTakeFirstOrThrow()
  return c.json(await listWorkspacesOf(db, c.get('user').id, joined.workspace_id ?? undefined))
})

registerRoute(workspaceRoutes, 'listActivity', async (c, { query }) =>
  c.json(await listActivity(c.get('deps').db, c.get('workspace').id, query)),
)
