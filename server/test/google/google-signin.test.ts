import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  AuthResponse,
  GOOGLE_ACCOUNT_DISABLED,
  GOOGLE_ACCOUNT_LINKED_ELSEWHERE,
  GOOGLE_CANCELLED,
  GOOGLE_CODE_REJECTED,
  GOOGLE_EMAIL_NOT_VERIFIED,
  GOOGLE_NOT_CONFIGURED,
  GOOGLE_REQUEST_EXPIRED,
  GOOGLE_TOKEN_INVALID,
  GOOGLE_UNAVAILABLE,
  GooglePopupMessage,
  MeResponse,
  TOO_MANY_ATTEMPTS,
  TwoFactorSetupResponse,
} from '@engage/contract'
import { Secret, TOTP } from 'otpauth'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../src/app'
import { type Config, GOOGLE_CALLBACK_PATH, loadConfig } from '../../src/config'
import { GOOGLE_SIGNIN_TTL_MS } from '../../src/domain/google'
import { authed, createTestApp, signUp, type TestApp, uniqueAddress, uniqueEmail } from '../support/app'
import {
  type FakeGoogleFailure,
  FakeGoogleIssuer,
  type FakeGoogleIssuerOptions,
  subForEmail,
} from './fakeGoogleIssuer'
import { cspHash, PopupBrowser, runPopupScript } from './popupBrowser'

// The whole Google popup over real HTTP: the app served on a port of its own (PUBLIC_URL is that address), the
// fake issuer on another, and a test "browser" that keeps cookies and follows redirects by hand. What the
// popup page posts to its opener is read by running the page's own script.

interface Panel {
  t: TestApp
  fake: FakeGoogleIssuer
  /** PUBLIC_URL: the origin of the panel and the API. */
  url: string
  close(): Promise<void>
}

async function startPanel(
  fakeOptions: FakeGoogleIssuerOptions = {},
  google: (fake: FakeGoogleIssuer, url: string) => Partial<Config['google']> = () => ({}),
): Promise<Panel> {
  // The app needs its own URL in its configuration, and the URL exists once the server listens: the server
  // starts first and hands requests to the app made right after.
  const started: { t?: TestApp } = {}
  const server = serve({
    fetch: (request, env) => {
      if (!started.t) return new Response('starting', { status: 503 })
      return started.t.app.fetch(request, env)
    },
    hostname: '127.0.0.1',
    port: 0,
  })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The fake issues its codes and tokens on the system clock, which the OpenID Connect library judges exp and
  // iat by; the app's test clock judges the sign-in state's expiry.
  const fake = await FakeGoogleIssuer.start({ autoApprove: true, ...fakeOptions })
  const t = await createTestApp({
    config: {
      publicUrl: url,
      google: {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        issuer: fake.url,
        redirectUrl: `${url}${GOOGLE_CALLBACK_PATH}`,
        ...google(fake, url),
      },
    },
  })
  started.t = t
  return {
    t,
    fake,
    url,
    close: async () => {
      await fake.close()
      if (server instanceof http.Server) server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await t.close()
    },
  }
}

interface PopupResult {
  status: number
  html: string
  headers: Headers
  message: GooglePopupMessage
  targetOrigin: unknown
  closed: boolean
  script: string
}

/** The popup page's answer, its script run against an opener: what it posted, and where. */
async function readPopupPage(response: Response): Promise<PopupResult> {
  const html = await response.text()
  expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
  const outcome = runPopupScript(html)
  expect(outcome.posts).toHaveLength(1)
  const [post] = outcome.posts
  return {
    status: response.status,
    html,
    headers: response.headers,
    message: GooglePopupMessage.parse(post?.message),
    targetOrigin: post?.targetOrigin,
    closed: outcome.closed,
    script: outcome.script,
  }
}

const startUrl = (panel: Panel) => `${panel.url}/api/signin/google`

/** Opens the popup at /api/signin/google and follows it to its last page. */
async function signInWithGoogle(panel: Panel, browser = new PopupBrowser()) {
  const { response, hops } = await browser.navigate(startUrl(panel))
  return { popup: await readPopupPage(response), hops, browser }
}

