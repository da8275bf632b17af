import { createHash } from 'node:crypto'
import {
  type AuthProvidersResponse,
  GOOGLE_AUTH_MESSAGE_TYPE,
  GOOGLE_CANCELLED,
  GOOGLE_CODE_REJECTED,
  GOOGLE_NOT_CONFIGURED,
  GOOGLE_REQUEST_EXPIRED,
  GOOGLE_UNAVAILABLE,
  type GooglePopupMessage,
  TOO_MANY_ATTEMPTS,
} from '@engage/contract'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { GOOGLE_CALLBACK_PATH, type Config } from '../config'
import { safeEqual } from '../crypto/tokens'
import {
  accountForGoogleIdentity,
  beginGoogleSignin,
  GOOGLE_SIGNIN_TTL_MS,
  googleClientSettings,
  GoogleSignInError,
  OidcClient,
  takeGoogleSignin,
} from '../domain/google'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { addressSubject, takeAttempt } from '../http/rate-limit'
import { forgetReferralCode, referralCodeFromCookie } from './referral-link'
import { finishFirstStep } from './sign-in-step'

// GET /api/auth/providers, GET /api/signin/google (the popup's first page) and GET /api/signin/google/callback.
//
// The popup goes: panel → /api/signin/google → the issuer's consent → /api/signin/google/callback, whose page
// posts { type: 'google-auth', jwtToken, sessionId, newUser } or { type: 'google-auth', error } to the window
// that opened it, on the panel's own origin (PUBLIC_URL) only, and closes.
//
// State, nonce and PKCE verifier stay on the server (google_signin_states, migration 0040): the row is found
// by the hash of `state` and deleted when the callback reads it, so each state works once, and it expires
// after ten minutes. The state is also set in an HttpOnly, SameSite=Lax cookie scoped to the callback path:
// the callback accepts a state only from the browser that started it, so nobody can hand a victim a callback
// URL carrying their own sign-in (login CSRF). Lax is enough: the return from the issuer is a top-level GET.

const STATE_COOKIE = 'engage_google_state'

// One OIDC client per app configuration, so discovery and keys are cached across requests.
const clients = new WeakMap<Config, OidcClient>()

function oidcClient(config: Config): OidcClient | undefined {
  const settings = googleClientSettings(config)
  if (!settings) return undefined
  let client = clients.get(config)
  if (!client) {
    client = new OidcClient(settings)
    clients.set(config, client)
  }
  return client
}

function cookieOptions(config: Config) {
  return {
    path: GOOGLE_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.publicUrl.startsWith('https:'),
  } as const
}

// ---- The popup page ---------------------------------------------------------------------------------------

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** JSON that stays inert inside a <script> element (no '</script>', no line separators). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

const PAGE_STYLE = `
  :root { color-scheme: light dark; font: 16px/1.5 system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem; box-sizing: border-box; }
  main { max-width: 28rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; }
`

interface PopupPage {
  heading: string
  paragraphs: string[]
  message: GooglePopupMessage
}

/**
 * The page posts its message to the opener on the panel's origin only, never '*': a page of another origin
 * that opened this popup must not receive the token. Without an opener (the page opened directly) it stays
 * and says what happened.
 */
export function renderPopupPage(page: PopupPage, panelOrigin: string): { html: string; script: string } {
  const script = `
(function () {
  var message = ${scriptJson(page.message)};
  var panelOrigin = ${scriptJson(panelOrigin)};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, panelOrigin);
    window.close();
  }
})();
`
  const paragraphs = page.paragraphs.map((text) => `  <p>${escapeHtml(text)}</p>`).join('\n')
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.heading)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
  <h1>${escapeHtml(page.heading)}</h1>
${paragraphs}
  <p><a href="${escapeHtml(panelOrigin)}/auth">Back to sign in</a></p>
</main>
<script>${script}</script>
</body>
</html>
`
  return { html, script }
}

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * Headers of every popup answer. The CSP allows exactly the page's inline script and style, by hash.
 * COOP is unsafe-none here, unlike the rest of the panel: the popup's window must stay in the opener's
 * browsing context group while it goes to the issuer and comes back, or `window.opener` is gone when the
 * callback page wants to post (a switch happens whenever two consecutive pages of the popup have different
 * origins and either one sets a stricter policy). The page holds a fresh token: never cached, never referred.
 */
function popupHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    'Cross-Origin-Opener-Policy': 'unsafe-none',
    'Referrer-Policy': 'no-referrer',
    ...extra,
  }
}

type PopupStatus = 200 | 400 | 403 | 429 | 502 | 503

function popupResponse(
  c: Context<AppEnv>,
  page: PopupPage,
  status: PopupStatus,
  extraHeaders: Record<string, string> = {},
) {
  const { html, script } = renderPopupPage(page, new URL(c.get('deps').config.publicUrl).origin)
  const policy = [
    "default-src 'none'",
    `script-src ${sha256Source(script)}`,
    `style-src ${sha256Source(PAGE_STYLE)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
  return c.html(html, status, popupHeaders({ ...extraHeaders, 'Content-Security-Policy': policy }))
}

function errorPage(
  c: Context<AppEnv>,
  error: string,
  status: Exclude<PopupStatus, 200>,
  extraHeaders: Record<string, string> = {},
) {
  return popupResponse(
    c,
    {
      heading: 'Google sign-in failed',
      paragraphs: [error, 'Close this window and try again, or sign in with your email and password.'],
      message: { type: GOOGLE_AUTH_MESSAGE_TYPE, error },
    },
    status,
    extraHeaders,
  )
}

