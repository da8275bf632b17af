import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { applyTheme, type Theme } from '@engage/ui'
import { clearStoredSession, readStoredToken, storeSession } from './session'
import { readStoredTheme, storeTheme } from './theme'

// The app's two pieces of state that outlive a page: the session token and the colour theme. Both are read
// from localStorage once at load (authenticated when a token is present at load) and written back
// on every change. The server render starts from what its request's cookies say instead.

interface SessionState {
  /** The bearer token, or null when signed out. */
  token: string | null
  /** Stores a new session (login, signup, Google). */
  signIn: (token: string, sessionId: string) => void
  /** Removes both stored items. */
  signOut: () => void
}

interface ThemeState {
  theme: Theme
  setTheme: (theme: Theme) => void
}

const SessionContext = createContext<SessionState | null>(null)
const ThemeContext = createContext<ThemeState | null>(null)

/** What the server render starts from, in place of localStorage (which it has not): its cookies' copies. */
export interface InitialAppState {
  token: string | null
  theme: Theme
}

export function AppStateProvider({ children, initial }: { children: ReactNode; initial?: InitialAppState }) {
  const [token, setToken] = useState(() => (initial ? initial.token : readStoredToken()))
  const [theme, setThemeState] = useState(() => (initial ? initial.theme : readStoredTheme()))

  const signIn = useCallback((newToken: string, sessionId: string) => {
    storeSession(newToken, sessionId)
    setToken(newToken)
  }, [])
  const signOut = useCallback(() => {
    clearStoredSession()
    setToken(null)
  }, [])
  const setTheme = useCallback((next: Theme) => {
    storeTheme(next)
    setThemeState(next)
  }, [])

  // The head script applied the saved theme before the first paint; this keeps the root in step afterwards.
  useLayoutEffect(() => applyTheme(document.documentElement, theme), [theme])

  const session = useMemo(() => ({ token, signIn, signOut }), [token, signIn, signOut])
  const themeState = useMemo(() => ({ theme, setTheme }), [theme, setTheme])
  return (
    <SessionContext.Provider value={session}>
      <ThemeContext.Provider value={themeState}>{children}</ThemeContext.Provider>
    </SessionContext.Provider>
  )
}

export function useSession(): SessionState {
  const session = useContext(SessionContext)
  if (session === null) throw new Error('useSession must be used inside AppStateProvider')
  return session
}

export function useTheme(): ThemeState {
  const theme = useContext(ThemeContext)
  if (theme === null) throw new Error('useTheme must be used inside AppStateProvider')
  return theme
}