async function countRows(t: TestApp, table: 'sessions' | 'users' | 'google_signin_states'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

async function me(t: TestApp, token: string) {
  const response = await t.app.request('/api/user/me', { headers: authed(token) })
  expect(response.status).toBe(200)
  return MeResponse.parse(await response.json())
}

function newGoogleUser(overrides: Partial<FakeGoogleIssuer['user']> = {}): FakeGoogleIssuer['user'] {
  const email = overrides.email ?? uniqueEmail('google')
  return { sub: subForEmail(email), email, emailVerified: true, name: 'Grace Hopper', ...overrides }
}

// ---- One panel and one issuer for most tests --------------------------------------------------------------

let panel: Panel

beforeAll(async () => {
  panel = await startPanel()
})
afterAll(() => panel.close())

beforeEach(() => {
  panel.fake.user = newGoogleUser()
  panel.fake.failure = undefined
  panel.fake.autoApprove = true
})

describe('GET /api/auth/providers', () => {
  it('says Google sign-in is available when the client id and secret are set', async () => {
    const response = await panel.t.app.request('/api/auth/providers')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ google: true })
  })

  it('says Google sign-in is unavailable without a client id or secret', async () => {
    for (const google of [
      { clientId: undefined, clientSecret: undefined },
      { clientId: 'only-the-id', clientSecret: undefined },
      { clientId: undefined, clientSecret: 'only-the-secret' },
    ]) {
      const t = await createTestApp({
        config: {
          google: { ...google, issuer: 'https://accounts.google.com', redirectUrl: 'http://panel.test/cb' },
        },
      })
      try {
        const response = await t.app.request('/api/auth/providers')
        expect(await response.json()).toEqual({ google: false })
      } finally {
        await t.close()
      }
    }
  })
})

describe('GET /api/signin/google without a Google client', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('explains that Google sign-in is not configured and tells the opener', async () => {
    const response = await t.app.request('/api/signin/google')
    expect(response.status).toBe(503)
    expect(response.headers.get('Location')).toBeNull()
    const popup = await readPopupPage(response)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_NOT_CONFIGURED })
    expect(popup.targetOrigin).toBe('http://panel.test')
    expect(popup.html).toContain(`<h1>${GOOGLE_NOT_CONFIGURED}</h1>`)
    expect(popup.closed).toBe(true)
  })

  it('refuses a callback too', async () => {
    const response = await t.app.request('/api/signin/google/callback?code=x&state=y')
    const popup = await readPopupPage(response)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_NOT_CONFIGURED })
    expect(await countRows(t, 'sessions')).toBe(0)
  })
})

