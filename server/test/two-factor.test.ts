import {
  AuthResponse,
  CURRENT_PASSWORD_INCORRECT,
  RecoveryCodesResponse,
  TOO_MANY_ATTEMPTS,
  TWO_FACTOR_ALREADY_ENABLED,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_SETUP_REQUIRED,
  TwoFactorChallengeResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@engage/contract'
import { Secret, TOTP } from 'otpauth'
import { afterEach, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type SignedUp, type TestApp, uniqueAddress } from './support/app'

// Two-factor sign-in: the set-up from Settings, the code step after the password, recovery codes, turning it
// off, and the console closed to operators without it. Codes are computed here from the secret the set-up
// answered, at the test clock's time.

let t: TestApp
afterEach(() => t.close())

function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp })
}

function post(path: string, body: unknown, headers: Record<string, string>) {
  return t.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) })
}

function json(headers: Record<string, string> = {}): Record<string, string> {
  return { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress(), ...headers }
}

async function status(token: string) {
  const response = await t.app.request('/api/user/two-factor', { headers: authed(token) })
  expect(response.status).toBe(200)
  return TwoFactorStatus.parse(await response.json())
}

/** Turns two-factor sign-in on for `user`; answers its secret and recovery codes. */
async function enrol(user: SignedUp) {
  const setup = await post('/api/user/two-factor/setup', {}, authed(user.token))
  expect(setup.status).toBe(200)
  const { secret } = TwoFactorSetupResponse.parse(await setup.json())
  const confirm = await post(
    '/api/user/two-factor/confirm',
    { code: codeAt(secret, t.clock.now()) },
    authed(user.token),
  )
  expect(confirm.status).toBe(200)
  const { recoveryCodes } = RecoveryCodesResponse.parse(await confirm.json())
  return { secret, recoveryCodes }
}

async function passwordStep(user: SignedUp, headers = json()) {
  const response = await post('/api/signin', { email: user.email, password: user.password }, headers)
  expect(response.status).toBe(200)
  return TwoFactorChallengeResponse.parse(await response.json()).challenge
}

function codeStep(challenge: string, code: string, headers = json()) {
  return post('/api/signin/two-factor', { challenge, code }, headers)
}

describe('setting two-factor sign-in up', () => {
  it('shows a secret, its otpauth:// address and QR code, and turns on only with a code of that secret', async () => {
    t = await createTestApp()
    const user = await signUp(t)
    expect(await status(user.token)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    })
    const setup = await post('/api/user/two-factor/setup', {}, authed(user.token))
    expect(setup.headers.get('Cache-Control')).toBe('no-store')
    const { secret, uri, qrSvg } = TwoFactorSetupResponse.parse(await setup.json())
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toContain(`secret=${secret}`)
    expect(uri).toContain('issuer=Engage%20Panel')
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)

    // The secret is stored encrypted, never as it was shown.
    const row = await t.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.secret.startsWith('v1:')).toBe(true)
    expect(row.secret).not.toContain(secret)

    const wrong = await post('/api/user/two-factor/confirm', { code: '000000' }, authed(user.token))
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ detail: TWO_FACTOR_CODE_INVALID })
    expect((await status(user.token)).enabled).toBe(false)

    const confirm = await post(
      '/api/user/two-factor/confirm',
      { code: codeAt(secret, t.clock.now()) },
      authed(user.token),
    )
    expect(confirm.status).toBe(200)
    const { recoveryCodes } = RecoveryCodesResponse.parse(await confirm.json())
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const hashes = await t.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute()
    expect(hashes).toHaveLength(10)
    for (const { code_hash } of hashes) expect(recoveryCodes.join()).not.toContain(code_hash)

    const after = await status(user.token)
    expect(after).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      enabledAt: new Date(t.clock.now()).toISOString(),
    })
    expect(JSON.stringify(after)).not.toContain(secret)
    // Once on, the secret is never answered again.
    const again = await post('/api/user/two-factor/setup', {}, authed(user.token))
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ detail: TWO_FACTOR_ALREADY_ENABLED })
  })
})

