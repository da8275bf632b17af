import {
  createHash,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
} from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A local OpenID Connect provider that speaks Google's side of the authorization code flow, for tests, the
// end-to-end suite and manual demos (main.ts runs it standalone). It publishes a discovery document and a
// JWKS (an RSA key generated at start), shows a small consent page (or approves at once with autoApprove),
// redirects back with code and state, and at its token endpoint checks the client's id and secret, the code
// (single use, five minutes), the redirect_uri and the PKCE verifier before it signs an RS256 ID token.
// `failure` makes it answer wrongly in one chosen way, to test that the panel refuses it.

export interface FakeGoogleUser {
  /** Google's stable account id (a numeric string at Google). */
  sub: string
  email: string
  emailVerified: boolean
  name: string
}

/** One way the issuer can misbehave; applies to every token issued while it is set. */
export type FakeGoogleFailure =
  | 'wrong-audience'
  | 'wrong-issuer'
  | 'wrong-nonce'
  | 'expired'
  | 'bad-signature'
  | 'unknown-key'
  | 'token-endpoint-error'

export const fakeGoogleFailures = [
  'wrong-audience',
  'wrong-issuer',
  'wrong-nonce',
  'expired',
  'bad-signature',
  'unknown-key',
  'token-endpoint-error',
] as const satisfies readonly FakeGoogleFailure[]

export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic'

export interface FakeGoogleIssuerOptions {
  /** @default '127.0.0.1' */
  host?: string
  /** @default 0 (any free port) */
  port?: number
  /** @default 'fake-client-id.apps.googleusercontent.com' */
  clientId?: string
  /** @default 'fake-client-secret' */
  clientSecret?: string
  /** Who signs in; the consent page lets a person type another email. */
  user?: Partial<FakeGoogleUser>
  /** Skip the consent page: the authorization endpoint redirects back at once. @default false */
  autoApprove?: boolean
  failure?: FakeGoogleFailure
  /** The issuer's clock in epoch milliseconds (iat, exp, code expiry). @default Date.now */
  now?: () => number
  /** What the token endpoint accepts and the discovery document lists. @default both */
  tokenEndpointAuthMethods?: ClientAuthMethod[]
}

export interface AuthorizationRequestRecord {
  query: URLSearchParams
}

export interface TokenRequestRecord {
  form: URLSearchParams
  /** The Authorization header, when the client used client_secret_basic. */
  authorization: string | undefined
}

interface PendingAuthorization {
  clientId: string
  redirectUri: string
  state: string | undefined
  nonce: string | undefined
  codeChallenge: string
}

interface IssuedCode extends PendingAuthorization {
  user: FakeGoogleUser
  expiresAt: number
  used: boolean
}

interface SigningKey {
  kid: string
  privateKey: KeyObject
  publicJwk: JsonWebKey
}

const CODE_TTL_MS = 5 * 60 * 1000
const ID_TOKEN_TTL_S = 3600

function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const kid = randomBytes(8).toString('hex')
  return {
    kid,
    privateKey,
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  }
}

/** A stable, Google-looking numeric sub for an email typed on the consent page. */
export function subForEmail(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest()
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0')}`
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const base64UrlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 64 * 1024) throw new Error('body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Decodes one half of Basic credentials, which RFC 6749 §2.3.1 form-encodes. */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '))

export class FakeGoogleIssuer {
  /** The issuer URL: GOOGLE_ISSUER for the panel. */
  readonly url: string
  readonly clientId: string
  readonly clientSecret: string
  /** Who the next approval signs in (the consent page may override the email). */
  user: FakeGoogleUser
  autoApprove: boolean
  failure: FakeGoogleFailure | undefined
  readonly tokenEndpointAuthMethods: ClientAuthMethod[]
  /** Every authorization request, in order. */
  readonly authorizationRequests: AuthorizationRequestRecord[] = []
  /** Every token request, in order. */
  readonly tokenRequests: TokenRequestRecord[] = []
  /** How often the discovery document and the JWKS were read. */
  readonly reads = { discovery: 0, jwks: 0 }