describe('the authorization request', () => {
  it('sends the popup to the issuer with code flow, PKCE S256, state, nonce and account selection', async () => {
    const browser = new PopupBrowser()
    const response = await browser.request(`${panel.url}/api/signin/google`)
    expect(response.status).toBe(302)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const location = new URL(response.headers.get('Location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(panel.fake.authorizationEndpoint)
    const query = Object.fromEntries(location.searchParams)
    expect(query).toEqual({
      response_type: 'code',
      client_id: panel.fake.clientId,
      redirect_uri: `${panel.url}/api/signin/google/callback`,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    })
    expect(query.state).not.toBe(query.nonce)
  })

  it('keeps the state in an HttpOnly, SameSite=Lax cookie of the callback path for ten minutes', async () => {
    const browser = new PopupBrowser()
    const response = await browser.request(`${panel.url}/api/signin/google`)
    const state = new URL(response.headers.get('Location') ?? '').searchParams.get('state')
    const cookie = browser.cookie(panel.url, 'engage_google_state')
    expect(cookie?.value).toBe(state)
    expect(cookie?.path).toBe('/api/signin/google/callback')
    expect(cookie?.attributes).toMatchObject({ httponly: '', samesite: 'Lax', 'max-age': '600' })
    // The panel is served over http here; over https the cookie is Secure too.
    expect(cookie?.attributes).not.toHaveProperty('secure')
  })

  it('reads the discovery document once and reuses it', async () => {
    await signInWithGoogle(panel)
    await signInWithGoogle(panel)
    expect(panel.fake.reads.discovery).toBe(1)
  })
})

describe('starts of a sign-in from one address', () => {
  it('are limited like password sign-ins, answered with a popup that tells the opener, until the window passes', async () => {
    const { perIp, windowMs } = panel.t.config.authRateLimit
    const address = uniqueAddress()
    for (let start = 0; start < perIp; start += 1) {
      const response = await new PopupBrowser(address).request(startUrl(panel))
      expect(response.status).toBe(302)
    }
    const statesBefore = await countRows(panel.t, 'google_signin_states')

    const limited = await new PopupBrowser(address).request(startUrl(panel))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBe(windowMs / 1000)
    expect(limited.headers.get('Location')).toBeNull()
    const popup = await readPopupPage(limited)
    expect(popup.message).toEqual({ type: 'google-auth', error: TOO_MANY_ATTEMPTS })
    expect(popup.targetOrigin).toBe(panel.url)
    expect(popup.closed).toBe(true)
    expect(await countRows(panel.t, 'google_signin_states')).toBe(statesBefore)

    // Another address is not held up by this one.
    expect((await new PopupBrowser().request(startUrl(panel))).status).toBe(302)

    panel.t.clock.advance(windowMs / 3)
    const later = await new PopupBrowser(address).request(startUrl(panel))
    expect(later.status).toBe(429)
    expect(Number(later.headers.get('Retry-After'))).toBe((windowMs - windowMs / 3) / 1000)

    panel.t.clock.advance(windowMs - windowMs / 3)
    const { popup: signedIn } = await signInWithGoogle(panel, new PopupBrowser(address))
    expect(signedIn.message.jwtToken).toBeDefined()
  })
})

describe('signing up with Google through a referral link', () => {
  async function referralCode(token: string): Promise<string> {
    const response = await panel.t.app.request('/api/affiliates', { headers: authed(token) })
    return ((await response.json()) as { code: string }).code
  }

  async function referrerOf(email: string): Promise<number | undefined> {
    const row = await panel.t.db
      .selectFrom('referrals')
      .innerJoin('users', 'users.id', 'referrals.referred_id')
      .select('referrals.referrer_id')
      .where('users.email', '=', email)
      .executeTakeFirst()
    return row === undefined ? undefined : Number(row.referrer_id)
  }

  it('attributes the new account to the link the browser came through', async () => {
    const referrer = await signUp(panel.t)
    const browser = new PopupBrowser()
    const landing = await browser.navigate(`${panel.url}/r/${await referralCode(referrer.token)}`)
    expect(landing.hops[0]?.location).toBe('/auth?mode=signup')
    expect(browser.cookie(panel.url, 'engage_ref')).toBeDefined()
    const { popup } = await signInWithGoogle(panel, browser)
    expect(popup.message.newUser).toBe(true)
    expect(await referrerOf(panel.fake.user.email)).toBe(referrer.userId)
    // Its work done, the code is forgotten.
    expect(browser.cookie(panel.url, 'engage_ref')).toBeUndefined()
  })

  it('refuses a self-referral and leaves an existing account with the referrer it has', async () => {
    const first = new PopupBrowser()
    const referrer = await signUp(panel.t)
    await first.navigate(`${panel.url}/r/${await referralCode(referrer.token)}`)
    const { popup } = await signInWithGoogle(panel, first)
    const googleUser = panel.fake.user
    expect(await referrerOf(googleUser.email)).toBe(referrer.userId)

    // The same person signs in again through their own link, then through someone else's.
    const own = new PopupBrowser()
    await own.navigate(`${panel.url}/r/${await referralCode(popup.message.jwtToken ?? '')}`)
    expect((await signInWithGoogle(panel, own)).popup.message.newUser).toBe(false)
    const other = await signUp(panel.t)
    const another = new PopupBrowser()
    await another.navigate(`${panel.url}/r/${await referralCode(other.token)}`)
    expect((await signInWithGoogle(panel, another)).popup.message.newUser).toBe(false)
    expect(await referrerOf(googleUser.email)).toBe(referrer.userId)
    const referrals = await panel.t.db
      .selectFrom('referrals')
      .selectAll()
      .where('referrer_id', 'in', [other.userId])
      .execute()
    expect(referrals).toEqual([])
  })
})

describe('signing in through the popup', () => {
  it('creates an account for a new Google user, whose session works on /api/user/me', async () => {
    const usersBefore = await countRows(panel.t, 'users')
    const { popup, hops, browser } = await signInWithGoogle(panel)
    // panel → issuer → callback, with no detour.
    expect(hops.map((hop) => new URL(hop.url).pathname)).toEqual([
      '/api/signin/google',
      '/o/oauth2/v2/auth',
      '/api/signin/google/callback',
    ])
    expect(popup.status).toBe(200)
    expect(popup.message).toEqual({
      type: 'google-auth',
      jwtToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      sessionId: expect.any(String),
      newUser: true,
    })
    expect(popup.closed).toBe(true)
    // The state cookie is spent with the callback.
    expect(browser.cookie(panel.url, 'engage_google_state')).toBeUndefined()
    expect(await countRows(panel.t, 'users')).toBe(usersBefore + 1)
    const user = await me(panel.t, popup.message.jwtToken ?? '')
    expect(user.email).toBe(panel.fake.user.email)
    const row = await panel.t.db
      .selectFrom('users')
      .select(['google_sub', 'password_hash'])
      .where('email', '=', panel.fake.user.email)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ google_sub: panel.fake.user.sub, password_hash: null })
  })

  it('signs the same Google account in again as the same user, not a new one', async () => {
    const first = await signInWithGoogle(panel)
    const usersAfterFirst = await countRows(panel.t, 'users')
    // The email at Google may change; the account follows `sub`.
    panel.fake.user = { ...panel.fake.user, email: uniqueEmail('renamed') }
    const second = await signInWithGoogle(panel)
    expect(second.popup.message.newUser).toBe(false)
    expect(second.popup.message.sessionId).not.toBe(first.popup.message.sessionId)
    expect(await countRows(panel.t, 'users')).toBe(usersAfterFirst)
    const firstUser = await me(panel.t, first.popup.message.jwtToken ?? '')
    const secondUser = await me(panel.t, second.popup.message.jwtToken ?? '')
    expect(secondUser.email).toBe(firstUser.email)
  })

  it('links an existing account with the same verified email, ending its password and its sessions', async () => {
    const account = await signUp(panel.t)
    panel.fake.user = newGoogleUser({ email: account.email.toUpperCase() })
    const { popup } = await signInWithGoogle(panel)
    expect(popup.message.newUser).toBe(false)
    const session = await panel.t.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', popup.message.sessionId ?? '')
      .executeTakeFirstOrThrow()
    expect(Number(session.user_id)).toBe(account.userId)
    const row = await panel.t.db
      .selectFrom('users')
      .select(['google_sub', 'password_hash'])
      .where('id', '=', account.userId)
      .executeTakeFirstOrThrow()
    expect(row.google_sub).toBe(panel.fake.user.sub)
    expect(row.password_hash).toBeNull()
    const signin = await panel.t.app.request('/api/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.200.0.1' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    expect(signin.status).toBe(401)
    const oldSession = await panel.t.app.request('/api/user/me', {
      headers: { Authorization: `Bearer ${account.token}` },
    })
    expect(oldSession.status).toBe(401)
    const googleSession = await panel.t.app.request('/api/user/me', {
      headers: { Authorization: `Bearer ${popup.message.jwtToken ?? ''}` },
    })
    expect(googleSession.status).toBe(200)
  })

  it('posts to the panel origin only, never to any origin', async () => {
    const { popup } = await signInWithGoogle(panel)
    expect(popup.targetOrigin).toBe(panel.url)
    expect(popup.script).toContain(JSON.stringify(panel.url))
    expect(popup.script).not.toMatch(/["']\*["']/)
  })

  it('stays open and posts nothing when the page has no opener', async () => {
    const { response } = await new PopupBrowser().navigate(startUrl(panel))
    const html = await response.text()
    const outcome = runPopupScript(html, { opener: false })
    expect(outcome.posts).toEqual([])
    expect(outcome.closed).toBe(false)
    expect(html).toContain('<h1>Signed in with Google</h1>')
  })

  it('allows exactly its own inline script and style, never caches, and keeps the opener link', async () => {
    const { popup } = await signInWithGoogle(panel)
    const style = /<style>([\s\S]*?)<\/style>/.exec(popup.html)?.[1] ?? ''
    expect(popup.headers.get('Content-Security-Policy')).toBe(
      [
        "default-src 'none'",
        `script-src ${cspHash(popup.script)}`,
        `style-src ${cspHash(style)}`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    )
    expect(popup.headers.get('Cache-Control')).toBe('no-store')
    expect(popup.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(popup.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none')
  })

  it('signs in through the consent page when the person presses Continue', async () => {
    panel.fake.autoApprove = false
    const browser = new PopupBrowser()
    const consent = await browser.navigate(startUrl(panel))
    expect(consent.response.status).toBe(200)
    const page = await consent.response.text()
    expect(page).toContain('<h1>Sign in with Google</h1>')
    const requestId = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? ''
    const decision = await browser.navigate(`${panel.fake.url}/o/oauth2/v2/auth/decision`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        request: requestId,
        email: panel.fake.user.email,
        email_verified: 'true',
        decision: 'allow',
      }).toString(),
    })
    const popup = await readPopupPage(decision.response)
    expect(popup.message).toMatchObject({ type: 'google-auth', newUser: true })
    expect((await me(panel.t, popup.message.jwtToken ?? '')).email).toBe(panel.fake.user.email)
  })

  it('reports a cancelled consent and signs nobody in', async () => {
    panel.fake.autoApprove = false
    const browser = new PopupBrowser()
    const consent = await browser.navigate(startUrl(panel))
    const requestId = /name="request" value="([^"]+)"/.exec(await consent.response.text())?.[1] ?? ''
    const sessionsBefore = await countRows(panel.t, 'sessions')
    const decision = await browser.navigate(`${panel.fake.url}/o/oauth2/v2/auth/decision`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: requestId, decision: 'deny' }).toString(),
    })
    const popup = await readPopupPage(decision.response)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_CANCELLED })
    expect(popup.html).toContain(GOOGLE_CANCELLED)
    expect(popup.targetOrigin).toBe(panel.url)
    expect(await countRows(panel.t, 'sessions')).toBe(sessionsBefore)
  })
})