describe('signing in with two-factor sign-in on', () => {
  it('asks for a code after the password, and takes each authenticator code once', async () => {
    t = await createTestApp()
    const user = await signUp(t)
    const { secret } = await enrol(user)
    t.clock.advance(30_000)

    const challenge = await passwordStep(user)
    const refused = await codeStep(challenge, '123456')
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ detail: TWO_FACTOR_CODE_INVALID })

    const code = codeAt(secret, t.clock.now())
    const accepted = await codeStep(challenge, code)
    expect(accepted.status).toBe(200)
    const session = AuthResponse.parse(await accepted.json())
    expect((await t.app.request('/api/user/me', { headers: authed(session.token) })).status).toBe(200)

    // The challenge is spent, and the same code is refused on a new one (replay inside its window).
    expect((await codeStep(challenge, code)).status).toBe(401)
    const replay = await codeStep(await passwordStep(user), code)
    expect(replay.status).toBe(401)
    expect(await replay.json()).toMatchObject({ detail: TWO_FACTOR_CODE_INVALID })
    // A code one step old (the phone's clock a little behind) is still taken once the next step began.
    t.clock.advance(30_000)
    expect((await codeStep(await passwordStep(user), codeAt(secret, t.clock.now()))).status).toBe(200)
  })

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    t = await createTestApp()
    const user = await signUp(t)
    const { recoveryCodes } = await enrol(user)
    const [first = '', second = ''] = recoveryCodes
    expect((await codeStep(await passwordStep(user), first)).status).toBe(200)
    expect((await codeStep(await passwordStep(user), first)).status).toBe(401)
    expect(
      (await codeStep(await passwordStep(user), ` ${second.replace('-', '').toUpperCase()} `)).status,
    ).toBe(200)
    const session = AuthResponse.parse(
      await (await codeStep(await passwordStep(user), recoveryCodes[2] ?? '')).json(),
    )
    expect((await status(session.token)).recoveryCodesLeft).toBe(7)
  })

  it('ends a challenge after five wrong codes or five minutes', async () => {
    t = await createTestApp()
    const user = await signUp(t)
    const { secret } = await enrol(user)
    t.clock.advance(60_000)
    const challenge = await passwordStep(user)
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await codeStep(challenge, '000000')).status).toBe(401)
    const late = await codeStep(challenge, codeAt(secret, t.clock.now()))
    expect(late.status).toBe(401)
    expect(await late.json()).toMatchObject({ detail: TWO_FACTOR_CHALLENGE_EXPIRED })

    const slow = await passwordStep(user)
    t.clock.advance(5 * 60_000)
    const expired = await codeStep(slow, codeAt(secret, t.clock.now()))
    expect(await expired.json()).toMatchObject({ detail: TWO_FACTOR_CHALLENGE_EXPIRED })
  })

  it('limits codes per account across challenges and addresses', async () => {
    t = await createTestApp({
      config: { authRateLimit: { windowMs: 15 * 60_000, perAccount: 3, perIp: 100, accountCeiling: 100 } },
    })
    const user = await signUp(t)
    const { secret } = await enrol(user)
    t.clock.advance(60_000)
    // The set-up's confirmation was the first of the three codes the account may send.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await codeStep(await passwordStep(user), '000000')).status).toBe(401)
    }
    const limited = await codeStep(await passwordStep(user), codeAt(secret, t.clock.now()))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS })
  })
})

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code; then the password alone signs in again', async () => {
    t = await createTestApp()
    const user = await signUp(t)
    const { secret } = await enrol(user)
    t.clock.advance(30_000)
    const code = codeAt(secret, t.clock.now())
    const wrongPassword = await post(
      '/api/user/two-factor/disable',
      { password: 'not the password', code },
      authed(user.token),
    )
    expect(wrongPassword.status).toBe(400)
    expect(await wrongPassword.json()).toMatchObject({ detail: CURRENT_PASSWORD_INCORRECT })
    const wrongCode = await post(
      '/api/user/two-factor/disable',
      { password: user.password, code: '000000' },
      authed(user.token),
    )
    expect(wrongCode.status).toBe(422)
    expect((await status(user.token)).enabled).toBe(true)
    const off = await post(
      '/api/user/two-factor/disable',
      { password: user.password, code },
      authed(user.token),
    )
    expect(off.status).toBe(200)
    expect(await status(user.token)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 })
    const signin = await post('/api/signin', { email: user.email, password: user.password }, json())
    AuthResponse.parse(await signin.json())
    expect(
      await t.db
        .selectFrom('two_factor_recovery_codes')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual([])
  })
})

describe('operators', () => {
  it('find the console closed until two-factor sign-in is on when OPERATOR_2FA is on', async () => {
    t = await createTestApp({ config: { operatorTwoFactor: true } })
    const operator = await signUp(t)
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', operator.userId).execute()
    const closed = await t.app.request('/api/admin/me', { headers: authed(operator.token) })
    expect(closed.status).toBe(403)
    expect(await closed.json()).toEqual({ detail: TWO_FACTOR_SETUP_REQUIRED })
    expect((await status(operator.token)).required).toBe(true)
    const { secret } = await enrol(operator)
    expect((await t.app.request('/api/admin/me', { headers: authed(operator.token) })).status).toBe(200)
    // Turned off again, the console closes at once: nothing about it is cached.
    t.clock.advance(30_000)
    const code = codeAt(secret, t.clock.now())
    const off = await post(
      '/api/user/two-factor/disable',
      { password: operator.password, code },
      authed(operator.token),
    )
    expect(off.status).toBe(200)
    expect((await t.app.request('/api/admin/me', { headers: authed(operator.token) })).status).toBe(403)
  })

  it('a customer is not asked to set it up', async () => {
    t = await createTestApp({ config: { operatorTwoFactor: true } })
    const customer = await signUp(t)
    expect((await status(customer.token)).required).toBe(false)
    expect((await t.app.request('/api/user/me', { headers: authed(customer.token) })).status).toBe(200)
  })
})
