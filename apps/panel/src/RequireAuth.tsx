import { useEffect } from 'react'
import { NO_AUTHENTICATION_TOKEN_AVAILABLE } from '@engage/contract'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { useSession } from './AppState'

/** Where the guard sends a visitor, and what it remembers for after sign-in. */
export interface ReturnToState {
  /** Path, query and hash of the signed-in page asked for (a widget deep link keeps its query). */
  from: string
}

/** The path remembered by the guard, when the visitor arrived at /auth through it. */
export function returnToPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null
  const from = (state as Partial<ReturnToState>).from
  // Only a path on this site: a crafted history state must not send the user elsewhere after sign-in.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null
}

/**
 * The guard of the signed-in pages (the reading recorded in ADR 004): without a token, remove both stored
 * items, remember the requested path and replace the entry with /auth.
 */
export function RequireAuth() {
  const { token } = useSession()
  return token === null ? <RedirectToAuth /> : <Outlet />
}

function RedirectToAuth() {
  const { signOut } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    console.info(NO_AUTHENTICATION_TOKEN_AVAILABLE)
    signOut()
    const state: ReturnToState = { from: location.pathname + location.search + location.hash }
    navigate('/auth', { replace: true, state })
  }, [signOut, navigate, location])
  return null
}