describe('state, PKCE and nonce', () => {
  /** Runs the popup up to the issuer's redirect back, without opening the callback. */
  async function callbackUrl(browser: PopupBrowser): Promise<string> {
    const start = await browser.request(`${panel.url}/api/signin/google`)
    const atIssuer = await browser.request(start.headers.get('Location') ?? '')
    expect(atIssuer.status).toBe(302)
    return atIssuer.headers.get('Location') ?? ''
  }

  it('accepts a state once: a replayed callback signs nobody in', async () => {
    const browser = new PopupBrowser()
    const url = await callbackUrl(browser)
    const cookie = `engage_google_state=${new URL(url).searchParams.get('state')}`
    const first = await readPopupPage(await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' }))
    expect(first.message.jwtToken).toBeDefined()
    const sessionsBefore = await countRows(panel.t, 'sessions')
    // The same URL with the same cookie, as an attacker who copied both would send it.
    const replay = await readPopupPage(await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' }))
    expect(replay.status).toBe(400)
    expect(replay.message).toEqual({ type: 'google-auth', error: GOOGLE_REQUEST_EXPIRED })
    expect(await countRows(panel.t, 'sessions')).toBe(sessionsBefore)
  })

  it('lets only one of two simultaneous callbacks with one state through', async () => {
    const browser = new PopupBrowser()
    const url = await callbackUrl(browser)
    const cookie = `engage_google_state=${new URL(url).searchParams.get('state')}`
    const popups = await Promise.all(
      [1, 2].map(async () =>
        readPopupPage(await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })),
      ),
    )
    const errors = popups.map((popup) => popup.message.error)
    expect(errors.filter((error) => error === undefined)).toHaveLength(1)
    expect(errors).toContain(GOOGLE_REQUEST_EXPIRED)
  })

  it('refuses a callback in a browser that did not start the sign-in (login CSRF)', async () => {
    const attacker = new PopupBrowser()
    const url = await callbackUrl(attacker)
    const sessionsBefore = await countRows(panel.t, 'sessions')
    const victim = new PopupBrowser()
    const { response } = await victim.navigate(url)
    const popup = await readPopupPage(response)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_REQUEST_EXPIRED })
    expect(await countRows(panel.t, 'sessions')).toBe(sessionsBefore)
    // The state is spent too: the attacker cannot use it afterwards either.
    const retry = await readPopupPage((await attacker.navigate(url)).response)
    expect(retry.message.error).toBe(GOOGLE_REQUEST_EXPIRED)
  })

  it('refuses an unknown state and a callback without one', async () => {
    const browser = new PopupBrowser()
    await callbackUrl(browser)
    for (const query of ['code=abc&state=made-up', 'code=abc']) {
      const { response } = await browser.navigate(`${panel.url}/api/signin/google/callback?${query}`)
      const popup = await readPopupPage(response)
      expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_REQUEST_EXPIRED })
    }
  })

  it('refuses a state older than ten minutes', async () => {
    const browser = new PopupBrowser()
    const url = await callbackUrl(browser)
    const cookie = `engage_google_state=${new URL(url).searchParams.get('state')}`
    panel.t.clock.advance(GOOGLE_SIGNIN_TTL_MS)
    const popup = await readPopupPage(await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' }))
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_REQUEST_EXPIRED })
  })

  it('prunes expired states when the next sign-in starts', async () => {
    await callbackUrl(new PopupBrowser())
    panel.t.clock.advance(GOOGLE_SIGNIN_TTL_MS + 1)
    await callbackUrl(new PopupBrowser())
    expect(await countRows(panel.t, 'google_signin_states')).toBe(1)
  })

  it('redeems the code with the verifier of its own challenge', async () => {
    const before = panel.fake.tokenRequests.length
    await signInWithGoogle(panel)
    const authorization = panel.fake.authorizationRequests.at(-1)?.query
    const tokenRequest = panel.fake.tokenRequests.at(-1)
    expect(panel.fake.tokenRequests.length).toBe(before + 1)
    const verifier = tokenRequest?.form.get('code_verifier') ?? ''
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorization?.get('code_challenge'),
    )
    expect(tokenRequest?.form.get('redirect_uri')).toBe(`${panel.url}/api/signin/google/callback`)
    // client_secret_post: the discovery document lists it first.
    expect(tokenRequest?.form.get('client_secret')).toBe(panel.fake.clientSecret)
    expect(tokenRequest?.authorization).toBeUndefined()
  })

  it('cannot be made to redeem a code issued to another sign-in (PKCE)', async () => {
    const attacker = new PopupBrowser()
    const attackerCode = new URL(await callbackUrl(attacker)).searchParams.get('code') ?? ''
    const victim = new PopupBrowser()
    const victimUrl = new URL(await callbackUrl(victim))
    victimUrl.searchParams.set('code', attackerCode)
    const sessionsBefore = await countRows(panel.t, 'sessions')
    const popup = await readPopupPage((await victim.navigate(victimUrl.toString())).response)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_CODE_REJECTED })
    expect(panel.fake.tokenRequests.at(-1)?.form.get('code')).toBe(attackerCode)
    expect(await countRows(panel.t, 'sessions')).toBe(sessionsBefore)
  })

  it.each<[FakeGoogleFailure, string]>([
    ['wrong-nonce', GOOGLE_TOKEN_INVALID],
    ['wrong-audience', GOOGLE_TOKEN_INVALID],
    ['wrong-issuer', GOOGLE_TOKEN_INVALID],
    ['expired', GOOGLE_TOKEN_INVALID],
    ['bad-signature', GOOGLE_TOKEN_INVALID],
    ['unknown-key', GOOGLE_TOKEN_INVALID],
    ['token-endpoint-error', GOOGLE_CODE_REJECTED],
  ])('refuses an issuer answer with %s and signs nobody in', async (failure, error) => {
    panel.fake.failure = failure
    const usersBefore = await countRows(panel.t, 'users')
    const sessionsBefore = await countRows(panel.t, 'sessions')
    const { popup } = await signInWithGoogle(panel)
    expect(popup.message).toEqual({ type: 'google-auth', error })
    expect(popup.status).toBe(502)
    expect(popup.targetOrigin).toBe(panel.url)
    expect(popup.html).toContain(error)
    expect(await countRows(panel.t, 'users')).toBe(usersBefore)
    expect(await countRows(panel.t, 'sessions')).toBe(sessionsBefore)
  })

  it('refuses a Google account whose email is not verified', async () => {
    panel.fake.user = newGoogleUser({ emailVerified: false })
    const usersBefore = await countRows(panel.t, 'users')
    const { popup } = await signInWithGoogle(panel)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_EMAIL_NOT_VERIFIED })
    expect(await countRows(panel.t, 'users')).toBe(usersBefore)
  })

  it('fetches the signing keys again when the issuer rotates them, at most once a minute', async () => {
    // The keys are read again for a key id they do not hold once the set read last is a minute old (the
    // library's guard against a flood of unknown key ids); the system clock is moved, the issuer's with it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      await signInWithGoogle(panel)
      const reads = panel.fake.reads.jwks
      await signInWithGoogle(panel)
      expect(panel.fake.reads.jwks).toBe(reads)
      panel.fake.rotateKey()
      const early = await signInWithGoogle(panel)
      expect(early.popup.message).toEqual({ type: 'google-auth', error: GOOGLE_TOKEN_INVALID })
      expect(panel.fake.reads.jwks).toBe(reads)
      vi.setSystemTime(Date.now() + 61_000)
      const { popup } = await signInWithGoogle(panel)
      expect(popup.message.jwtToken).toBeDefined()
      expect(panel.fake.reads.jwks).toBe(reads + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('accounts that cannot sign in with Google', () => {
  it('refuses a disabled account', async () => {
    const account = await signUp(panel.t)
    await panel.t.db
      .updateTable('users')
      .set({ disabled_at: panel.t.clock.now() })
      .where('id', '=', account.userId)
      .execute()
    panel.fake.user = newGoogleUser({ email: account.email })
    const { popup } = await signInWithGoogle(panel)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_ACCOUNT_DISABLED })
    const row = await panel.t.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', account.userId)
      .executeTakeFirstOrThrow()
    expect(row.google_sub).toBeNull()
  })

  it('refuses an email already linked to another Google account', async () => {
    const first = newGoogleUser()
    panel.fake.user = first
    await signInWithGoogle(panel)
    panel.fake.user = newGoogleUser({ email: first.email, sub: `9${randomBytes(8).readBigUInt64BE()}` })
    const { popup } = await signInWithGoogle(panel)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_ACCOUNT_LINKED_ELSEWHERE })
  })
})

