import { Fragment, useCallback, useEffect, useId, useState, type ReactNode } from 'react'
import {
  AUTH_MESSAGE_CLEAR_MS,
  AUTH_MODE_HEADINGS,
  BACK_TO_LOGIN,
  FORGOT_YOUR_PASSWORD,
  GENERIC_ERROR,
  HAVE_ACCOUNT_LOGIN,
  modeFailedLabel,
  modeFailedMessage,
  NO_ACCOUNT_SIGN_UP,
  OR_CONTINUE_WITH,
  PASSWORD_CHANGED,
  PASSWORD_RESET_SUCCESS,
  PROCESSING,
  RESET_LINK_SENT,
  RESET_REDIRECT_MS,
  SIGN_IN_WITH_GOOGLE,
  SIGN_UP_WITH_GOOGLE,
  type AuthMode,
} from '@engage/contract'
import {
  isApiError,
  useChangePassword,
  useForgotPassword,
  useResetPassword,
  useSignin,
  useSignup,
} from '@engage/client'
import { Banner, Box, Button, Card, Heading, Link, Text, ThemeToggle, type Theme } from '@engage/ui'
import { brand, divider, page, panel, themeToggle } from './AuthForm.css'
import { ChangeForm, ForgotForm, LoginForm, ResetForm, SignupForm } from './AuthModeForms'
import { type PendingTwoFactor, TwoFactorStep } from './TwoFactorStep'
import { useGooglePopup, type GooglePopupResult } from './useGooglePopup'

/** A new session, handed to the app to store (authToken, sessionId) before it redirects. */
export interface AuthenticatedSession {
  token: string
  sessionId: string
  /** True for an account created just now (signup, or a first Google sign-in). */
  newUser: boolean
  /** How the user signed in: the app redirects Google sign-ins after 1 s, new Google users to /wallet. */
  via: 'password' | 'google'
}

export interface AuthFormProps {
  /** The mode shown first; a reset token always opens 'reset', and 'reset' without a token opens 'forgot'. @default 'login' */
  initialMode?: AuthMode
  /** The reset token from the page's `token` query parameter; when given, the form opens in reset mode. */
  token?: string
  /** Whether the server offers Google sign-in; when false the Google button is disabled and says why. @default true */
  googleEnabled?: boolean
  /** The address that starts Google sign-in in the popup. @default '/api/signin/google' */
  googleSignInUrl?: string
  /** Called after a successful login, signup or Google sign-in. */
  onAuthenticated: (session: AuthenticatedSession) => void
  /** Called after a successful password change; the app then redirects to /dashboard after 2 s. */
  onChangeSuccess?: () => void
  /** Called when the user switches mode (to keep the address bar in step, for example). */
  onModeChange?: (mode: AuthMode) => void
  /** The colour theme the dark/light toggle shows. */
  theme: Theme
  /** Called with the theme the user switched to. */
  onThemeChange: (theme: Theme) => void
}

/** The label of each mode's submit button while idle. */
export const authSubmitLabels: Record<AuthMode, string> = {
  login: 'Login',
  signup: 'Sign Up',
  forgot: 'Send Reset Link',
  reset: 'Reset Password',
  change: 'Change Password',
}

/** House text shown while the app redirects after a Google sign-in. */
export const GOOGLE_SIGNED_IN = 'Signed in with Google. Redirecting...'
/** House text under the Google button when the server has no Google client configured. */
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.'

interface StatusMessage {
  tone: 'success' | 'error'
  text: string
  /** A failed submit also turns the submit button into '<Mode> Failed' until the message clears. */
  failedSubmit: boolean
}

/**
 * The authentication screen (/auth): login, signup, forgot, reset and change password, each validated by the
 * contract's schema, with Google sign-in in a popup and a dark/light toggle at the top right.
 */
