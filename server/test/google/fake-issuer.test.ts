import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FakeGoogleIssuer } from './fakeGoogleIssuer'

// The fake issuer is only worth its tests if it refuses what Google refuses: these talk to it directly, as
// a client would, so the sign-in tests (and the end-to-end suite) can trust its answers.

let issuer: FakeGoogleIssuer
const redirectUri = 'http://panel.test/api/signin/google/callback'

beforeAll(async () => {
  issuer = await FakeGoogleIssuer.start({ autoApprove: true })
})
afterAll(() => issuer.close())
beforeEach(() => {
  issuer.failure = undefined
})

/** Asks for a code with a fresh PKCE pair; answers the code and its verifier. */
async function authorize(query: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url')
  const url = new URL(issuer.authorizationEndpoint)
  const parameters = {
    response_type: 'code',
    client_id: issuer.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: 'the-state',
    nonce: 'the-nonce',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...query,
  }
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value)
  const response = await fetch(url, { redirect: 'manual' })
  const location = new URL(response.headers.get('Location') ?? 'http://none.invalid')
  return { response, location, code: location.searchParams.get('code') ?? '', verifier }
}

function redeem(form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(issuer.tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  })
}

function validForm(code: string, verifier: string): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: issuer.clientId,
    client_secret: issuer.clientSecret,
  }
}

describe('the fake Google issuer', () => {
  it('publishes a discovery document naming its endpoints and its signing key', async () => {
    const discovery = (await (
      await fetch(`${issuer.url}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery).toMatchObject({
      issuer: issuer.url,
      authorization_endpoint: issuer.authorizationEndpoint,
      token_endpoint: issuer.tokenEndpoint,
      jwks_uri: issuer.jwksUri,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    })
    const jwks = (await (await fetch(issuer.jwksUri)).json()) as { keys: { kid: string; kty: string }[] }
    expect(jwks.keys).toEqual([expect.objectContaining({ kid: issuer.keyId, kty: 'RSA', alg: 'RS256' })])
  })

  it('returns code and state to the redirect URI and signs an ID token for them', async () => {
    const { location, code, verifier } = await authorize()
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri)
    expect(location.searchParams.get('state')).toBe('the-state')
    const response = await redeem(validForm(code, verifier))
    expect(response.status).toBe(200)
    const { id_token: idToken } = (await response.json()) as { id_token: string }
    const [header = '', payload = '', signature = ''] = idToken.split('.')
    const jwks = (await (await fetch(issuer.jwksUri)).json()) as { keys: JsonWebKey[] }
    const key = createPublicKey({ key: jwks.keys[0] ?? {}, format: 'jwk' })
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
    ).toBe(true)
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: issuer.url,
      aud: issuer.clientId,
      sub: issuer.user.sub,
      email: issuer.user.email,
      email_verified: true,
      nonce: 'the-nonce',
    })
  })

  it('redeems a code once', async () => {
    const { code, verifier } = await authorize()
    expect((await redeem(validForm(code, verifier))).status).toBe(200)
    const again = await redeem(validForm(code, verifier))
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it.each([
    ['without the PKCE verifier', { code_verifier: '' }],
    ['with another verifier', { code_verifier: randomBytes(32).toString('base64url') }],
    ['for another redirect URI', { redirect_uri: 'http://elsewhere.test/callback' }],
  ])('refuses a code %s', async (_case, change) => {
    const { code, verifier } = await authorize()
    const response = await redeem({ ...validForm(code, verifier), ...change })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses a client with the wrong secret', async () => {
    const { code, verifier } = await authorize()
    const response = await redeem({ ...validForm(code, verifier), client_secret: 'guess' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'invalid_client' })
  })

  it('sends an authorization request without PKCE back with invalid_request', async () => {
    const { location } = await authorize({ code_challenge_method: 'plain' })
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('state')).toBe('the-state')
    expect(location.searchParams.has('code')).toBe(false)
  })

  it('shows an error page, not a redirect, for an unknown client', async () => {
    const { response } = await authorize({ client_id: 'someone-else' })
    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
    expect(await response.text()).toContain('invalid_client')
  })
})
