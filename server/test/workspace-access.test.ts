import { randomBytes } from 'node:crypto'
import {
  type EndpointDefinition,
  WORKSPACE_FORBIDDEN,
  WORKSPACE_ROLES,
  type WorkspaceRole,
  workspaceRoleAllows,
} from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccount } from '../src/domain/accounts'
import { createSession } from '../src/domain/sessions'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp, uniqueEmail } from './support/app'
import { addService, uniqueLink } from './support/services'

// The access matrix of workspaces, read from the registry: every signed-in customer call declares the least
// workspace role it needs, and every role is let through or refused as declared. A call added later without a
// declaration fails here. Then the other side: a member of one workspace, whatever their role, reaches none of
// another workspace's objects by their ids, and finds none of them in its lists.

let t: TestApp
let ownerA: SignedUp
let ownerB: SignedUp
let workspaceA: number
let foreign: Record<string, string>
/** Texts only workspace B's objects hold: its links, its owner's e-mail, its AI setting, key and invitation. */
let markers: string[]

const entries = Object.entries(endpoints) as [string, EndpointDefinition][]
const signedInCalls = entries.filter(([, entry]) => entry.auth)
const workspaceCalls = signedInCalls.filter(([, entry]) => entry.workspaceRole !== 'person')

async function workspaceOf(accountId: number): Promise<number> {
  const row = await t.db
    .selectFrom('workspaces')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** A new person who is `role` in the workspace, with a session acting in it; no argon2, so it is quick. */
async function memberOf(workspaceId: number, role: WorkspaceRole): Promise<string> {
  return (await newMember(workspaceId, role)).token
}

async function newMember(
  workspaceId: number,
  role: WorkspaceRole,
): Promise<{ token: string; userId: number }> {
  const now = t.clock.now()
  const userId = await createAccount(t.db, { email: uniqueEmail(role), passwordHash: null, now })
  await t.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: userId, role, monthly_limit: null, created_at: now })
    .execute()
  const session = await createSession(t.db, userId, now, { idleMs: 3_600_000, absoluteMs: 86_400_000 })
  await t.db
    .updateTable('sessions')
    .set({ workspace_id: workspaceId })
    .where('id', '=', session.sessionId)
    .execute()
  return { token: session.token, userId }
}

/** The registry's path with each parameter filled by `values` (or a value that names nothing). */
function pathOf(entry: EndpointDefinition, values: Record<string, string> = {}): string {
  return entry.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name]
    if (name === 'provider') return 'sandbox'
    if (name === 'token') return randomBytes(24).toString('base64url')
    return '999999'
  })
}

function call(entry: EndpointDefinition, token: string, values: Record<string, string> = {}) {
  return t.app.request(pathOf(entry, values), {
    method: entry.method,
    headers: authed(token),
    ...(entry.method === 'GET' ? {} : { body: '{}' }),
  })
}