  private signingKey: SigningKey = newSigningKey()
  private readonly pending = new Map<string, PendingAuthorization>()
  private readonly codes = new Map<string, IssuedCode>()
  private readonly now: () => number

  private constructor(
    private readonly server: http.Server,
    url: string,
    options: FakeGoogleIssuerOptions,
  ) {
    this.url = url
    this.clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com'
    this.clientSecret = options.clientSecret ?? 'fake-client-secret'
    const email = options.user?.email ?? 'ada.lovelace@example.com'
    this.user = {
      sub: options.user?.sub ?? subForEmail(email),
      email,
      emailVerified: options.user?.emailVerified ?? true,
      name: options.user?.name ?? 'Ada Lovelace',
    }
    this.autoApprove = options.autoApprove ?? false
    this.failure = options.failure
    this.now = options.now ?? Date.now
    this.tokenEndpointAuthMethods = options.tokenEndpointAuthMethods ?? [
      'client_secret_post',
      'client_secret_basic',
    ]
  }

  /** Starts the issuer; `url` is where it listens (the port is a free one unless `port` says otherwise). */
  static async start(options: FakeGoogleIssuerOptions = {}): Promise<FakeGoogleIssuer> {
    const server = http.createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address() as AddressInfo
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    const issuer = new FakeGoogleIssuer(server, `http://${host}:${address.port}`, options)
    server.on('request', (request, response) => {
      issuer.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) {
          response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error))
        } else response.destroy()
      })
    })
    return issuer
  }

  /** Replaces the signing key: the JWKS publishes only the new one, as after a rotation at Google. */
  rotateKey(): void {
    this.signingKey = newSigningKey()
  }

  /** The key id tokens are signed with now. */
  get keyId(): string {
    return this.signingKey.kid
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  get authorizationEndpoint() {
    return `${this.url}/o/oauth2/v2/auth`
  }

  get tokenEndpoint() {
    return `${this.url}/token`
  }

  get jwksUri() {
    return `${this.url}/oauth2/v3/certs`
  }

  // ---- HTTP -----------------------------------------------------------------------------------------------

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url)
    const route = `${request.method} ${url.pathname}`
    if (route === 'GET /.well-known/openid-configuration') return this.discovery(response)
    if (route === 'GET /oauth2/v3/certs') return this.jwks(response)
    if (route === 'GET /o/oauth2/v2/auth') return this.authorize(url.searchParams, response)
    if (route === 'POST /o/oauth2/v2/auth/decision') {
      return this.decide(new URLSearchParams(await readBody(request)), response)
    }
    if (route === 'POST /token')
      return this.token(request, new URLSearchParams(await readBody(request)), response)
    sendJson(response, 404, { error: 'not_found' })
  }

  private discovery(response: http.ServerResponse) {
    this.reads.discovery += 1
    sendJson(response, 200, {
      issuer: this.url,
      authorization_endpoint: this.authorizationEndpoint,
      token_endpoint: this.tokenEndpoint,
      jwks_uri: this.jwksUri,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: this.tokenEndpointAuthMethods,
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub', 'nonce'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code'],
    })
  }

  private jwks(response: http.ServerResponse) {
    this.reads.jwks += 1
    sendJson(response, 200, { keys: [this.signingKey.publicJwk] })
  }

  private authorize(query: URLSearchParams, response: http.ServerResponse) {
    this.authorizationRequests.push({ query: new URLSearchParams(query) })
    const clientId = query.get('client_id')
    const redirectUri = query.get('redirect_uri')
    // RFC 6749 §4.1.2.1: a bad client or redirect URI is told to the person, never redirected to.
    if (clientId !== this.clientId)
      return sendPage(response, 400, 'Error 401: invalid_client', 'Unknown client_id.')
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) {
      return sendPage(response, 400, 'Error 400: redirect_uri_mismatch', 'Missing or invalid redirect_uri.')
    }
    const state = query.get('state') ?? undefined
    const refuse = (error: string, description: string) =>
      redirect(response, redirectUri, { error, error_description: description, state })
    if (query.get('response_type') !== 'code')
      return refuse('unsupported_response_type', 'Only code is supported')
    if (!(query.get('scope') ?? '').split(' ').includes('openid'))
      return refuse('invalid_scope', 'openid is required')
    const codeChallenge = query.get('code_challenge')
    if (!codeChallenge || query.get('code_challenge_method') !== 'S256') {
      return refuse('invalid_request', 'PKCE with S256 is required')
    }
    const pending: PendingAuthorization = {
      clientId,
      redirectUri,
      state,
      nonce: query.get('nonce') ?? undefined,
      codeChallenge,
    }
    if (this.autoApprove) return this.approve(pending, this.user, response)
    const requestId = randomUUID()
    this.pending.set(requestId, pending)
    sendHtml(response, 200, this.consentPage(requestId, redirectUri))
  }

  private consentPage(requestId: string, redirectUri: string): string {
    const returnTo = new URL(redirectUri).host
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (fake issuer)</title>
</head>
<body>
<main>
  <h1>Sign in with Google</h1>
  <p>Fake Google issuer for tests and demos. Continue to sign in to ${escapeHtml(returnTo)}.</p>
  <form method="post" action="/o/oauth2/v2/auth/decision">
    <input type="hidden" name="request" value="${escapeHtml(requestId)}">
    <p>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required value="${escapeHtml(this.user.email)}">
    </p>
    <p>
      <input id="email_verified" name="email_verified" type="checkbox" value="true"${this.user.emailVerified ? ' checked' : ''}>
      <label for="email_verified">Email verified</label>
    </p>
    <p>
      <button type="submit" name="decision" value="allow">Continue</button>
      <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
    </p>
  </form>
</main>
</body>
</html>
`
  }

  private decide(form: URLSearchParams, response: http.ServerResponse) {
    const requestId = form.get('request') ?? ''
    const pending = this.pending.get(requestId)
    if (!pending)
      return sendPage(response, 400, 'Error 400: invalid_request', 'This sign-in request is unknown.')
    this.pending.delete(requestId)
    if (form.get('decision') !== 'allow') {
      return redirect(response, pending.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the request',
        state: pending.state,
      })
    }
    const email = (form.get('email') ?? '').trim() || this.user.email
    const sameAccount = email.toLowerCase() === this.user.email.toLowerCase()
    const user: FakeGoogleUser = {
      sub: sameAccount ? this.user.sub : subForEmail(email),
      email,
      emailVerified: form.get('email_verified') === 'true',
      name: sameAccount ? this.user.name : (email.split('@')[0] ?? email),
    }
    this.approve(pending, user, response)
  }

  private approve(pending: PendingAuthorization, user: FakeGoogleUser, response: http.ServerResponse) {
    const code = randomBytes(24).toString('base64url')
    this.codes.set(code, { ...pending, user: { ...user }, expiresAt: this.now() + CODE_TTL_MS, used: false })
    redirect(response, pending.redirectUri, { code, state: pending.state, scope: 'openid email profile' })
  }

  private token(request: http.IncomingMessage, form: URLSearchParams, response: http.ServerResponse) {
    const authorization = request.headers.authorization
    this.tokenRequests.push({ form: new URLSearchParams(form), authorization })
    if (this.failure === 'token-endpoint-error') {
      return sendJson(response, 500, { error: 'server_error', error_description: 'Simulated failure' })
    }

    // Client authentication (RFC 6749 §2.3.1), by the methods the discovery document lists.
    let clientId: string | null
    let clientSecret: string | null
    const basic = /^Basic (.+)$/i.exec(authorization ?? '')
    if (basic?.[1]) {
      if (!this.tokenEndpointAuthMethods.includes('client_secret_basic')) {
        return sendJson(response, 401, { error: 'invalid_client', error_description: 'Basic not accepted' })
      }
      const [id = '', secret = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':')
      clientId = formDecode(id)
      clientSecret = formDecode(secret)
    } else {
      if (!this.tokenEndpointAuthMethods.includes('client_secret_post')) {
        return sendJson(response, 401, { error: 'invalid_client', error_description: 'Post not accepted' })
      }
      clientId = form.get('client_id')
      clientSecret = form.get('client_secret')
    }
    if (clientId !== this.clientId || clientSecret !== this.clientSecret) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' })
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' })
    }

    const invalidGrant = (description: string) =>
      sendJson(response, 400, { error: 'invalid_grant', error_description: description })
    const issued = this.codes.get(form.get('code') ?? '')
    if (!issued || issued.clientId !== clientId) return invalidGrant('Malformed auth code.')
    if (issued.used) return invalidGrant('Code was already redeemed.')
    issued.used = true
    if (this.now() >= issued.expiresAt) return invalidGrant('Code expired.')
    if (form.get('redirect_uri') !== issued.redirectUri) return invalidGrant('Bad Request')
    const verifier = form.get('code_verifier')
    if (!verifier) return invalidGrant('Missing code verifier.')
    if (createHash('sha256').update(verifier).digest('base64url') !== issued.codeChallenge) {
      return invalidGrant('Invalid code verifier.')
    }

    sendJson(response, 200, {
      access_token: randomBytes(24).toString('base64url'),
      expires_in: ID_TOKEN_TTL_S,
      scope: 'openid email profile',
      token_type: 'Bearer',
      id_token: this.idToken(issued),
    })
  }

  /** The ID token for an issued code, bent by `failure` when one is set. */
  idToken(issued: Pick<IssuedCode, 'user' | 'nonce' | 'clientId'>): string {
    const failure = this.failure
    const issuedAt = Math.floor(this.now() / 1000) - (failure === 'expired' ? 2 * ID_TOKEN_TTL_S : 0)
    const claims: Record<string, unknown> = {
      iss: failure === 'wrong-issuer' ? 'https://issuer.invalid' : this.url,
      azp: issued.clientId,
      aud: failure === 'wrong-audience' ? 'another-client.apps.googleusercontent.com' : issued.clientId,
      sub: issued.user.sub,
      email: issued.user.email,
      email_verified: issued.user.emailVerified,
      name: issued.user.name,
      iat: issuedAt,
      exp: issuedAt + ID_TOKEN_TTL_S,
    }
    if (issued.nonce !== undefined) {
      claims.nonce = failure === 'wrong-nonce' ? randomBytes(16).toString('base64url') : issued.nonce
    }
    if (failure === 'wrong-audience') delete claims.azp
    // bad-signature: the published key id, another key's signature. unknown-key: a key the JWKS never lists.
    const signer =
      failure === 'bad-signature'
        ? { ...newSigningKey(), kid: this.signingKey.kid }
        : failure === 'unknown-key'
          ? newSigningKey()
          : this.signingKey
    const signingInput = `${base64UrlJson({ alg: 'RS256', kid: signer.kid, typ: 'JWT' })}.${base64UrlJson(claims)}`
    const signature = sign('sha256', Buffer.from(signingInput), signer.privateKey).toString('base64url')
    return `${signingInput}.${signature}`
  }
}

export function startFakeGoogleIssuer(options: FakeGoogleIssuerOptions = {}): Promise<FakeGoogleIssuer> {
  return FakeGoogleIssuer.start(options)
}

function sendJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  response.end(JSON.stringify(body))
}

function sendHtml(response: http.ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(html)
}

function sendPage(response: http.ServerResponse, status: number, heading: string, text: string) {
  sendHtml(
    response,
    status,
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>\n` +
      `<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></main></body>\n</html>\n`,
  )
}

function redirect(
  response: http.ServerResponse,
  redirectUri: string,
  parameters: Record<string, string | undefined>,
) {
  const location = new URL(redirectUri)
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) location.searchParams.set(name, value)
  }
  response.writeHead(302, { Location: location.toString(), 'Cache-Control': 'no-store' })
  response.end()
}
