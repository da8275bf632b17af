import { randomBytes } from 'node:crypto'
import {
  AUTHENTICATION_REQUIRED,
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_ALREADY_REGISTERED,
  INVALID_CREDENTIALS,
  INVALID_OR_EXPIRED_TOKEN,
  INVALID_REQUEST_BODY,
  RESET_LINK_SENT,
  RESET_TOKEN_INVALID,
  TOO_MANY_ATTEMPTS,
  formatDateTime,
} from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSmtpMailer } from '../src/adapters/mail'
import { sha256Hex } from '../src/crypto/tokens'
import { passwordResetMailHandler } from '../src/jobs/handlers/password-reset-mail'
import { createWorker } from '../src/jobs/worker'
import { silentLogger } from '../src/logger'
import { authed, createTestApp, signUp, type TestApp, uniqueAddress, uniqueEmail } from './support/app'
import { startFakeSmtpServer } from './support/smtp-server'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const DAY = 24 * 60 * 60 * 1000
const MINUTE = 60 * 1000

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress(), ...headers },
    body: JSON.stringify(body),
  })
}

function me(token: string) {
  return t.app.request('/api/user/me', { headers: authed(token) })
}

/** Runs the queued account mails (password resets), as the server's worker would. */
async function sendQueuedMail(app: TestApp = t): Promise<number> {
  const worker = createWorker({
    db: app.db,
    clock: app.clock,
    handlers: {
      'password-reset-mail': passwordResetMailHandler({
        db: app.db,
        clock: app.clock,
        mailer: app.deps.mailer,
        publicUrl: app.config.publicUrl,
      }),
    },
  })
  return worker.drain()
}

async function latestMailTo(email: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

function resetTokenFrom(body: string): string {
  const match = /\/auth\?token=([A-Za-z0-9_-]+)/.exec(body)
  if (!match?.[1]) throw new Error(`no reset link in: ${body}`)
  return match[1]
}

describe('sign-up', () => {
  it('creates an account and answers a 256-bit token and a session id, storing only hashes', async () => {
    const response = await post('/api/signup', {
      email: '  Jane.Doe@Example.TEST ',
      password: 'a fine password',
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: string; sessionId: string }
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/)

    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    expect(user.email).toBe('jane.doe@example.test')
    expect(user.username).toBe('jane.doe')
    expect(user.role).toBe('customer')
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user.password_hash).not.toContain('a fine password')

    const session = await t.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow()
    expect(session.id).toBe(body.sessionId)
    expect(session.token_hash).toBe(sha256Hex(body.token))
    expect(session.token_hash).not.toContain(body.token)
    expect((await me(body.token)).status).toBe(200)
  })

  it.each([
    [{ password: 'long enough' }, 'email: Email is required'],
    [{ email: '', password: 'long enough' }, 'email: Email is required'],
    [{ email: 'not-an-email', password: 'long enough' }, 'email: Please enter a valid email address'],
    [{ email: 'a@example.test' }, 'password: Password is required'],
    [{ email: 'a@example.test', password: '' }, 'password: Password is required'],
    [{ email: 'a@example.test', password: 'seven77' }, 'password: Password must be at least 8 characters'],
    [
      { email: 'a@example.test', password: 'x'.repeat(129) },
      'password: Password must be at most 128 characters',
    ],
  ])('refuses %j with 422 naming the field', async (body, detail) => {
    const response = await post('/api/signup', body)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail, field: detail.split(':')[0] })
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0)
  })

  it.each([8, 128])('accepts a password of exactly %i characters', async (length) => {
    const password = randomBytes(96).toString('base64url').slice(0, length)
    const response = await post('/api/signup', { email: uniqueEmail(), password })
    expect(response.status).toBe(200)
  })

  it.each([
    ['password', /^password: Password is too easy to guess \(this is a heavily used password\)/],
    ['12345678', /^password: Password is too easy to guess \(this is a heavily used password\)/],
    ['qwertyuiop', /^password: Password is too easy to guess \(this is a frequently used password\)/],
    ['P@ssw0rd1', /^password: Password is too easy to guess/],
    ['mary.jones@example.test', /^password: Password must not contain your email address$/],
    ['mary.jones2026!', /^password: Password must not contain your email address$/],
  ])('refuses the guessable password %j, saying why, and creates nothing', async (password, detail) => {
    const response = await post('/api/signup', { email: 'Mary.Jones@example.test', password })
    expect(response.status).toBe(422)
    const body = (await response.json()) as { detail: string; field: string }
    expect(body.field).toBe('password')
    expect(body.detail).toMatch(detail)
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0)
  })

  it('refuses a second account for the same email, whatever its case', async () => {
    await signUp(t, 'taken@example.test')
    const response = await post('/api/signup', { email: 'TAKEN@example.test', password: 'another password' })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ detail: EMAIL_ALREADY_REGISTERED })
  })

  it('answers malformed JSON with 400 and a body of the wrong shape with 422, never 500', async () => {
    const malformed = await t.app.request('/api/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ detail: expect.stringMatching(/malformed json/i) })

    const array = await post('/api/signup', ['a@example.test', 'password'])
    expect(array.status).toBe(422)
    expect(await array.json()).toMatchObject({ detail: INVALID_REQUEST_BODY })

    const noContentType = await t.app.request('/api/signup', { method: 'POST', body: 'email=a@example.test' })
    expect(noContentType.status).toBe(422)
  })
})