// ---- Other issuer set-ups ---------------------------------------------------------------------------------

describe('an issuer that accepts client_secret_basic only', () => {
  let basicPanel: Panel
  beforeAll(async () => {
    basicPanel = await startPanel({ tokenEndpointAuthMethods: ['client_secret_basic'] })
  })
  afterAll(() => basicPanel.close())

  it('gets the client credentials in the Authorization header', async () => {
    basicPanel.fake.user = newGoogleUser()
    const { response } = await new PopupBrowser().navigate(startUrl(basicPanel))
    const popup = await readPopupPage(response)
    expect(popup.message.newUser).toBe(true)
    const tokenRequest = basicPanel.fake.tokenRequests.at(-1)
    // RFC 6749: the id and the secret are form-encoded, then joined and base64-encoded.
    const [scheme, encoded] = (tokenRequest?.authorization ?? '').split(' ')
    expect(scheme).toBe('Basic')
    const credentials = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':')
    expect(credentials.map((part) => decodeURIComponent(part.replace(/\+/g, ' ')))).toEqual([
      basicPanel.fake.clientId,
      basicPanel.fake.clientSecret,
    ])
    expect(tokenRequest?.form.has('client_secret')).toBe(false)
  })
})

describe('a panel whose client secret the issuer does not accept', () => {
  let wrongSecret: Panel
  beforeAll(async () => {
    wrongSecret = await startPanel({}, () => ({ clientSecret: 'not-the-secret' }))
  })
  afterAll(() => wrongSecret.close())

  it('reports that Google did not confirm the sign-in', async () => {
    const { response } = await new PopupBrowser().navigate(startUrl(wrongSecret))
    const popup = await readPopupPage(response)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_CODE_REJECTED })
    expect(await countRows(wrongSecret.t, 'sessions')).toBe(0)
  })
})

