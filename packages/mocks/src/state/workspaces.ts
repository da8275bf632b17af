import {
  type ActivityQuery,
  ALREADY_A_MEMBER,
  type EndpointResponse,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_USED,
  type InviteMemberRequest,
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  ONLY_OWNER_MANAGES_OWNERS,
  type UpdateMemberRequest,
  WORKSPACE_NOT_FOUND,
  type WorkspaceRole,
} from '@engage/contract'
import { FIXTURE_INVITATION_TOKEN } from '../fixtures'
import { pageOf } from './reads'
import { MockRefusal, type MockState, nextId } from './store'

// Workspaces: the switch, the members and their roles, invitations and the activity log, with the server's
// rules (only an owner manages owners; the last owner stays).

function activeRole(state: MockState): WorkspaceRole {
  return state.team.workspaces.find((workspace) => workspace.active)?.role ?? 'owner'
}

export function switchWorkspace(state: MockState, id: string): EndpointResponse<'switchWorkspace'> {
  if (!state.team.workspaces.some((workspace) => workspace.id === id)) {
    throw new MockRefusal(404, WORKSPACE_NOT_FOUND)
  }
  for (const workspace of state.team.workspaces) workspace.active = workspace.id === id
  return state.team.workspaces
}

function keepAnOwner(state: MockState, leavingId: string) {
  const others = state.team.members.filter((member) => member.role === 'owner' && member.id !== leavingId)
  if (others.length === 0) throw new MockRefusal(409, LAST_OWNER)
}

function memberOf(state: MockState, id: string) {
  const member = state.team.members.find((item) => item.id === id)
  if (!member) throw new MockRefusal(404, MEMBER_NOT_FOUND)
  return member
}

export function updateMember(
  state: MockState,
  id: string,
  body: UpdateMemberRequest,
): EndpointResponse<'updateMember'> {
  const member = memberOf(state, id)
  if ((member.role === 'owner' || body.role === 'owner') && activeRole(state) !== 'owner') {
    throw new MockRefusal(403, ONLY_OWNER_MANAGES_OWNERS)
  }
  if (member.role === 'owner' && body.role !== undefined && body.role !== 'owner') keepAnOwner(state, id)
  if (body.role !== undefined) member.role = body.role
  if (body.monthly_limit !== undefined) member.monthly_limit = body.monthly_limit
  return member
}

export function removeMember(state: MockState, id: string): EndpointResponse<'removeMember'> {
  const member = memberOf(state, id)
  if (member.role === 'owner') {
    if (activeRole(state) !== 'owner') throw new MockRefusal(403, ONLY_OWNER_MANAGES_OWNERS)
    keepAnOwner(state, id)
  }
  state.team.members = state.team.members.filter((item) => item.id !== id)
  return { message: 'Member removed' }
}

export function leaveWorkspace(state: MockState): EndpointResponse<'leaveWorkspace'> {
  const you = state.team.members.find((member) => member.you)
  if (you?.role === 'owner') keepAnOwner(state, you.id)
  state.team.members = state.team.members.filter((member) => !member.you)
  return { message: 'You left the workspace' }
}

export function inviteMember(state: MockState, body: InviteMemberRequest): EndpointResponse<'inviteMember'> {
  if (body.role === 'owner' && activeRole(state) !== 'owner') {
    throw new MockRefusal(403, ONLY_OWNER_MANAGES_OWNERS)
  }
  const email = body.email.toLowerCase()
  if (state.team.members.some((member) => member.email === email))
    throw new MockRefusal(409, ALREADY_A_MEMBER)
  const now = state.now().getTime()
  const invitation = {
    id: nextId(state),
    email,
    role: body.role,
    monthly_limit: body.monthly_limit,
    state: 'pending' as const,
    expires_at: new Date(now + 7 * 86_400_000).toISOString(),
    created_at: new Date(now).toISOString(),
  }
  state.team.invitations.unshift(invitation)
  return invitation
}

export function revokeInvitation(state: MockState, id: string): EndpointResponse<'revokeInvitation'> {
  const invitation = state.team.invitations.find((item) => item.id === id)
  if (!invitation) throw new MockRefusal(404, INVITATION_NOT_FOUND)
  if (invitation.state === 'pending') invitation.state = 'revoked'
  return invitation
}

/** The invitation page's link: the fixture token names the team's pending invitation. */
export function invitationPreview(state: MockState, token: string): EndpointResponse<'getInvitation'> {
  if (token !== FIXTURE_INVITATION_TOKEN) throw new MockRefusal(404, INVITATION_NOT_FOUND)
  return state.team.invitationPreview
}

export function acceptInvitation(state: MockState, token: string): EndpointResponse<'acceptInvitation'> {
  const preview = invitationPreview(state, token)
  if (preview.state === 'accepted') throw new MockRefusal(410, INVITATION_USED)
  if (preview.state === 'expired') throw new MockRefusal(410, INVITATION_EXPIRED)
  if (preview.state === 'revoked') throw new MockRefusal(404, INVITATION_NOT_FOUND)
  preview.state = 'accepted'
  for (const workspace of state.team.workspaces) workspace.active = false
  state.team.workspaces.push({ id: nextId(state), name: preview.workspace, role: preview.role, active: true })
  return state.team.workspaces
}

export function listActivity(state: MockState, query: ActivityQuery): EndpointResponse<'listActivity'> {
  const memberEmail = state.team.members.find((member) => member.id === query.member)?.email
  const entries = state.team.activity.filter(
    (entry) =>
      (query.action === undefined || entry.action === query.action) &&
      (query.member === undefined || entry.actor === memberEmail),
  )
  const page = pageOf(entries, query.cursor, query.limit)
  return { entries: page.items, next_cursor: page.nextCursor }
}