describe('sign-in', () => {
  it('signs in with the right password and opens a new session each time', async () => {
    const user = await signUp(t, 'signin@example.test')
    const response = await post('/api/signin', { email: 'SignIn@example.test ', password: user.password })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: string; sessionId: string }
    expect(body.sessionId).not.toBe(user.sessionId)
    expect(body.token).not.toBe(user.token)
    expect((await me(body.token)).status).toBe(200)
    expect((await me(user.token)).status).toBe(200)
  })

  it('answers a wrong password and an unknown email alike', async () => {
    await signUp(t, 'known@example.test')
    const wrongPassword = await post('/api/signin', {
      email: 'known@example.test',
      password: 'wrong password',
    })
    const unknownEmail = await post('/api/signin', {
      email: 'nobody@example.test',
      password: 'wrong password',
    })
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    expect(await wrongPassword.json()).toEqual({ detail: INVALID_CREDENTIALS })
    expect(await unknownEmail.json()).toEqual({ detail: INVALID_CREDENTIALS })
  })

  it('refuses a disabled account and its open sessions', async () => {
    const user = await signUp(t)
    await t.db
      .updateTable('users')
      .set({ disabled_at: t.clock.now() })
      .where('id', '=', user.userId)
      .execute()
    const response = await post('/api/signin', { email: user.email, password: user.password })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: INVALID_CREDENTIALS })
    const open = await me(user.token)
    expect(open.status).toBe(401)
    expect(await open.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
  })

  it.each([
    [{ email: 'a@example.test' }, 'password: Password is required'],
    [{ password: 'whatever' }, 'email: Email is required'],
  ])('refuses %j with 422 naming the field', async (body, detail) => {
    const response = await post('/api/signin', body)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail })
  })
})