describe('an issuer that cannot be used', () => {
  let broken: Panel
  let impostor: http.Server | undefined
  afterEach(async () => {
    await broken.close()
    impostor?.closeAllConnections()
    await new Promise<void>((resolve) => (impostor ? impostor.close(() => resolve()) : resolve()))
    impostor = undefined
  })

  /** A server on a free port, closed at once: nothing listens there afterwards. */
  async function closedPort(): Promise<number> {
    const server = http.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const { port } = server.address() as AddressInfo
    await new Promise<void>((resolve) => server.close(() => resolve()))
    return port
  }

  it('says Google sign-in is unavailable when the issuer does not answer, and keeps no state', async () => {
    const port = await closedPort()
    broken = await startPanel({}, () => ({ issuer: `http://127.0.0.1:${port}` }))
    const response = await broken.t.app.request('/api/signin/google')
    const popup = await readPopupPage(response)
    expect(popup.status).toBe(502)
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_UNAVAILABLE })
    expect(popup.targetOrigin).toBe(broken.url)
    expect(await countRows(broken.t, 'google_signin_states')).toBe(0)
  })

  it('refuses a discovery document that names another issuer', async () => {
    // Discovery §4.3: a document that claims another issuer (here the real fake's) is not this issuer's.
    broken = await startPanel()
    const genuine = await (await fetch(`${broken.fake.url}/.well-known/openid-configuration`)).text()
    impostor = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(genuine)
    })
    await new Promise<void>((resolve) => impostor?.listen(0, '127.0.0.1', () => resolve()))
    const { port } = impostor.address() as AddressInfo
    const config = {
      ...broken.t.config,
      google: { ...broken.t.config.google, issuer: `http://127.0.0.1:${port}` },
    }
    const app = createApp({ ...broken.t.deps, config })
    const popup = await readPopupPage(await app.request('/api/signin/google'))
    expect(popup.message).toEqual({ type: 'google-auth', error: GOOGLE_UNAVAILABLE })
    expect(await countRows(broken.t, 'google_signin_states')).toBe(0)
  })
})

