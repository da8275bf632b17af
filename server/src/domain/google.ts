import {
  Email,
  GOOGLE_ACCOUNT_DISABLED,
  GOOGLE_ACCOUNT_LINKED_ELSEWHERE,
  GOOGLE_CODE_REJECTED,
  GOOGLE_EMAIL_NOT_VERIFIED,
  GOOGLE_TOKEN_INVALID,
  GOOGLE_UNAVAILABLE,
} from '@engage/contract'
import * as oidc from 'openid-client'
import * as z from 'zod'
import type { Config } from '../config'
import { randomToken, sha256Hex } from '../crypto/tokens'
import type { Db } from '../db/connect'
import { createAccount, EmailTakenError, isUniqueViolation } from './accounts'
import { attributeSignup } from './affiliates'

// Google sign-in: an OpenID Connect client for the authorization code flow with PKCE, state and nonce
// (https://openid.net/specs/openid-connect-core-1_0.html, RFC 7636), the short-lived state rows of a popup on
// its way through Google, and how a verified Google identity becomes one of our accounts.
// The protocol is the openid-client library's; the issuer is any OIDC provider (Google, or the tests' local
// fake).

/** A failure of the sign-in: `message` is shown to the customer, `reason` goes to the log only. */
export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError'
  constructor(
    message: string,
    readonly reason: string,
    readonly status: 400 | 403 | 502 = 400,
  ) {
    super(message)
  }
}

/** The client settings, present only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
export interface GoogleClientSettings {
  issuer: string
  clientId: string
  clientSecret: string
  redirectUrl: string
}

export function googleClientSettings(config: Config): GoogleClientSettings | undefined {
  const { clientId, clientSecret, issuer, redirectUrl } = config.google
  if (clientId === undefined || clientSecret === undefined) return undefined
  return { issuer, clientId, clientSecret, redirectUrl }
}

// ---- Popup state ------------------------------------------------------------------------------------------

/** How long a popup may stay at Google before its state is refused. */
export const GOOGLE_SIGNIN_TTL_MS = 10 * 60 * 1000

export interface GoogleSigninStart {
  /** Goes to Google in the authorization request and comes back on the callback; also the browser's cookie. */
  state: string
  nonce: string
  codeVerifier: string
}

/** Stores a new state (by its hash) with its nonce and PKCE verifier; prunes the expired ones on the way. */
export async function beginGoogleSignin(db: Db, now: number): Promise<GoogleSigninStart> {
  const start = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken() }
  await db.deleteFrom('google_signin_states').where('expires_at', '<=', now).execute()
  await db
    .insertInto('google_signin_states')
    .values({
      state_hash: sha256Hex(start.state),
      nonce: start.nonce,
      code_verifier: start.codeVerifier,
      expires_at: now + GOOGLE_SIGNIN_TTL_MS,
      created_at: now,
    })
    .execute()
  return start
}

/**
 * Deletes the state's row and answers its nonce and verifier, or undefined when the state is unknown, already
 * used or expired. The delete is the check, so one state serves one callback even when two arrive at once.
 */
export async function takeGoogleSignin(
  db: Db,
  state: string,
  now: number,
): Promise<{ nonce: string; codeVerifier: string } | undefined> {
  const row = await db
    .deleteFrom('google_signin_states')
    .where('state_hash', '=', sha256Hex(state))
    .returning(['nonce', 'code_verifier', 'expires_at'])
    .executeTakeFirst()
  if (!row || row.expires_at <= now) return undefined
  return { nonce: row.nonce, codeVerifier: row.code_verifier }
}

// ---- OpenID Connect client --------------------------------------------------------------------------------

const IdTokenClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().optional(),
  // Google has sent this claim as the string "true" in some tokens.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
})

/** What a verified ID token says about the customer. */
export interface GoogleIdentity {
  sub: string
  /** Lower-cased, and verified by the issuer. */
  email: string
}

