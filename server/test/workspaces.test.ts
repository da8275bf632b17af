import {
  INVITATION_EXPIRED,
  INVITATION_OTHER_EMAIL,
  INVITATION_USED,
  LAST_OWNER,
  ListActivityResponse,
  ListMembersResponse,
  ListWorkspacesResponse,
  ONLY_OWNER_MANAGES_OWNERS,
  SPEND_LIMIT_REACHED,
  WORKSPACE_FORBIDDEN,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerSum } from '../src/domain/ledger'
import { INVITATION_TTL_MS } from '../src/domain/workspaces/invitations'
import { createTestApp, fund, signUp, type TestApp, uniqueEmail } from './support/app'
import { addService, uniqueLink } from './support/services'
import { json, teamCalls } from './support/workspaces'

// A team in one workspace, through the API as its people use it: the owner invites by e-mail, the invited
// accept the link from their mail, roles change, monthly spend limits hold in the debit's transaction, keys
// act with their member's role, removal ends keys and sessions, and the activity log shows who did what.

let t: TestApp
let serviceId: number

beforeAll(async () => {
  t = await createTestApp()
  // $1 per 1,000: an order of 100 costs $0.10.
  serviceId = await addService(t.db, 'followers', 1_000_000)
})
afterAll(() => t.close())

const { request, mailedToken, invitedMember, order, balanceOf } = teamCalls(() => t)

/** A call of the SMM panel API v2 with `key`, answered as JSON. */
async function v2(key: string, fields: Record<string, string>): Promise<unknown> {
  const response = await t.app.request('/api/v2', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key, ...fields }),
  })
  return response.json()
}

/** The API v2's `add` of 100 followers to a new link. */
function v2Add(key: string): Promise<unknown> {
  return v2(key, { action: 'add', service: String(serviceId), link: uniqueLink(), quantity: '100' })
}

describe('invitations', () => {
  it('mails a single-use link that makes the signed-up invitee a member acting in the workspace', async () => {
    const owner = await signUp(t)
    const email = uniqueEmail('invitee')
    const invitation = await json<{ state: string; role: string }>(
      await request(owner.token, 'POST', '/api/workspace/invitations', {
        email,
        role: 'member',
        monthly_limit: 5,
      }),
      201,
    )
    expect(invitation).toMatchObject({ state: 'pending', role: 'member' })
    const token = await mailedToken(email)
    const preview = await json(await t.app.request(`/api/invitations/${token}`))
    expect(preview).toMatchObject({ email, role: 'member', state: 'pending' })

    const invitee = await signUp(t, email)
    const joined = ListWorkspacesResponse.parse(
      await json(await request(invitee.token, 'POST', `/api/invitations/${token}/accept`)),
    )
    expect(joined.map((workspace) => [workspace.role, workspace.active])).toEqual([
      ['owner', false],
      ['member', true],
    ])
    // The session now acts on the owner's account: its balance, not the invitee's own.
    await fund(t.db, owner.userId, 12)
    const me = await json<{ balance: number; email: string }>(
      await request(invitee.token, 'GET', '/api/user/me'),
    )
    expect(me).toMatchObject({ balance: 12, email })

    const again = await request(invitee.token, 'POST', `/api/invitations/${token}/accept`)
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ detail: INVITATION_USED })
    expect(await json(await t.app.request(`/api/invitations/${token}`))).toMatchObject({ state: 'accepted' })

    const members = ListMembersResponse.parse(
      await json(await request(owner.token, 'GET', '/api/workspace/members')),
    )
    expect(members.map((member) => [member.email, member.role, member.monthly_limit])).toEqual([
      [owner.email, 'owner', null],
      [email, 'member', 5],
    ])
  })

  it('refuses an expired link, and a link sent to another address', async () => {
    const owner = await signUp(t)
    const email = uniqueEmail('late')
    await json(
      await request(owner.token, 'POST', '/api/workspace/invitations', { email, role: 'viewer' }),
      201,
    )
    const token = await mailedToken(email)
    const stranger = await signUp(t)
    const other = await request(stranger.token, 'POST', `/api/invitations/${token}/accept`)
    expect(other.status).toBe(403)
    expect(await other.json()).toEqual({ detail: INVITATION_OTHER_EMAIL })

    const invitee = await signUp(t, email)
    t.clock.advance(INVITATION_TTL_MS)
    expect(await json(await t.app.request(`/api/invitations/${token}`))).toMatchObject({ state: 'expired' })
    const late = await request(invitee.token, 'POST', `/api/invitations/${token}/accept`)
    expect(late.status).toBe(410)
    expect(await late.json()).toEqual({ detail: INVITATION_EXPIRED })
  })

  it('stops a withdrawn link from working', async () => {
    const owner = await signUp(t)
    const email = uniqueEmail('withdrawn')
    const invitation = await json<{ id: string }>(
      await request(owner.token, 'POST', '/api/workspace/invitations', { email, role: 'member' }),
      201,
    )
    const withdrawn = await json(
      await request(owner.token, 'DELETE', `/api/workspace/invitations/${invitation.id}`),
    )
    expect(withdrawn).toMatchObject({ state: 'revoked' })
    const invitee = await signUp(t, email)
    const response = await request(
      invitee.token,
      'POST',
      `/api/invitations/${await mailedToken(email)}/accept`,
    )
    expect(response.status).toBe(404)
  })
})