beforeAll(async () => {
  t = await createTestApp()
  await addService(t.db, 'followers', 1_000_000)
  ownerA = await signUp(t)
  ownerB = await signUp(t)
  workspaceA = await workspaceOf(ownerA.userId)
  await fund(t.db, ownerA.userId, 50)
  await fund(t.db, ownerB.userId, 50)

  // Workspace B's objects, made through the API by its owner.
  const asB = (path: string, method: string, body?: unknown) =>
    t.app.request(path, { method, headers: authed(ownerB.token), body: body ? JSON.stringify(body) : null })
  const orderLink = uniqueLink()
  const subscriptionLink = uniqueLink()
  const settingId = `b-setting-${randomBytes(4).toString('hex')}`
  const invitedEmail = uniqueEmail('invited')
  const order = (await (
    await asB('/api/orders/create', 'POST', {
      service_type: 'followers',
      target_url: orderLink,
      quantity: 100,
    })
  ).json()) as { id: string }
  const start = t.clock.now()
  const subscription = (await (
    await asB('/api/orders/subscription', 'POST', {
      plan: 'Growth',
      renewalPeriod: 'daily',
      actionType: 'followers',
      quantityPerPeriod: 100,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
      url: subscriptionLink,
      aiSettings: [],
    })
  ).json()) as { subscription: { id: string } }
  const saved = await asB('/api/user/ai-settings', 'PUT', [
    {
      id: settingId,
      name: 'B setting',
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
  ])
  expect(saved.status).toBe(200)
  const key = (await (await asB('/api/user/api-keys', 'POST', { name: 'B key' })).json()) as { id: string }
  const invitation = (await (
    await asB('/api/workspace/invitations', 'POST', { email: invitedEmail, role: 'member' })
  ).json()) as { id: string }
  markers = [orderLink, subscriptionLink, ownerB.email, settingId, 'B key', invitedEmail]
  foreign = {
    cancelOrder: order.id,
    retryOrder: order.id,
    requestRefill: order.id,
    cancelSubscription: subscription.subscription.id,
    deleteAiSetting: settingId,
    revokeApiKey: key.id,
    updateMember: String(ownerB.userId),
    removeMember: String(ownerB.userId),
    revokeInvitation: invitation.id,
  }
  for (const id of Object.values(foreign)) expect(id).toMatch(/\S/)
})
afterAll(() => t.close())

describe('the workspace role of every signed-in customer call', () => {
  it('is declared in the registry', () => {
    const undeclared = signedInCalls
      .filter(([, entry]) => entry.workspaceRole === undefined)
      .map(([name]) => name)
    expect(undeclared).toEqual([])
  })

  const matrix = workspaceCalls.flatMap(([name, entry]) =>
    WORKSPACE_ROLES.map((role) => ({ name, entry, role, required: entry.workspaceRole as WorkspaceRole })),
  )
  it.each(matrix)(
    '$name lets a $role through only when $required allows it',
    async ({ entry, role, required }) => {
      const token = await memberOf(workspaceA, role)
      const response = await call(entry, token)
      if (workspaceRoleAllows(role, required)) {
        expect([401, 403]).not.toContain(response.status)
        expect(response.status).toBeLessThan(500)
      } else {
        expect(response.status).toBe(403)
        expect(await response.json()).toEqual({ detail: WORKSPACE_FORBIDDEN })
      }
    },
  )

  it('refuses a person who is no member of the workspace their session acts in', async () => {
    const { token, userId } = await newMember(workspaceA, 'owner')
    await t.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceA)
      .where('user_id', '=', userId)
      .execute()
    const response = await t.app.request('/api/orders/get', { headers: authed(token) })
    expect(response.status).toBe(403)
  })
})

describe("another workspace's objects", () => {
  const byId = workspaceCalls.filter(([, entry]) => /\{id\}/.test(entry.path))

  it('has an object of workspace B for every call that names one by id', () => {
    expect(byId.map(([name]) => name).filter((name) => foreign[name] === undefined)).toEqual([])
  })

  const matrix = byId.flatMap(([name, entry]) => WORKSPACE_ROLES.map((role) => ({ name, entry, role })))
  it.each(matrix)('$name answers 404 to a $role of workspace A', async ({ name, entry, role }) => {
    if (!workspaceRoleAllows(role, entry.workspaceRole as WorkspaceRole)) return
    const token = await memberOf(workspaceA, role)
    const response = await t.app.request(pathOf(entry, { id: foreign[name]! }), {
      method: entry.method,
      headers: authed(token),
      // A body each call accepts, so what answers is the lookup and not the validation.
      ...(entry.method === 'GET'
        ? {}
        : { body: JSON.stringify(name === 'updateMember' ? { role: 'viewer' } : {}) }),
    })
    expect(response.status).toBe(404)
  })

  it.each([
    '/api/orders/get',
    '/api/orders/subscriptions',
    '/api/wallet/transactions',
    '/api/user/api-keys',
    '/api/workspace/members',
    '/api/workspace/invitations',
    '/api/workspace/activity',
    '/api/user/me',
  ])('%s holds nothing of workspace B for its owner in workspace A', async (path) => {
    const token = await memberOf(workspaceA, 'owner')
    const response = await t.app.request(path, { headers: authed(token) })
    expect(response.status).toBe(200)
    const text = await response.text()
    for (const marker of markers) expect(text).not.toContain(marker)
  })

  it('leaves workspace B as it was', async () => {
    const orders = await t.db
      .selectFrom('orders')
      .select('status')
      .where('user_id', '=', ownerB.userId)
      .execute()
    expect(orders.every((order) => order.status !== 'cancelled')).toBe(true)
    const members = await t.db
      .selectFrom('workspace_members')
      .select('role')
      .where('user_id', '=', ownerB.userId)
      .execute()
    expect(members).toEqual([{ role: 'owner' }])
  })
})