describe('bearer tokens', () => {
  it("answers 401 'Authentication required' without an Authorization header", async () => {
    const response = await t.app.request('/api/user/me')
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer')
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })

  it.each([
    ['a malformed header', 'Basic dXNlcjpwYXNz'],
    ['an unknown token', `Bearer ${'A'.repeat(43)}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 with the invalid-token message for %s', async (_case, header) => {
    const response = await t.app.request('/api/user/me', { headers: { Authorization: header } })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
  })

  it('ends a session left idle for the idle window (14 days)', async () => {
    const user = await signUp(t)
    t.clock.advance(14 * DAY - MINUTE)
    expect((await me(user.token)).status).toBe(200)
    t.clock.advance(14 * DAY - MINUTE)
    expect((await me(user.token)).status).toBe(200)
    t.clock.advance(14 * DAY)
    const expired = await me(user.token)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', user.sessionId).execute()).toEqual(
      [],
    )
  })

  it('ends a session at its absolute lifetime (60 days) however active it is', async () => {
    const user = await signUp(t)
    for (let day = 1; day < 60; day += 1) {
      t.clock.advance(DAY)
      expect((await me(user.token)).status).toBe(200)
    }
    t.clock.advance(DAY)
    expect((await me(user.token)).status).toBe(401)
  })

  it('records the last use at most once a minute', async () => {
    const user = await signUp(t)
    const lastUsed = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('id', '=', user.sessionId)
          .executeTakeFirstOrThrow()
      ).last_used_at
    const created = await lastUsed()
    t.clock.advance(30_000)
    await me(user.token)
    expect(await lastUsed()).toBe(created)
    t.clock.advance(31_000)
    await me(user.token)
    expect(await lastUsed()).toBe(created + 61_000)
  })
})

describe('logout', () => {
  it('ends the current session only', async () => {
    const user = await signUp(t)
    const second = (await (
      await post('/api/signin', { email: user.email, password: user.password })
    ).json()) as {
      token: string
    }
    const response = await t.app.request('/api/logout', { method: 'POST', headers: authed(user.token) })
    expect(response.status).toBe(200)
    expect((await me(user.token)).status).toBe(401)
    expect((await me(second.token)).status).toBe(200)
  })

  it('needs a token', async () => {
    const response = await t.app.request('/api/logout', { method: 'POST' })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})

describe('rate limits', () => {
  it('allows one address 10 sign-ins per account in 15 minutes, then answers 429 with Retry-After', async () => {
    const user = await signUp(t)
    const guesser = { 'X-Forwarded-For': '192.0.2.10' }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await post('/api/signin', { email: user.email, password: 'wrong password' }, guesser)
      expect(response.status).toBe(401)
    }
    const limited = await post('/api/signin', { email: user.email, password: user.password }, guesser)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS })
    expect(Number(limited.headers.get('Retry-After'))).toBe(15 * 60)
    // The guesser locked out only itself: the owner, elsewhere, signs in.
    expect((await post('/api/signin', { email: user.email, password: user.password })).status).toBe(200)

    t.clock.advance(5 * MINUTE)
    const later = await post('/api/signin', { email: user.email, password: user.password }, guesser)
    expect(Number(later.headers.get('Retry-After'))).toBe(10 * 60)

    t.clock.advance(10 * MINUTE)
    expect((await post('/api/signin', { email: user.email, password: user.password }, guesser)).status).toBe(
      200,
    )
  })

  it('keeps a ceiling of 100 sign-ins per account from unknown addresses, which never locks out the owner at home', async () => {
    const user = await signUp(t)
    const home = { 'X-Forwarded-For': '198.51.100.77' }
    expect((await post('/api/signin', { email: user.email, password: user.password }, home)).status).toBe(200)
    // Guessing spread over many addresses, each staying under its own limit; with the owner's first sign-in
    // (from an address not yet trusted) they make the 100 the ceiling allows.
    for (let attempt = 0; attempt < 99; attempt += 1) {
      const response = await post('/api/signin', { email: user.email, password: 'wrong password' })
      expect(response.status).toBe(401)
    }
    const stranger = await post('/api/signin', { email: user.email, password: user.password })
    expect(stranger.status).toBe(429)
    expect(Number(stranger.headers.get('Retry-After'))).toBeGreaterThan(0)
    // The address the owner signed in from before is trusted: the ceiling does not apply to it.
    expect((await post('/api/signin', { email: user.email, password: user.password }, home)).status).toBe(200)
  })

  it('allows 30 sign-ins per address in 15 minutes, whatever the accounts', async () => {
    const address = { 'X-Forwarded-For': '203.0.113.7' }
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await post(
        '/api/signin',
        { email: uniqueEmail(), password: 'wrong password' },
        address,
      )
      expect(response.status).toBe(401)
    }
    const limited = await post('/api/signin', { email: uniqueEmail(), password: 'wrong password' }, address)
    expect(limited.status).toBe(429)
    const elsewhere = await post('/api/signin', { email: uniqueEmail(), password: 'wrong password' })
    expect(elsewhere.status).toBe(401)
  })

  it('limits sign-ups per address', async () => {
    const address = { 'X-Forwarded-For': '198.51.100.4' }
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await post(
        '/api/signup',
        { email: uniqueEmail(), password: 'brand new password' },
        address,
      )
      expect(response.status).toBe(200)
    }
    const limited = await post(
      '/api/signup',
      { email: uniqueEmail(), password: 'brand new password' },
      address,
    )
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS })
  })

  it('limits password-reset requests per account', async () => {
    const user = await signUp(t)
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post('/api/auth/forgot-password', { email: user.email })).status).toBe(200)
    }
    const limited = await post('/api/auth/forgot-password', { email: user.email })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBeTruthy()
  })

  it('forgets attempts once they are out of the window', async () => {
    const user = await signUp(t)
    await post('/api/signin', { email: user.email, password: 'wrong password' })
    const count = async () => (await t.db.selectFrom('auth_attempts').select('id').execute()).length
    expect(await count()).toBeGreaterThan(0)
    t.clock.advance(16 * MINUTE)
    await post('/api/signin', { email: user.email, password: user.password })
    // Only the attempt just made is left (counted per address, per account from that address and per account),
    // with the trust of the address it succeeded from.
    expect(await count()).toBe(4)
  })
})

describe('forgotten password', () => {
  it('answers the same whether or not the email has an account, and mails a link only to an account', async () => {
    const user = await signUp(t, 'forgetful@example.test')
    const known = await post('/api/auth/forgot-password', { email: 'Forgetful@example.test' })
    const unknown = await post('/api/auth/forgot-password', { email: 'stranger@example.test' })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const knownBody = await known.json()
    expect(knownBody).toEqual({ message: RESET_LINK_SENT })
    expect(await unknown.json()).toEqual(knownBody)

    // Both only enqueued their job: the answer did the same work for an account and for a stranger.
    expect(await latestMailTo(user.email)).toBeUndefined()
    const queued = await t.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('kind', '=', 'password-reset-mail')
      .execute()
    expect(queued).toHaveLength(2)
    expect(await t.db.selectFrom('password_resets').select('token_hash').execute()).toEqual([])

    expect(await sendQueuedMail()).toBe(2)
    const mail = await latestMailTo(user.email)
    expect(mail?.body).toContain('http://panel.test/auth?token=')
    expect(await latestMailTo('stranger@example.test')).toBeUndefined()

    const token = resetTokenFrom(mail?.body ?? '')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await t.db.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow()
    expect(stored.token_hash).toBe(sha256Hex(token))
    expect(stored.expires_at - stored.created_at).toBe(60 * MINUTE)
  })

  it('says until when the link works on the clock of the timezone the customer chose', async () => {
    const user = await signUp(t, 'pacific@example.test')
    const profile = await t.app.request('/api/user/profile', {
      method: 'PUT',
      headers: authed(user.token),
      body: JSON.stringify({ timezone: 'PST' }),
    })
    expect(profile.status).toBe(200)
    await post('/api/auth/forgot-password', { email: user.email })
    await sendQueuedMail()
    const until = formatDateTime(t.clock.now() + 60 * MINUTE, 'PST')
    expect(until).toMatch(/ P[SD]T$/)
    expect((await latestMailTo(user.email))?.body).toContain(`within one hour (by ${until}):`)
  })

  it('refuses a missing or invalid email with 422', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'nope' })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail: 'email: Please enter a valid email address' })
  })
})

describe('password reset', () => {
  async function requestReset(email: string) {
    await post('/api/auth/forgot-password', { email })
    await sendQueuedMail()
    return resetTokenFrom((await latestMailTo(email))?.body ?? '')
  }

  it('sets the new password once, ending every open session', async () => {
    const user = await signUp(t)
    const token = await requestReset(user.email)
    const response = await post('/api/auth/reset-password', {
      token,
      password: 'brand new password',
      confirmPassword: 'brand new password',
    })
    expect(response.status).toBe(200)
    expect((await me(user.token)).status).toBe(401)
    expect((await post('/api/signin', { email: user.email, password: user.password })).status).toBe(401)
    expect((await post('/api/signin', { email: user.email, password: 'brand new password' })).status).toBe(
      200,
    )

    const again = await post('/api/auth/reset-password', {
      token,
      password: 'another password',
      confirmPassword: 'another password',
    })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ detail: RESET_TOKEN_INVALID })
  })

  it('refuses a guessable new password and keeps the link usable for a better one', async () => {
    const user = await signUp(t)
    const token = await requestReset(user.email)
    const weak = await post('/api/auth/reset-password', {
      token,
      password: 'qwertyuiop',
      confirmPassword: 'qwertyuiop',
    })
    expect(weak.status).toBe(422)
    expect(await weak.json()).toMatchObject({ field: 'password' })
    const strong = await post('/api/auth/reset-password', {
      token,
      password: 'brand new password',
      confirmPassword: 'brand new password',
    })
    expect(strong.status).toBe(200)
  })

  it('refuses a token older than one hour', async () => {
    const user = await signUp(t)
    const token = await requestReset(user.email)
    t.clock.advance(60 * MINUTE)
    const response = await post('/api/auth/reset-password', {
      token,
      password: 'brand new password',
      confirmPassword: 'brand new password',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: RESET_TOKEN_INVALID })
    expect((await post('/api/signin', { email: user.email, password: user.password })).status).toBe(200)
  })

  it('refuses an unknown token', async () => {
    const response = await post('/api/auth/reset-password', {
      token: 'made-up-token',
      password: 'brand new password',
      confirmPassword: 'brand new password',
    })
    expect(response.status).toBe(400)
  })

  it.each([
    [
      { password: 'brand new password', confirmPassword: 'brand new password' },
      'token: Reset token is required',
    ],
    [
      { token: 'x', password: 'short', confirmPassword: 'short' },
      'password: Password must be at least 8 characters',
    ],
    [
      { token: 'x', password: 'brand new password', confirmPassword: 'different password' },
      'confirmPassword: Passwords do not match',
    ],
    [{ token: 'x', password: 'brand new password' }, 'confirmPassword: Password is required'],
  ])('refuses %j with 422 naming the field', async (body, detail) => {
    const response = await post('/api/auth/reset-password', body)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail })
  })

  it('leaves the token usable after a refused (mismatched) attempt', async () => {
    const user = await signUp(t)
    const token = await requestReset(user.email)
    await post('/api/auth/reset-password', {
      token,
      password: 'brand new password',
      confirmPassword: 'other one!',
    })
    const response = await post('/api/auth/reset-password', {
      token,
      password: 'brand new password',
      confirmPassword: 'brand new password',
    })
    expect(response.status).toBe(200)
  })
})

describe('password change', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const user = await signUp(t)
    const other = (await (
      await post('/api/signin', { email: user.email, password: user.password })
    ).json()) as {
      token: string
    }
    const response = await post(
      '/api/auth/change-password',
      {
        currentPassword: user.password,
        newPassword: 'a changed password',
        confirmPassword: 'a changed password',
      },
      authed(user.token),
    )
    expect(response.status).toBe(200)
    expect((await me(user.token)).status).toBe(200)
    expect((await me(other.token)).status).toBe(401)
    expect((await post('/api/signin', { email: user.email, password: 'a changed password' })).status).toBe(
      200,
    )
    expect((await post('/api/signin', { email: user.email, password: user.password })).status).toBe(401)
  })

  it('refuses a new password that contains the email address, beside the field', async () => {
    const user = await signUp(t)
    const newPassword = `${user.email} again`
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword, confirmPassword: newPassword },
      authed(user.token),
    )
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      detail: 'newPassword: Password must not contain your email address',
      field: 'newPassword',
    })
  })

  it('refuses a wrong current password', async () => {
    const user = await signUp(t)
    const response = await post(
      '/api/auth/change-password',
      {
        currentPassword: 'not my password',
        newPassword: 'a changed password',
        confirmPassword: 'a changed password',
      },
      authed(user.token),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: CURRENT_PASSWORD_INCORRECT, field: 'currentPassword' })
  })

  it.each([
    [
      { newPassword: 'a changed password', confirmPassword: 'a changed password' },
      'currentPassword: Current password is required',
    ],
    [
      { currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
      'newPassword: Password must be at least 8 characters',
    ],
    [
      { currentPassword: 'x', newPassword: 'a changed password', confirmPassword: 'a changed passworD' },
      'confirmPassword: Passwords do not match',
    ],
  ])('refuses %j with 422 naming the field', async (body, detail) => {
    const user = await signUp(t)
    const response = await post('/api/auth/change-password', body, authed(user.token))
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail })
  })

  it('needs a token', async () => {
    const response = await post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'a changed password',
      confirmPassword: 'a changed password',
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})

describe('reset mail over SMTP', () => {
  it('sends the reset link through SMTP_URL and keeps no copy in the outbox', async () => {
    const smtp = await startFakeSmtpServer()
    const smtpMailer = createSmtpMailer(smtp.url, 'Engage Panel <no-reply@panel.test>', silentLogger)
    const withSmtp = await createTestApp({ mailer: smtpMailer })
    try {
      const user = await signUp(withSmtp, 'smtp.user@example.test')
      const response = await withSmtp.app.request('/api/auth/forgot-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
        body: JSON.stringify({ email: user.email }),
      })
      expect(response.status).toBe(200)
      await sendQueuedMail(withSmtp)
      const mail = await smtp.nextMail()
      expect(mail.from).toBe('no-reply@panel.test')
      expect(mail.to).toEqual(['smtp.user@example.test'])
      expect(mail.data).toContain('Subject: Reset your Engage Panel password')
      // nodemailer sends long lines quoted-printable: undo soft line breaks and =XX escapes.
      const body = mail.data
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      const token = resetTokenFrom(body)
      const stored = await withSmtp.db
        .selectFrom('password_resets')
        .select('token_hash')
        .executeTakeFirstOrThrow()
      expect(stored.token_hash).toBe(sha256Hex(token))
      expect(await withSmtp.db.selectFrom('mail_outbox').select('id').execute()).toEqual([])
    } finally {
      smtpMailer.close()
      await withSmtp.close()
      await smtp.close()
    }
  })
})