describe('roles', () => {
  it('lets only an owner make an owner, and keeps the last owner', async () => {
    const owner = await signUp(t)
    const admin = await invitedMember(owner, 'admin')
    const member = await invitedMember(owner, 'member')

    const byAdmin = await request(admin.token, 'PUT', `/api/workspace/members/${member.userId}`, {
      role: 'owner',
    })
    expect(byAdmin.status).toBe(403)
    expect(await byAdmin.json()).toEqual({ detail: ONLY_OWNER_MANAGES_OWNERS })
    const changed = await json(
      await request(admin.token, 'PUT', `/api/workspace/members/${member.userId}`, { role: 'viewer' }),
    )
    expect(changed).toMatchObject({ role: 'viewer' })

    const leaving = await request(owner.token, 'POST', '/api/workspace/leave')
    expect(leaving.status).toBe(409)
    expect(await leaving.json()).toEqual({ detail: LAST_OWNER })
    const demoted = await request(owner.token, 'PUT', `/api/workspace/members/${owner.userId}`, {
      role: 'admin',
    })
    expect(demoted.status).toBe(409)

    await json(await request(owner.token, 'PUT', `/api/workspace/members/${admin.userId}`, { role: 'owner' }))
    await json(await request(owner.token, 'PUT', `/api/workspace/members/${owner.userId}`, { role: 'admin' }))
    const roles = ListMembersResponse.parse(
      await json(await request(admin.token, 'GET', '/api/workspace/members')),
    )
    expect(roles.map((person) => person.role)).toEqual(['owner', 'admin', 'viewer'])
  })

  it('keeps a viewer from ordering, and lets them read', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const viewer = await invitedMember(owner, 'viewer')
    const refused = await order(viewer.token)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ detail: WORKSPACE_FORBIDDEN })
    expect((await request(viewer.token, 'GET', '/api/orders/get')).status).toBe(200)
    expect(await balanceOf(owner.userId)).toBe(10_000_000)
  })

  it('switches a session between the workspaces its person belongs to, and no other', async () => {
    const owner = await signUp(t)
    const member = await invitedMember(owner, 'member')
    const personal = ListWorkspacesResponse.parse(
      await json(await request(member.token, 'GET', '/api/workspaces')),
    )
    const own = personal.find((workspace) => workspace.role === 'owner')!
    const back = ListWorkspacesResponse.parse(
      await json(await request(member.token, 'POST', `/api/workspaces/${own.id}/switch`)),
    )
    expect(back.find((workspace) => workspace.active)?.id).toBe(own.id)
    const stranger = await signUp(t)
    const foreign = await request(stranger.token, 'POST', `/api/workspaces/${personal[1]!.id}/switch`)
    expect(foreign.status).toBe(404)
  })
})

describe('removing a member', () => {
  it("ends their keys on the workspace's account and their sessions acting in it", async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member')
    const key = await json<{ key: string }>(
      await request(member.token, 'POST', '/api/user/api-keys', { name: 'team key' }),
      201,
    )
    const balance = () => v2(key.key, { action: 'balance' })
    expect(await balance()).toEqual({ balance: '10.00', currency: 'USD' })

    await json(await request(owner.token, 'DELETE', `/api/workspace/members/${member.userId}`))
    expect(await balance()).toEqual({ error: 'Invalid API key' })
    expect((await request(member.token, 'GET', '/api/user/me')).status).toBe(401)
  })
})