describe('configuration', () => {
  it('defaults the issuer to Google and derives the callback from PUBLIC_URL', () => {
    const dataDir = `${process.env.TMPDIR ?? '/tmp'}/engage-tests`
    const key = randomBytes(32).toString('base64')
    expect(
      loadConfig({ DATA_DIR: dataDir, DATA_KEY: key, PUBLIC_URL: 'https://panel.example.com/' }).google,
    ).toEqual({
      clientId: undefined,
      clientSecret: undefined,
      issuer: 'https://accounts.google.com',
      redirectUrl: 'https://panel.example.com/api/signin/google/callback',
    })
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        DATA_KEY: key,
        GOOGLE_ISSUER: 'http://127.0.0.1:4010/',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
      }).google,
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'http://127.0.0.1:4010',
      redirectUrl: 'http://127.0.0.1:8787/api/signin/google/callback',
    })
  })
})

describe('with two-factor sign-in on', () => {
  it('asks the opener for the code instead of answering a session, and the code step signs in', async () => {
    const { t } = panel
    const first = await signInWithGoogle(panel)
    const token = first.popup.message.jwtToken ?? ''
    const setup = await t.app.request('/api/user/two-factor/setup', {
      method: 'POST',
      headers: authed(token),
    })
    const { secret } = TwoFactorSetupResponse.parse(await setup.json())
    const totp = new TOTP({ secret: Secret.fromBase32(secret) })
    const confirm = await t.app.request('/api/user/two-factor/confirm', {
      method: 'POST',
      headers: authed(token),
      body: JSON.stringify({ code: totp.generate({ timestamp: t.clock.now() }) }),
    })
    expect(confirm.status).toBe(200)

    const sessionsBefore = await countRows(t, 'sessions')
    const second = await signInWithGoogle(panel)
    expect(second.popup.message).toEqual({
      type: 'google-auth',
      twoFactorChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      newUser: false,
    })
    expect(await countRows(t, 'sessions')).toBe(sessionsBefore)

    t.clock.advance(30_000)
    const step = await t.app.request('/api/signin/two-factor', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        challenge: second.popup.message.twoFactorChallenge,
        code: totp.generate({ timestamp: t.clock.now() }),
      }),
    })
    expect(step.status).toBe(200)
    const session = AuthResponse.parse(await step.json())
    expect((await me(t, session.token)).email).toBe(panel.fake.user.email)

    // A Google-only account has no password: the code alone turns two-factor sign-in off.
    t.clock.advance(30_000)
    const off = await t.app.request('/api/user/two-factor/disable', {
      method: 'POST',
      headers: authed(session.token),
      body: JSON.stringify({ code: totp.generate({ timestamp: t.clock.now() }) }),
    })
    expect(off.status).toBe(200)
  })
})
