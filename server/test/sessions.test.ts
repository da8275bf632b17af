import {
  INVALID_OR_EXPIRED_TOKEN,
  ListSessionsResponse,
  OTHER_SESSIONS_REVOKED,
  SESSION_NOT_FOUND,
} from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'

// The account's sessions in Settings: each with the browser and address it was signed in from, this one
// marked, and signing out one or all of the others, which takes effect on their very next request.

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

async function signIn(user: SignedUp, userAgent: string, address: string) {
  const response = await t.app.request('/api/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent, 'X-Forwarded-For': address },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { token: string; sessionId: string }
}

async function sessions(token: string) {
  const response = await t.app.request('/api/user/sessions', { headers: authed(token) })
  expect(response.status).toBe(200)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return ListSessionsResponse.parse(await response.json())
}

function me(token: string) {
  return t.app.request('/api/user/me', { headers: authed(token) })
}

describe('the session list', () => {
  it('lists each session with its browser, address and times, this one first', async () => {
    const user = await signUp(t)
    t.clock.advance(5 * 60_000)
    const phone = await signIn(user, 'Mozilla/5.0 (iPhone) Mobile Safari', '203.0.113.7')
    t.clock.advance(5 * 60_000)
    const laptop = await signIn(user, 'Mozilla/5.0 (X11; Linux) Firefox/140.0', '198.51.100.20')
    const other = await signUp(t)

    const list = await sessions(phone.token)
    expect(list.map((session) => session.id)).toEqual([phone.sessionId, laptop.sessionId, user.sessionId])
    expect(list[0]).toEqual({
      id: phone.sessionId,
      userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari',
      ipAddress: '203.0.113.7',
      createdAt: new Date(Date.UTC(2026, 10, 21, 9, 5)).toISOString(),
      // This very request is the session's latest.
      lastSeenAt: new Date(Date.UTC(2026, 10, 21, 9, 10)).toISOString(),
      current: true,
    })
    expect(list.filter((session) => session.current)).toHaveLength(1)
    expect(list.some((session) => session.id === other.sessionId)).toBe(false)
  })

  it('signs one session out at once, and refuses to touch another account’s', async () => {
    const user = await signUp(t)
    const second = await signIn(user, 'Second browser', '203.0.113.8')
    const stranger = await signUp(t)
    expect((await me(second.token)).status).toBe(200)

    const foreign = await t.app.request(`/api/user/sessions/${stranger.sessionId}`, {
      method: 'DELETE',
      headers: authed(user.token),
    })
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toEqual({ detail: SESSION_NOT_FOUND })
    expect((await me(stranger.token)).status).toBe(200)

    const revoked = await t.app.request(`/api/user/sessions/${second.sessionId}`, {
      method: 'DELETE',
      headers: authed(user.token),
    })
    expect(revoked.status).toBe(200)
    // No clock moved: the very next request of the revoked session is refused.
    const after = await me(second.token)
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
    expect((await sessions(user.token)).map((session) => session.id)).toEqual([user.sessionId])
  })

  it('signs out everywhere else and keeps this session', async () => {
    const user = await signUp(t)
    const others = [await signIn(user, 'A', '203.0.113.9'), await signIn(user, 'B', '203.0.113.10')]
    const stranger = await signUp(t)
    const response = await t.app.request('/api/user/sessions/revoke-others', {
      method: 'POST',
      headers: authed(user.token),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: OTHER_SESSIONS_REVOKED })
    for (const other of others) expect((await me(other.token)).status).toBe(401)
    expect((await me(user.token)).status).toBe(200)
    expect((await me(stranger.token)).status).toBe(200)
    expect(await sessions(user.token)).toHaveLength(1)
  })
})