export function AuthForm({
  initialMode = 'login',
  token,
  googleEnabled = true,
  googleSignInUrl = '/api/signin/google',
  onAuthenticated,
  onChangeSuccess,
  onModeChange,
  theme,
  onThemeChange,
}: AuthFormProps) {
  // Reset needs the token of an e-mailed link; without one the visitor is offered a new link instead.
  const [mode, setMode] = useState<AuthMode>(
    token ? 'reset' : initialMode === 'reset' ? 'forgot' : initialMode,
  )
  const [status, setStatus] = useState<StatusMessage | null>(null)
  const [resetSucceeded, setResetSucceeded] = useState(false)
  // Set when the first step (password or Google) asked for the second factor: the code step is shown.
  const [pendingTwoFactor, setPendingTwoFactor] = useState<PendingTwoFactor | null>(null)
  const googleDescriptionId = useId()
  const formId = useId()

  const signin = useSignin()
  const signup = useSignup()
  const forgotPassword = useForgotPassword()
  const resetPassword = useResetPassword()
  const changePassword = useChangePassword()
  const isPending = {
    login: signin.isPending,
    signup: signup.isPending,
    forgot: forgotPassword.isPending,
    reset: resetPassword.isPending,
    change: changePassword.isPending,
  }[mode]

  // Every status message, success or failure, clears after 4 s.
  useEffect(() => {
    if (!status) return
    const timer = window.setTimeout(() => setStatus(null), AUTH_MESSAGE_CLEAR_MS)
    return () => window.clearTimeout(timer)
  }, [status])

  const switchMode = useCallback(
    (nextMode: AuthMode, { keepStatus = false } = {}) => {
      setMode(nextMode)
      if (!keepStatus) setStatus(null)
      onModeChange?.(nextMode)
    },
    [onModeChange],
  )

  // A successful reset shows its message, then switches to login after 2 s, keeping the message in view.
  useEffect(() => {
    if (!resetSucceeded) return
    const timer = window.setTimeout(() => {
      setResetSucceeded(false)
      switchMode('login', { keepStatus: true })
    }, RESET_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [resetSucceeded, switchMode])

  const succeed = (text: string) => setStatus({ tone: 'success', text, failedSubmit: false })

  const google = useGooglePopup({
    url: googleSignInUrl,
    onResult: (result: GooglePopupResult) => {
      if (result.kind === 'error') {
        setStatus({ tone: 'error', text: result.message, failedSubmit: false })
        return
      }
      if (result.kind === 'two-factor') {
        setPendingTwoFactor({ challenge: result.challenge, newUser: result.newUser, via: 'google' })
        return
      }
      succeed(GOOGLE_SIGNED_IN)
      onAuthenticated({
        token: result.token,
        sessionId: result.sessionId,
        newUser: result.newUser,
        via: 'google',
      })
    },
  })

  const submitFailed = status?.failedSubmit === true
  const submitButton = (
    <Button
      type="submit"
      form={formId}
      isFullWidth
      size="large"
      tone={submitFailed ? 'critical' : 'primary'}
      isPending={isPending}
      pendingLabel={PROCESSING}
    >
      {isPending ? PROCESSING : submitFailed ? modeFailedLabel(mode) : authSubmitLabels[mode]}
    </Button>
  )

  // Each mode submits its own call; a failure after the client's retries reads '{Mode} failed: {message}'.
  const submit = async (call: () => Promise<void>) => {
    setStatus(null)
    try {
      await call()
    } catch (error) {
      const detail = isApiError(error) ? error.detail : GENERIC_ERROR
      setStatus({ tone: 'error', text: modeFailedMessage(mode, detail), failedSubmit: true })
    }
  }

  const modeForms: Record<AuthMode, ReactNode> = {
    login: (
      <LoginForm
        formId={formId}
        onValid={(values) =>
          submit(async () => {
            const session = await signin.mutateAsync(values)
            if ('challenge' in session) {
              setPendingTwoFactor({ challenge: session.challenge, newUser: false, via: 'password' })
              return
            }
            onAuthenticated({
              token: session.token,
              sessionId: session.sessionId,
              newUser: false,
              via: 'password',
            })
          })
        }
      />
    ),
    signup: (
      <SignupForm
        formId={formId}
        onValid={(values) =>
          submit(async () => {
            const session = await signup.mutateAsync(values)
            onAuthenticated({
              token: session.token,
              sessionId: session.sessionId,
              newUser: true,
              via: 'password',
            })
          })
        }
      />
    ),
    forgot: (
      <ForgotForm
        formId={formId}
        onValid={(values) =>
          submit(async () => {
            const answer = await forgotPassword.mutateAsync(values)
            succeed(answer.message || RESET_LINK_SENT)
          })
        }
      />
    ),
    reset: (
      <ResetForm
        token={token ?? ''}
        formId={formId}
        onValid={(values) =>
          submit(async () => {
            await resetPassword.mutateAsync(values)
            succeed(PASSWORD_RESET_SUCCESS)
            setResetSucceeded(true)
          })
        }
      />
    ),
    change: (
      <ChangeForm
        formId={formId}
        onValid={(values) =>
          submit(async () => {
            await changePassword.mutateAsync(values)
            succeed(PASSWORD_CHANGED)
            onChangeSuccess?.()
          })
        }
      />
    ),
  }

  const showGoogle = mode === 'login' || mode === 'signup'

  return (
    <main className={page}>
      <div className={themeToggle}>
        <ThemeToggle theme={theme} onThemeChange={onThemeChange} />
      </div>
      <Box display="flex" flexDirection="column" alignItems="center" gap="xlarge" className={panel}>
        <Link href="/" className={brand}>
          Engage Panel
        </Link>
        <Card elevation="raised" width="full" display="flex" flexDirection="column" gap="large">
          {pendingTwoFactor ? (
            <TwoFactorStep
              pending={pendingTwoFactor}
              onAuthenticated={(session) =>
                onAuthenticated({
                  token: session.token,
                  sessionId: session.sessionId,
                  newUser: pendingTwoFactor.newUser,
                  via: pendingTwoFactor.via,
                })
              }
              onCancel={() => setPendingTwoFactor(null)}
            />
          ) : (
            <>
              <Heading level={1} size="large">
                {AUTH_MODE_HEADINGS[mode]}
              </Heading>
              {status ? <Banner tone={status.tone}>{status.text}</Banner> : null}
              {/* A new form per mode (fresh values and messages); the submit button stays the same element. */}
              <Fragment key={mode}>{modeForms[mode]}</Fragment>
              {submitButton}

              {showGoogle ? (
                <Box display="flex" flexDirection="column" gap="medium">
                  <div className={divider}>{OR_CONTINUE_WITH}</div>
                  <Button
                    tone="secondary"
                    isFullWidth
                    isDisabled={!googleEnabled}
                    isPending={google.isOpen}
                    pendingLabel="Waiting for Google"
                    aria-describedby={googleEnabled ? undefined : googleDescriptionId}
                    onPress={google.open}
                  >
                    {mode === 'signup' ? SIGN_UP_WITH_GOOGLE : SIGN_IN_WITH_GOOGLE}
                  </Button>
                  {googleEnabled ? null : (
                    <Text id={googleDescriptionId} size="small" tone="muted">
                      {GOOGLE_NOT_CONFIGURED}
                    </Text>
                  )}
                </Box>
              ) : null}

              <Box display="flex" flexDirection="column" alignItems="center" gap="small">
                {mode === 'login' ? (
                  <>
                    <Link onPress={() => switchMode('signup')}>{NO_ACCOUNT_SIGN_UP}</Link>
                    <Link onPress={() => switchMode('forgot')}>{FORGOT_YOUR_PASSWORD}</Link>
                  </>
                ) : mode === 'signup' ? (
                  <Link onPress={() => switchMode('login')}>{HAVE_ACCOUNT_LOGIN}</Link>
                ) : (
                  <Link onPress={() => switchMode('login')}>{BACK_TO_LOGIN}</Link>
                )}
              </Box>
            </>
          )}
        </Card>
      </Box>
    </main>
  )
}