/** How long the discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000
/** Tolerated clock difference between us and the issuer when checking exp and iat, in seconds. */
const ID_TOKEN_CLOCK_TOLERANCE_S = 60
/** Each call to the issuer may take this long, in seconds. */
const ISSUER_TIMEOUT_S = 10

/** Plain HTTP is allowed for an issuer on this machine only (the tests' fake issuer); never for Google. */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

/**
 * The client authentication the issuer lists: client_secret_post when offered (Google offers both), else
 * client_secret_basic, the default when the discovery document lists none.
 */
function clientAuthentication(clientSecret: string): oidc.ClientAuth {
  const post = oidc.ClientSecretPost(clientSecret)
  const basic = oidc.ClientSecretBasic(clientSecret)
  return (server, client, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
    if (methods.includes('client_secret_post')) return post(server, client, body, headers)
    if (methods.includes('client_secret_basic')) return basic(server, client, body, headers)
    throw new GoogleSignInError(
      GOOGLE_UNAVAILABLE,
      `no supported client authentication in ${methods.join(', ')}`,
      502,
    )
  }
}

/** The error of a call to the issuer that failed, as the customer and the log are told. */
function issuerFailure(error: unknown, stage: 'discovery' | 'sign-in'): GoogleSignInError {
  if (error instanceof GoogleSignInError) return error
  // Our own refusal from inside the library (the client authentication above) arrives as its cause.
  if (error instanceof Error && error.cause instanceof GoogleSignInError) return error.cause
  const reason = `${stage}: ${error instanceof Error ? error.message : String(error)}`
  const code = (error as { code?: unknown }).code
  // fetch's own failure (nothing answers) and a timeout: the issuer is out of reach.
  if (error instanceof TypeError || code === 'OAUTH_TIMEOUT' || stage === 'discovery') {
    return new GoogleSignInError(GOOGLE_UNAVAILABLE, reason, 502)
  }
  // The token endpoint refused the code (an OAuth error or an unexpected answer).
  if (error instanceof oidc.ResponseBodyError || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    return new GoogleSignInError(GOOGLE_CODE_REJECTED, reason, 502)
  }
  // Everything else is the ID token failing its checks: signature, key, issuer, audience, time, nonce.
  return new GoogleSignInError(GOOGLE_TOKEN_INVALID, reason, 502)
}

/**
 * One issuer's client, on the openid-client library: reads and caches the discovery document (the library
 * caches the signing keys with it), builds the authorization URL with PKCE, state and nonce, redeems the code
 * and verifies the ID token, its signature included. One instance per app (routes/google.ts).
 */
export class OidcClient {
  private configuration: { value: Promise<oidc.Configuration>; fetchedAt: number } | undefined

  constructor(readonly settings: GoogleClientSettings) {}

  /** The issuer's configuration, discovered once an hour (concurrent callers share one request). */
  async discover(now: number): Promise<oidc.Configuration> {
    if (!this.configuration || now - this.configuration.fetchedAt >= DISCOVERY_TTL_MS) {
      const { issuer, clientId, clientSecret } = this.settings
      const issuerUrl = new URL(issuer)
      const value = oidc.discovery(
        issuerUrl,
        clientId,
        { client_secret: clientSecret, [oidc.clockTolerance]: ID_TOKEN_CLOCK_TOLERANCE_S },
        clientAuthentication(clientSecret),
        {
          execute: [
            oidc.enableNonRepudiationChecks,
            ...(issuerUrl.protocol === 'http:' && isLoopback(issuerUrl) ? [oidc.allowInsecureRequests] : []),
          ],
          timeout: ISSUER_TIMEOUT_S,
        },
      )
      this.configuration = { value, fetchedAt: now }
      // A failed discovery is not kept: the next sign-in asks again.
      value.catch(() => {
        if (this.configuration?.value === value) this.configuration = undefined
      })
    }
    try {
      return await this.configuration.value
    } catch (error) {
      throw issuerFailure(error, 'discovery')
    }
  }

