import { createHash } from 'node:crypto'
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_NAME_REQUIRED,
  API_KEY_NAME_TOO_LONG,
  API_KEY_NOT_FOUND,
  AUTHENTICATION_REQUIRED,
  CreateApiKeyResponse,
  ListApiKeysResponse,
  RevokeApiKeyResponse,
} from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type TestApp } from './support/app'

// GET/POST /api/user/api-keys and DELETE /api/user/api-keys/{id}: the settings page's API tab. What the keys
// do on POST /api/v2 is in v2.test.ts, against the running server.

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

function createKey(token: string, body: unknown) {
  return t.app.request('/api/user/api-keys', {
    method: 'POST',
    headers: authed(token),
    body: JSON.stringify(body),
  })
}

async function createdKey(token: string, name: string) {
  const response = await createKey(token, { name })
  expect(response.status).toBe(201)
  return CreateApiKeyResponse.parse(await response.json())
}

async function listKeys(token: string) {
  const response = await t.app.request('/api/user/api-keys', { headers: authed(token) })
  expect(response.status).toBe(200)
  return ListApiKeysResponse.parse(await response.json())
}

function revokeKey(token: string, id: string) {
  return t.app.request(`/api/user/api-keys/${id}`, { method: 'DELETE', headers: authed(token) })
}

describe('creating a key', () => {
  it('answers the whole key once: ep_ and 256 random bits in base64url, with its name and prefix', async () => {
    const user = await signUp(t)
    const response = await createKey(user.token, { name: '  Reseller panel  ' })
    expect(response.status).toBe(201)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const created = CreateApiKeyResponse.parse(await response.json())
    expect(created.key).toMatch(/^ep_[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(created.key.slice(3), 'base64url')).toHaveLength(32)
    expect(created).toMatchObject({
      name: 'Reseller panel',
      prefix: created.key.slice(0, 10),
      created_at: new Date(t.clock.now()).toISOString(),
      last_used_at: null,
      revoked_at: null,
    })
  })

  it('never gives the same key twice', async () => {
    const user = await signUp(t)
    const keys = new Set<string>()
    for (let index = 0; index < 10; index += 1) keys.add((await createdKey(user.token, `Key ${index}`)).key)
    expect(keys.size).toBe(10)
  })

  it('stores only the SHA-256 of the key: no column of the table holds the key', async () => {
    const user = await signUp(t)
    const { key, id } = await createdKey(user.token, 'Stored hashed')
    const rows = await t.db.selectFrom('api_keys').selectAll().execute()
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(String(row?.id)).toBe(id)
    expect(row?.key_hash).toBe(createHash('sha256').update(key).digest('hex'))
    for (const value of Object.values(row ?? {})) expect(String(value)).not.toContain(key.slice(10))
  })

  it.each([
    ['no name', {}, API_KEY_NAME_REQUIRED],
    ['a blank name', { name: '   ' }, API_KEY_NAME_REQUIRED],
    ['a name that is not text', { name: 42 }, API_KEY_NAME_REQUIRED],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, API_KEY_NAME_TOO_LONG],
  ])('refuses %s with its message by the field', async (_case, body, message) => {
    const user = await signUp(t)
    const response = await createKey(user.token, body)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail: `name: ${message}`, field: 'name' })
    expect(await listKeys(user.token)).toEqual([])
  })

  it('allows 20 active keys, and another once one is revoked', async () => {
    const user = await signUp(t)
    let first = ''
    for (let index = 0; index < 20; index += 1) {
      const created = await createdKey(user.token, `Key ${index}`)
      if (index === 0) first = created.id
    }
    const refused = await createKey(user.token, { name: 'One too many' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ detail: API_KEY_LIMIT_REACHED })
    expect((await revokeKey(user.token, first)).status).toBe(200)
    expect((await createKey(user.token, { name: 'In its place' })).status).toBe(201)
  })
})

describe('listing keys', () => {
  it("lists the customer's own keys, newest first, by name and prefix without the key", async () => {
    const user = await signUp(t)
    const other = await signUp(t)
    const older = await createdKey(user.token, 'Older')
    t.clock.advance(60_000)
    const newer = await createdKey(user.token, 'Newer')
    await createdKey(other.token, 'Not yours')
    const listed = await listKeys(user.token)
    expect(listed.map((key) => key.name)).toEqual(['Newer', 'Older'])
    expect(listed[0]).toEqual({
      id: newer.id,
      name: 'Newer',
      prefix: newer.prefix,
      created_at: newer.created_at,
      last_used_at: null,
      revoked_at: null,
    })
    expect(JSON.stringify(listed)).not.toContain(older.key)
    expect(JSON.stringify(listed)).not.toContain(newer.key)
  })

  it('asks for a signed-in customer on every key call', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/api-keys'],
      ['POST', '/api/user/api-keys'],
      ['DELETE', '/api/user/api-keys/1'],
    ] as const) {
      const response = await t.app.request(path, { method })
      expect(response.status, `${method} ${path}`).toBe(401)
      expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
    }
  })
})

describe('revoking a key', () => {
  it('marks it revoked at once and keeps it in the list; revoking again changes nothing', async () => {
    const user = await signUp(t)
    const created = await createdKey(user.token, 'To revoke')
    t.clock.advance(5_000)
    const response = await revokeKey(user.token, created.id)
    expect(response.status).toBe(200)
    const revoked = RevokeApiKeyResponse.parse(await response.json())
    expect(revoked.revoked_at).toBe(new Date(t.clock.now()).toISOString())
    t.clock.advance(5_000)
    const again = RevokeApiKeyResponse.parse(await (await revokeKey(user.token, created.id)).json())
    expect(again.revoked_at).toBe(revoked.revoked_at)
    expect((await listKeys(user.token))[0]?.revoked_at).toBe(revoked.revoked_at)
  })

  it("answers another customer's key, a missing one and a malformed id as not found", async () => {
    const user = await signUp(t)
    const other = await signUp(t)
    const theirs = await createdKey(other.token, 'Theirs')
    for (const id of [theirs.id, '999999', 'abc', '0']) {
      const response = await revokeKey(user.token, id)
      expect(response.status, id).toBe(404)
      expect(await response.json()).toEqual({ detail: API_KEY_NOT_FOUND })
    }
    expect((await listKeys(other.token))[0]?.revoked_at).toBeNull()
  })
})
