import { STORAGE_KEYS } from '@engage/contract'
import { writeSessionCookie } from './cookies'

// The two stored items of a session (client storage), and the token's copy in a cookie (cookies.ts) for the
// server render of the signed-in pages. The server render has no localStorage: there a visitor is signed in
// only through that cookie, and the prerendered public pages show everyone signed out before hydration.

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage
}

/** The bearer token of the signed-in user, or null. */
export function readStoredToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.authToken) ?? null
}

export function storeSession(token: string, sessionId: string): void {
  storage()?.setItem(STORAGE_KEYS.authToken, token)
  storage()?.setItem(STORAGE_KEYS.sessionId, sessionId)
  writeSessionCookie(token)
}

/** Removes both items: logout, an ended session, and a visit to a signed-in page without a token. */
export function clearStoredSession(): void {
  storage()?.removeItem(STORAGE_KEYS.authToken)
  storage()?.removeItem(STORAGE_KEYS.sessionId)
  writeSessionCookie(null)
}