  /** Where the popup goes: the issuer's authorization endpoint with our request in its query. */
  async authorizationUrl(start: GoogleSigninStart, now: number): Promise<string> {
    const configuration = await this.discover(now)
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.settings.redirectUrl,
        scope: 'openid email profile',
        state: start.state,
        nonce: start.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(start.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      })
      .toString()
  }

  /**
   * Redeems the callback's code (with the PKCE verifier) and verifies the ID token: its signature with the
   * issuer's key, iss, aud/azp, exp and iat with a minute of tolerance, the nonce, and a verified email.
   * `callbackQuery` is the callback's query string, state and code included.
   */
  async signIn(
    callbackQuery: string,
    pending: { state: string; nonce: string; codeVerifier: string },
    now: number,
  ): Promise<GoogleIdentity> {
    // The library checks the token's times against the system clock.
    const configuration = await this.discover(now)
    const callback = new URL(this.settings.redirectUrl)
    callback.search = callbackQuery
    let claims: unknown
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      claims = tokens.claims()
    } catch (error) {
      throw issuerFailure(error, 'sign-in')
    }
    const parsed = IdTokenClaims.safeParse(claims)
    if (!parsed.success) throw new GoogleSignInError(GOOGLE_TOKEN_INVALID, 'claims missing or malformed', 502)
    const verified = parsed.data.email_verified === true || parsed.data.email_verified === 'true'
    const email = Email.safeParse(parsed.data.email)
    if (!verified || !email.success) {
      throw new GoogleSignInError(GOOGLE_EMAIL_NOT_VERIFIED, 'email missing or not verified', 403)
    }
    return { sub: parsed.data.sub, email: email.data }
  }
}

// ---- Accounts ---------------------------------------------------------------------------------------------

/**
 * The account of a Google identity: the one linked to its `sub`; else the account with the same (verified)
 * email, which gets linked; else a new account without a password. One transaction; when a concurrent
 * sign-in of the same person wins a unique constraint, the lookup runs again and finds its account.
 */
export async function accountForGoogleIdentity(
  db: Db,
  identity: GoogleIdentity,
  now: number,
  /** The referral code the browser carries: a new account is attributed to its owner. */
  referralCode?: string,
): Promise<{ userId: number; newUser: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const linked = await trx
          .selectFrom('users')
          .select(['id', 'disabled_at'])
          .where('google_sub', '=', identity.sub)
          .executeTakeFirst()
        if (linked) {
          if (linked.disabled_at !== null) throw disabled()
          return { userId: Number(linked.id), newUser: false }
        }
        const sameEmail = await trx
          .selectFrom('users')
          .select(['id', 'google_sub', 'disabled_at'])
          .where('email', '=', identity.email)
          .executeTakeFirst()
        if (sameEmail) {
          if (sameEmail.disabled_at !== null) throw disabled()
          if (sameEmail.google_sub !== null) {
            throw new GoogleSignInError(GOOGLE_ACCOUNT_LINKED_ELSEWHERE, 'email linked to another sub', 403)
          }
          // Sign-up does not verify addresses, so whoever registered this email may not own it. Google has just
          // proved who does: the password and every session of the account end, and its owner sets a new
          // password through 'Forgot password' (mailed to the same, now proven, address) if they want one.
          await trx
            .updateTable('users')
            .set({ google_sub: identity.sub, password_hash: null })
            .where('id', '=', sameEmail.id)
            .execute()
          await trx.deleteFrom('sessions').where('user_id', '=', sameEmail.id).execute()
          return { userId: Number(sameEmail.id), newUser: false }
        }
        const userId = await createAccount(trx, { email: identity.email, passwordHash: null, now })
        await trx.updateTable('users').set({ google_sub: identity.sub }).where('id', '=', userId).execute()
        await attributeSignup(trx, userId, referralCode, now)
        return { userId, newUser: true }
      })
    } catch (error) {
      const raced = error instanceof EmailTakenError || isUniqueViolation(error)
      if (!raced || attempt >= 3) throw error
    }
  }
}

function disabled() {
  return new GoogleSignInError(GOOGLE_ACCOUNT_DISABLED, 'account disabled', 403)
}
