import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_ALREADY_REGISTERED,
  type EndpointResponse,
  INVALID_CREDENTIALS,
  type UpdateProfileRequest,
} from '@engage/contract'
import { twoFactorChallenge } from './security'
import { MockRefusal, type MockState, nextId } from './store'

// Accounts.

function newSession(state: MockState): EndpointResponse<'signup'> {
  const id = nextId(state)
  return { token: `mock-token-${id}`, sessionId: `mock-session-${id}` }
}

export function signin(state: MockState, email: string, password: string): EndpointResponse<'signin'> {
  if (state.accounts.get(email) !== password) throw new MockRefusal(401, INVALID_CREDENTIALS)
  if (state.security.twoFactorAccounts.has(email)) return twoFactorChallenge(state, email)
  return newSession(state)
}

export function signup(state: MockState, email: string, password: string): EndpointResponse<'signup'> {
  if (state.accounts.has(email)) throw new MockRefusal(409, EMAIL_ALREADY_REGISTERED, 'email')
  state.accounts.set(email, password)
  return newSession(state)
}

export function changePassword(state: MockState, currentPassword: string, newPassword: string): void {
  if (state.profile.password !== currentPassword) {
    throw new MockRefusal(400, CURRENT_PASSWORD_INCORRECT, 'currentPassword')
  }
  state.profile.password = newPassword
  state.accounts.set(state.profile.email, newPassword)
}

export function updateProfile(
  state: MockState,
  body: UpdateProfileRequest,
): EndpointResponse<'updateProfile'> {
  if (body.email !== undefined) {
    state.accounts.delete(state.profile.email)
    state.profile.email = body.email
    state.accounts.set(body.email, state.profile.password)
  }
  if (body.phone !== undefined) state.profile.phone = body.phone
  if (body.timezone !== undefined) state.profile.timezone = body.timezone
  return {
    email: state.profile.email,
    settings: { phone: state.profile.phone, timezone: state.profile.timezone },
  }
}
