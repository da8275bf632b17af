import { createHash, createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto'
import {
  Email,
  GOOGLE_ACCOUNT_DISABLED,
  GOOGLE_ACCOUNT_LINKED_ELSEWHERE,
  GOOGLE_CODE_REJECTED,
  GOOGLE_EMAIL_NOT_VERIFIED,
  GOOGLE_TOKEN_INVALID,
  GOOGLE_UNAVAILABLE,
} from '@engage/contract'
import * as z from 'zod'
import type { Config } from '../config'
import { randomToken, safeEqual, sha256Hex } from '../crypto/tokens'
import type { Db } from '../db/connect'
import { createAccount, EmailTakenError, isUniqueViolation } from './accounts'

// Google sign-in: an OpenID Connect client for the authorization code flow with PKCE, state and nonce
// (https://openid.net/specs/openid-connect-core-1_0.html, RFC 7636), the short-lived state rows of a popup on
// its way through Google, and how a verified Google identity becomes one of our accounts.
// Only node:crypto and fetch: the issuer is any OIDC provider (Google, or the tests' local fake).

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

/** The PKCE S256 challenge of a verifier: BASE64URL(SHA256(verifier)). */
export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url')
}

// ---- OpenID Connect client --------------------------------------------------------------------------------

const DiscoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
})
type DiscoveryDocument = z.infer<typeof DiscoveryDocument>

const TokenResponse = z.object({ id_token: z.string().min(1) })

const IdTokenHeader = z.object({ alg: z.string(), kid: z.string().optional() })

const IdTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  sub: z.string().min(1).max(255),
  exp: z.number(),
  iat: z.number(),
  nonce: z.string().optional(),
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
/** How long the signing keys are trusted; an unknown key id reads them again at once. */
const JWKS_TTL_MS = 60 * 60 * 1000
/** Tolerated clock difference between us and the issuer when checking exp and iat. */
export const ID_TOKEN_CLOCK_SKEW_MS = 60 * 1000
/** Each call to the issuer may take this long. */
const ISSUER_TIMEOUT_MS = 10_000

/**
 * Google's tokens may name their issuer without the scheme (Google's OpenID Connect documentation lists both
 * spellings); any other issuer must match its discovery document exactly.
 */
function acceptedIssuers(discoveredIssuer: string): string[] {
  return discoveredIssuer === 'https://accounts.google.com'
    ? [discoveredIssuer, 'accounts.google.com']
    : [discoveredIssuer]
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '')

/** application/x-www-form-urlencoded, as RFC 6749 §2.3.1 asks for the client id and secret in Basic auth. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+')

function decodeJsonPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

interface Cached<T> {
  value: T
  fetchedAt: number
}

/**
 * One issuer's client: reads and caches the discovery document and the signing keys (JWKS), builds the
 * authorization URL, redeems a code and verifies the ID token. One instance per app (routes/google.ts).
 */
export class OidcClient {
  private discovery: Cached<DiscoveryDocument> | undefined
  private discovering: Promise<DiscoveryDocument> | undefined
  private keys: Cached<Map<string, KeyObject>> | undefined
  private readingKeys: Promise<Map<string, KeyObject>> | undefined

  constructor(readonly settings: GoogleClientSettings) {}