describe('monthly spend limits', () => {
  it('lets a member spend up to their limit and refuses the order past it, moving no money', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 0.25)
    await json(await order(member.token), 201)
    await json(await order(member.token), 201)
    const refused = await order(member.token)
    expect(refused.status).toBe(402)
    expect(await refused.json()).toEqual({ detail: SPEND_LIMIT_REACHED })
    expect(await balanceOf(owner.userId)).toBe(9_800_000)
    expect(await ledgerSum(t.db, owner.userId)).toBe(9_800_000)
    // The owner has no limit; the next calendar month starts the member's count again.
    await json(await order(owner.token), 201)
    const today = new Date(t.clock.now())
    t.clock.set(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
    await json(await order(member.token), 201)
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('actor_user_id')
      .where('user_id', '=', owner.userId)
      .where('kind', '=', 'order_payment')
      .orderBy('id')
      .execute()
    expect(entries.map((entry) => entry.actor_user_id)).toEqual([
      member.userId,
      member.userId,
      owner.userId,
      member.userId,
    ])
  })

  it('lets no more concurrent orders through than the limit covers', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 0.3)
    const statuses = await Promise.all(
      Array.from({ length: 6 }, async () => (await order(member.token)).status),
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(3)
    expect(statuses.filter((status) => status === 402)).toHaveLength(3)
    expect(await balanceOf(owner.userId)).toBe(9_700_000)
    expect(await ledgerSum(t.db, owner.userId)).toBe(9_700_000)
  })

  it('holds for a mass order and for the member’s API key', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member', 0.15)
    const mass = await request(member.token, 'POST', '/api/orders/mass', {
      items: [
        { type: 'followers', quantity: 100, url: uniqueLink() },
        { type: 'followers', quantity: 100, url: uniqueLink() },
      ],
    })
    expect(mass.status).toBe(402)
    const key = await json<{ key: string }>(
      await request(member.token, 'POST', '/api/user/api-keys', { name: 'limited' }),
      201,
    )
    const add = () => v2Add(key.key)
    expect(await add()).toEqual({ order: expect.any(Number) })
    expect(await add()).toEqual({ error: SPEND_LIMIT_REACHED })
    expect(await balanceOf(owner.userId)).toBe(9_900_000)
  })

  it("keeps a viewer's key from placing orders", async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const viewer = await invitedMember(owner, 'viewer')
    const key = await json<{ key: string }>(
      await request(viewer.token, 'POST', '/api/user/api-keys', { name: 'read only' }),
      201,
    )
    expect(await v2Add(key.key)).toEqual({ error: WORKSPACE_FORBIDDEN })
    expect(await balanceOf(owner.userId)).toBe(10_000_000)
  })
})

describe('the activity log', () => {
  it('shows the owner who invited, joined, placed, cancelled and changed what, with filters', async () => {
    const owner = await signUp(t)
    await fund(t.db, owner.userId, 10)
    const member = await invitedMember(owner, 'member')
    const placed = await json<{ id: string }>(await order(member.token), 201)
    await json(await request(member.token, 'POST', `/api/orders/${placed.id}/cancel`))
    await json(
      await request(owner.token, 'PUT', `/api/workspace/members/${member.userId}`, { monthly_limit: 20 }),
    )

    await json(
      await request(member.token, 'PUT', '/api/user/ai-settings', [
        {
          id: 'team-voice',
          name: 'Team voice',
          model: 'gpt-4o',
          provider: 'openai',
          temperature: 1,
          maxTokens: 300,
          topP: 1,
          frequencyPenalty: 0,
          presencePenalty: 0,
          systemPrompt: 'system',
          userPrompt: 'user',
        },
      ]),
    )

    const log = ListActivityResponse.parse(
      await json(await request(owner.token, 'GET', '/api/workspace/activity')),
    )
    expect(log.entries.map((entry) => [entry.action, entry.actor, entry.subject])).toEqual([
      ['ai_setting.saved', member.email, 'ai_setting:team-voice'],
      ['member.changed', owner.email, `member:${member.userId}`],
      ['order.cancelled', member.email, `order:${placed.id}`],
      ['order.placed', member.email, `order:${placed.id}`],
      ['member.joined', member.email, `member:${member.userId}`],
      ['member.invited', owner.email, expect.stringMatching(/^invitation:/)],
    ])
    const orders = ListActivityResponse.parse(
      await json(await request(owner.token, 'GET', '/api/workspace/activity?action=order.placed')),
    )
    expect(orders.entries.map((entry) => entry.subject)).toEqual([`order:${placed.id}`])
    // What was placed, as each database writes it: 100 followers at $1 per 1,000.
    expect(orders.entries[0]?.detail).toEqual({ service: 'followers', quantity: 100, charge: 0.1 })
    const byMember = ListActivityResponse.parse(
      await json(
        await request(owner.token, 'GET', `/api/workspace/activity?member=${member.userId}&limit=2`),
      ),
    )
    expect(byMember.entries.map((entry) => entry.action)).toEqual(['ai_setting.saved', 'order.cancelled'])
    expect(byMember.next_cursor).not.toBeNull()
    const forbidden = await request(member.token, 'GET', '/api/workspace/activity')
    expect(forbidden.status).toBe(403)
  })
})