function notConfiguredPage(c: Context<AppEnv>) {
  return popupResponse(
    c,
    {
      heading: GOOGLE_NOT_CONFIGURED,
      paragraphs: [
        'This panel has no Google client set up (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
        'Sign in with your email and password instead.',
      ],
      message: { type: GOOGLE_AUTH_MESSAGE_TYPE, error: GOOGLE_NOT_CONFIGURED },
    },
    503,
  )
}

/** The error an issuer sends back to the callback (access_denied, server_error, ...) as the customer's message. */
function authorizationErrorMessage(error: string): string {
  if (error === 'access_denied') return GOOGLE_CANCELLED
  if (error === 'temporarily_unavailable' || error === 'server_error') return GOOGLE_UNAVAILABLE
  return GOOGLE_CODE_REJECTED
}

// ---- Routes -----------------------------------------------------------------------------------------------

export const googleRoutes = new Hono<AppEnv>()

registerRoute(googleRoutes, 'authProviders', (c) => {
  const providers: AuthProvidersResponse = { google: oidcClient(c.get('deps').config) !== undefined }
  return c.json(providers, 200)
})

googleRoutes.get('/signin/google', async (c) => {
  const { db, clock, config, logger } = c.get('deps')
  const client = oidcClient(config)
  if (!client) return notConfiguredPage(c)
  // Each start stores a state row and may ask the issuer for its discovery document: limited per address
  // like a password sign-in. The popup is a page, not a fetch, so the refusal is the popup's error page
  // (429 with Retry-After) posting TOO_MANY_ATTEMPTS to the opener, which shows it like any other error.
  const retryAfterSeconds = await takeAttempt(c, 'google-signin', [
    { subject: addressSubject(c), limit: config.authRateLimit.perIp },
  ])
  if (retryAfterSeconds !== undefined) {
    return errorPage(c, TOO_MANY_ATTEMPTS, 429, { 'Retry-After': String(retryAfterSeconds) })
  }
  const now = clock.now()
  let location: string
  try {
    // Discovery first: an unreachable issuer leaves no state row behind.
    await client.discover(now)
    const start = await beginGoogleSignin(db, now)
    location = await client.authorizationUrl(start, now)
    setCookie(c, STATE_COOKIE, start.state, {
      ...cookieOptions(config),
      maxAge: GOOGLE_SIGNIN_TTL_MS / 1000,
    })
  } catch (error) {
    if (!(error instanceof GoogleSignInError)) throw error
    logger.warn('Google sign-in could not start', { reason: error.reason })
    return errorPage(c, error.message, error.status)
  }
  for (const [name, value] of Object.entries(popupHeaders())) c.header(name, value)
  return c.redirect(location, 302)
})

googleRoutes.get('/signin/google/callback', async (c) => {
  const { db, clock, config, logger } = c.get('deps')
  const cookieState = getCookie(c, STATE_COOKIE)
  deleteCookie(c, STATE_COOKIE, cookieOptions(config))
  const client = oidcClient(config)
  if (!client) return notConfiguredPage(c)
  const now = clock.now()
  const { state, code, error } = c.req.query()
  try {
    const pending = state ? await takeGoogleSignin(db, state, now) : undefined
    if (!state || !pending) {
      throw new GoogleSignInError(GOOGLE_REQUEST_EXPIRED, 'state unknown, used or expired')
    }
    if (cookieState === undefined || !safeEqual(cookieState, state)) {
      throw new GoogleSignInError(GOOGLE_REQUEST_EXPIRED, 'state not started by this browser')
    }
    if (error !== undefined) {
      throw new GoogleSignInError(authorizationErrorMessage(error), `authorization error ${error}`)
    }
    if (!code) throw new GoogleSignInError(GOOGLE_CODE_REJECTED, 'callback without a code')
    const query = new URL(c.req.url).search
    const identity = await client.signIn(query, { ...pending, state }, now)
    const { userId, newUser } = await accountForGoogleIdentity(db, identity, now, referralCodeFromCookie(c))
    if (newUser) forgetReferralCode(c)
    const step = await finishFirstStep(c, userId)
    if (step.kind === 'challenge') {
      // Two-factor sign-in: the opener asks for the code and finishes with /api/signin/two-factor.
      return popupResponse(
        c,
        {
          heading: 'One more step',
          paragraphs: ['Enter your two-factor code in the panel. This window closes by itself.'],
          message: { type: GOOGLE_AUTH_MESSAGE_TYPE, twoFactorChallenge: step.challenge, newUser },
        },
        200,
      )
    }
    const { session } = step
    return popupResponse(
      c,
      {
        heading: 'Signed in with Google',
        paragraphs: ['You are signed in. This window closes by itself; if it stays open, close it.'],
        message: {
          type: GOOGLE_AUTH_MESSAGE_TYPE,
          jwtToken: session.token,
          sessionId: session.sessionId,
          newUser,
        },
      },
      200,
    )
  } catch (failure) {
    if (!(failure instanceof GoogleSignInError)) throw failure
    logger.warn('Google sign-in failed', { reason: failure.reason })
    return errorPage(c, failure.message, failure.status)
  }
})
