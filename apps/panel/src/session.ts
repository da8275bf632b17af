import { STORAGE_KEYS } from '@engage/contract'

// The two stored items of a session (client storage). The server render has no localStorage: there
// every visitor is signed out, which is also what the prerendered public pages show before hydration.

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
}

/** Removes both items: logout, an ended session, and a visit to a signed-in page without a token. */
export function clearStoredSession(): void {
  storage()?.removeItem(STORAGE_KEYS.authToken)
  storage()?.removeItem(STORAGE_KEYS.sessionId)
}
