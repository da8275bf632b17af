import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { AUTH_MODES, CHANGE_PASSWORD_REDIRECT_MS, GOOGLE_REDIRECT_MS, type AuthMode } from '@engage/contract'
import { AuthForm, type AuthenticatedSession } from '@engage/screens'
import { useSession, useTheme } from '../AppState'
import { returnToPath } from '../RequireAuth'
import { useGoogleSignInEnabled } from '../useAuthProviders'

function isAuthMode(value: string | null): value is AuthMode {
  return (AUTH_MODES as readonly (string | null)[]).includes(value)
}

/**
 * /auth: the AuthForm, with the mode in the address (?mode=signup, ?mode=change; ?token= opens reset), and the
 * redirects after it succeeds.
 */
export default function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const session = useSession()
  const { theme, setTheme } = useTheme()
  const googleEnabled = useGoogleSignInEnabled()
  const redirectTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(redirectTimer.current), [])

  const token = searchParams.get('token') ?? undefined
  const modeParameter = searchParams.get('mode')
  const initialMode: AuthMode = isAuthMode(modeParameter) ? modeParameter : 'login'
  const returnTo = returnToPath(location.state)

  const onAuthenticated = (authenticated: AuthenticatedSession) => {
    session.signIn(authenticated.token, authenticated.sessionId)
    if (authenticated.via === 'google') {
      // A Google sign-in shows its success message for a second; new accounts start at the wallet.
      const target = authenticated.newUser ? '/wallet' : '/dashboard'
      redirectTimer.current = window.setTimeout(() => navigate(target, { replace: true }), GOOGLE_REDIRECT_MS)
    } else {
      navigate(returnTo ?? '/dashboard', { replace: true })
    }
  }

  const onChangeSuccess = () => {
    redirectTimer.current = window.setTimeout(
      () => navigate('/dashboard', { replace: true }),
      CHANGE_PASSWORD_REDIRECT_MS,
    )
  }

  // The address follows the mode, so a reload or a shared link opens the same form; the remembered path
  // (history state) goes along.
  const onModeChange = useCallback(
    (mode: AuthMode) => {
      const next = new URLSearchParams()
      if (mode !== 'login') next.set('mode', mode)
      setSearchParams(next, { replace: true, state: location.state as unknown })
    },
    [setSearchParams, location.state],
  )

  return (
    <AuthForm
      initialMode={initialMode}
      token={token}
      googleEnabled={googleEnabled}
      onAuthenticated={onAuthenticated}
      onChangeSuccess={onChangeSuccess}
      onModeChange={onModeChange}
      theme={theme}
      onThemeChange={setTheme}
    />
  )
}