  private async fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await fetch(url, {
        ...init,
        headers: { Accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS),
      })
    } catch (error) {
      throw new GoogleSignInError(GOOGLE_UNAVAILABLE, `${url} unreachable: ${String(error)}`, 502)
    }
    const body: unknown = await response.json().catch(() => undefined)
    return { status: response.status, body }
  }

  /** The issuer's discovery document, read once an hour (concurrent callers share one request). */
  async discover(now: number): Promise<DiscoveryDocument> {
    if (this.discovery && now - this.discovery.fetchedAt < DISCOVERY_TTL_MS) return this.discovery.value
    this.discovering ??= (async () => {
      const url = `${this.settings.issuer}/.well-known/openid-configuration`
      const { status, body } = await this.fetchJson(url)
      const parsed = DiscoveryDocument.safeParse(body)
      if (status !== 200 || !parsed.success) {
        throw new GoogleSignInError(
          GOOGLE_UNAVAILABLE,
          `discovery answered ${status} without a usable document`,
          502,
        )
      }
      // OpenID Connect Discovery §4.3: the document must name the issuer it was read from.
      if (withoutTrailingSlash(parsed.data.issuer) !== withoutTrailingSlash(this.settings.issuer)) {
        throw new GoogleSignInError(GOOGLE_UNAVAILABLE, `discovery names issuer ${parsed.data.issuer}`, 502)
      }
      this.discovery = { value: parsed.data, fetchedAt: now }
      return parsed.data
    })().finally(() => {
      this.discovering = undefined
    })
    return this.discovering
  }

  /** Where the popup goes: the issuer's authorization endpoint with our request in its query. */
  async authorizationUrl(start: GoogleSigninStart, now: number): Promise<string> {
    const { authorization_endpoint: endpoint } = await this.discover(now)
    const url = new URL(endpoint)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', this.settings.clientId)
    url.searchParams.set('redirect_uri', this.settings.redirectUrl)
    url.searchParams.set('scope', 'openid email profile')
    url.searchParams.set('state', start.state)
    url.searchParams.set('nonce', start.nonce)
    url.searchParams.set('code_challenge', pkceChallenge(start.codeVerifier))
    url.searchParams.set('code_challenge_method', 'S256')
    url.searchParams.set('prompt', 'select_account')
    return url.toString()
  }

  /** Redeems the code at the token endpoint (with the PKCE verifier) and answers the ID token. */
  async exchangeCode(code: string, codeVerifier: string, now: number): Promise<string> {
    const discovery = await this.discover(now)
    const { clientId, clientSecret, redirectUrl } = this.settings
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUrl,
      code_verifier: codeVerifier,
    })
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
    // Discovery §3: without the list, client_secret_basic is the default. Google lists both; post is preferred
    // because it needs no encoding rules of its own.
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
    if (methods.includes('client_secret_post')) {
      form.set('client_id', clientId)
      form.set('client_secret', clientSecret)
    } else if (methods.includes('client_secret_basic')) {
      const credentials = `${formEncode(clientId)}:${formEncode(clientSecret)}`
      headers.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
    } else {
      throw new GoogleSignInError(
        GOOGLE_UNAVAILABLE,
        `no supported client authentication in ${methods.join(', ')}`,
        502,
      )
    }
    const { status, body } = await this.fetchJson(discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
    })
    const parsed = TokenResponse.safeParse(body)
    if (status !== 200 || !parsed.success) {
      const error = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : 'none'
      throw new GoogleSignInError(
        GOOGLE_CODE_REJECTED,
        `token endpoint answered ${status} (error ${error})`,
        502,
      )
    }
    return parsed.data.id_token
  }

  private async readKeys(now: number): Promise<Map<string, KeyObject>> {
    this.readingKeys ??= (async () => {
      const { jwks_uri: jwksUri } = await this.discover(now)
      const { status, body } = await this.fetchJson(jwksUri)
      const parsed = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).safeParse(body)
      if (status !== 200 || !parsed.success) {
        throw new GoogleSignInError(GOOGLE_UNAVAILABLE, `JWKS answered ${status} without keys`, 502)
      }
      const keys = new Map<string, KeyObject>()
      for (const jwk of parsed.data.keys) {
        if (jwk.kty !== 'RSA' || (jwk.use !== undefined && jwk.use !== 'sig')) continue
        if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue
        try {
          // The JWK is checked by createPublicKey itself; a malformed key is skipped, not fatal.
          keys.set(
            typeof jwk.kid === 'string' ? jwk.kid : '',
            createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
          )
        } catch {
          continue
        }
      }
      this.keys = { value: keys, fetchedAt: now }
      return keys
    })().finally(() => {
      this.readingKeys = undefined
    })
    return this.readingKeys
  }

  /**
   * The key that signed a token. An unknown key id reads the JWKS again before giving up: issuers rotate keys
   * and publish the new one before using it. (Tokens reach us only from the token endpoint, over our own
   * request, so nobody outside can make us refetch at will.)
   */
  private async signingKey(keyId: string | undefined, now: number): Promise<KeyObject | undefined> {
    const pick = (keys: Map<string, KeyObject>) =>
      keyId !== undefined ? keys.get(keyId) : keys.size === 1 ? [...keys.values()][0] : undefined
    const cached = this.keys && now - this.keys.fetchedAt < JWKS_TTL_MS ? this.keys.value : undefined
    if (cached === undefined) return pick(await this.readKeys(now))
    return pick(cached) ?? pick(await this.readKeys(now))
  }

  /**
   * Verifies the ID token (RS256 signature with the issuer's key, iss, aud/azp, exp and iat with a minute of
   * skew, nonce, a verified email) and answers who it names.
   */
  async verifyIdToken(idToken: string, expectedNonce: string, now: number): Promise<GoogleIdentity> {
    const invalid = (reason: string) => new GoogleSignInError(GOOGLE_TOKEN_INVALID, reason, 502)
    const parts = idToken.split('.')
    const [headerPart, payloadPart, signaturePart] = parts
    if (parts.length !== 3 || !headerPart || !payloadPart || !signaturePart) throw invalid('not a JWS')
    const header = IdTokenHeader.safeParse(decodeJsonPart(headerPart))
    if (!header.success) throw invalid('unreadable header')
    // Only the algorithm we expect: never 'none', never an HMAC keyed with a public key.
    if (header.data.alg !== 'RS256') throw invalid(`algorithm ${header.data.alg}`)
    const key = await this.signingKey(header.data.kid, now)
    if (!key) throw invalid(`unknown signing key ${header.data.kid ?? '(no kid)'}`)
    const signed = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}`, 'ascii'),
      key,
      Buffer.from(signaturePart, 'base64url'),
    )
    if (!signed) throw invalid('bad signature')

    const parsed = IdTokenClaims.safeParse(decodeJsonPart(payloadPart))
    if (!parsed.success) throw invalid('claims missing or malformed')
    const claims = parsed.data
    const discovery = await this.discover(now)
    if (!acceptedIssuers(discovery.issuer).includes(claims.iss)) throw invalid(`issuer ${claims.iss}`)
    const { clientId } = this.settings
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud
    if (!audiences.includes(clientId)) throw invalid('audience is not this client')
    // Core §3.1.3.7: with several audiences the authorized party must be present, and when present, be us.
    if (audiences.length > 1 && claims.azp === undefined) throw invalid('several audiences without azp')
    if (claims.azp !== undefined && claims.azp !== clientId)
      throw invalid('authorized party is not this client')
    if (claims.exp * 1000 <= now - ID_TOKEN_CLOCK_SKEW_MS) throw invalid('expired')
    if (claims.iat * 1000 > now + ID_TOKEN_CLOCK_SKEW_MS) throw invalid('issued in the future')
    if (claims.nonce === undefined || !safeEqual(claims.nonce, expectedNonce)) throw invalid('nonce mismatch')

    const verified = claims.email_verified === true || claims.email_verified === 'true'
    const email = Email.safeParse(claims.email)
    if (!verified || !email.success) {
      throw new GoogleSignInError(GOOGLE_EMAIL_NOT_VERIFIED, 'email missing or not verified', 403)
    }
    return { sub: claims.sub, email: email.data }
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
