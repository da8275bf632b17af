import {
  CURRENT_PASSWORD_INCORRECT,
  type EndpointResponse,
  OTHER_SESSIONS_REVOKED,
  RECOVERY_CODE_COUNT,
  SESSION_NOT_FOUND,
  SESSION_REVOKED,
  TWO_FACTOR_ALREADY_ENABLED,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_NOT_ENABLED,
  TWO_FACTOR_SETUP_NOT_STARTED,
} from '@engage/contract'
import { MockRefusal, type MockState, nextId } from './store'

// Two-factor sign-in and sessions. The mocks keep no real secret: MOCK_TWO_FACTOR_CODE is the authenticator
// code they accept, and the recovery codes are fixed so stories can type one.

export const MOCK_TWO_FACTOR_CODE = '123456'
export const MOCK_TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
export const MOCK_RECOVERY_CODES = Array.from(
  { length: RECOVERY_CODE_COUNT },
  (_, index) => `mock${index}-code${index}`,
)
/** A small QR-like SVG: the mocks show the set-up's layout, not a scannable code. */
const MOCK_QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h8v8H0z"/><path stroke="#000" d="M1 1.5h2m2 0h2M1 3.5h1m4 0h1M2 5.5h4M1 6.5h1m3 0h2"/></svg>'

function acceptsCode(state: MockState, code: string): boolean {
  if (code.replace(/\s/g, '') === MOCK_TWO_FACTOR_CODE) return true
  const normalised = code.trim().toLowerCase()
  if (!MOCK_RECOVERY_CODES.includes(normalised) || state.security.usedRecoveryCodes.has(normalised))
    return false
  state.security.usedRecoveryCodes.add(normalised)
  state.security.recoveryCodesLeft -= 1
  return true
}

/** The challenge a sign-in answers for an account in `twoFactorAccounts`. */
export function twoFactorChallenge(state: MockState, email: string): EndpointResponse<'signin'> {
  const challenge = `mock-challenge-${nextId(state)}`
  state.security.challenges.set(challenge, email)
  return { twoFactorRequired: true, challenge }
}

export function signinTwoFactor(
  state: MockState,
  challenge: string,
  code: string,
): EndpointResponse<'signinTwoFactor'> {
  if (!state.security.challenges.has(challenge)) throw new MockRefusal(401, TWO_FACTOR_CHALLENGE_EXPIRED)
  if (!acceptsCode(state, code)) throw new MockRefusal(401, TWO_FACTOR_CODE_INVALID, 'code')
  state.security.challenges.delete(challenge)
  const id = nextId(state)
  return { token: `mock-token-${id}`, sessionId: `mock-session-${id}` }
}

export function twoFactorStatus(state: MockState): EndpointResponse<'twoFactorStatus'> {
  const { twoFactorEnabled, recoveryCodesLeft, twoFactorRequired } = state.security
  return {
    enabled: twoFactorEnabled,
    enabledAt: twoFactorEnabled ? state.now().toISOString() : null,
    recoveryCodesLeft: twoFactorEnabled ? recoveryCodesLeft : 0,
    required: twoFactorRequired,
  }
}

export function twoFactorSetup(state: MockState): EndpointResponse<'twoFactorSetup'> {
  if (state.security.twoFactorEnabled) throw new MockRefusal(409, TWO_FACTOR_ALREADY_ENABLED)
  state.security.setupPending = true
  const label = encodeURIComponent(state.profile.email)
  return {
    secret: MOCK_TWO_FACTOR_SECRET,
    uri: `otpauth://totp/Engage%20Panel:${label}?issuer=Engage%20Panel&secret=${MOCK_TWO_FACTOR_SECRET}&algorithm=SHA1&digits=6&period=30`,
    qrSvg: MOCK_QR_SVG,
  }
}

export function twoFactorConfirm(state: MockState, code: string): EndpointResponse<'twoFactorConfirm'> {
  if (state.security.twoFactorEnabled) throw new MockRefusal(409, TWO_FACTOR_ALREADY_ENABLED)
  if (!state.security.setupPending) throw new MockRefusal(409, TWO_FACTOR_SETUP_NOT_STARTED)
  if (code.replace(/\s/g, '') !== MOCK_TWO_FACTOR_CODE)
    throw new MockRefusal(422, TWO_FACTOR_CODE_INVALID, 'code')
  Object.assign(state.security, {
    twoFactorEnabled: true,
    setupPending: false,
    recoveryCodesLeft: RECOVERY_CODE_COUNT,
  })
  state.security.usedRecoveryCodes.clear()
  state.security.twoFactorAccounts.add(state.profile.email)
  return { recoveryCodes: [...MOCK_RECOVERY_CODES] }
}

export function twoFactorDisable(
  state: MockState,
  password: string | undefined,
  code: string,
): EndpointResponse<'twoFactorDisable'> {
  if (!state.security.twoFactorEnabled) throw new MockRefusal(409, TWO_FACTOR_NOT_ENABLED)
  if (password !== state.profile.password) throw new MockRefusal(400, CURRENT_PASSWORD_INCORRECT, 'password')
  if (!acceptsCode(state, code)) throw new MockRefusal(422, TWO_FACTOR_CODE_INVALID, 'code')
  Object.assign(state.security, { twoFactorEnabled: false, recoveryCodesLeft: 0 })
  state.security.twoFactorAccounts.delete(state.profile.email)
  return { message: TWO_FACTOR_DISABLED }
}

export function revokeSession(state: MockState, id: string): EndpointResponse<'revokeSession'> {
  const { sessions } = state.security
  const index = sessions.findIndex((session) => session.id === id)
  if (index < 0) throw new MockRefusal(404, SESSION_NOT_FOUND)
  sessions.splice(index, 1)
  return { message: SESSION_REVOKED }
}

export function revokeOtherSessions(state: MockState): EndpointResponse<'revokeOtherSessions'> {
  state.security.sessions = state.security.sessions.filter((session) => session.current)
  return { message: OTHER_SESSIONS_REVOKED }
}
