import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { fixtureProfile, handlers, scenarios } from '@engage/mocks'
import { AuthForm, GOOGLE_NOT_CONFIGURED, GOOGLE_SIGNED_IN } from '@engage/screens'
import { vars } from '@engage/ui'
import { withClient } from '../support/decorators'

const navigate = fn()

/** The computed colour a token resolves to, to compare with what an element shows. */
function resolvedColour(token: string): string {
  const probe = document.createElement('span')
  probe.style.backgroundColor = token
  document.body.append(probe)
  const colour = getComputedStyle(probe).backgroundColor
  probe.remove()
  return colour
}

/** A same-origin frame stands in for the Google popup, so messages can come from "the popup" itself. */
function openPopupStandIn() {
  const frame = document.createElement('iframe')
  frame.title = 'Google sign-in popup stand-in'
  frame.hidden = true
  document.body.append(frame)
  const popup = frame.contentWindow
  if (!popup) throw new Error('the stand-in frame has a window')
  const open = spyOn(window, 'open').mockReturnValue(popup)
  return {
    frame,
    popup,
    restore: () => {
      open.mockRestore()
      frame.remove()
    },
  }
}
let popupStandIn: ReturnType<typeof openPopupStandIn> | undefined

function messageFrom(source: Window, data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
}

/**
 * A pending Button announces itself through react-aria's page-wide live region with a node labelled by the
 * button's id; the node stays for 7 s. When the previous story unmounted that button, the node points at
 * nothing and the next story's a11y check would blame it, so such leftovers are removed before each story.
 */
function removeStaleAnnouncements() {
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const labelIds = (node.getAttribute('aria-labelledby') ?? '').split(' ')
    if (labelIds.some((id) => document.getElementById(id) === null)) node.remove()
  }
}

const meta = {
  component: AuthForm,
  title: 'Screens/AuthForm',
  decorators: [
    withClient,
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  args: {
    theme: 'dark',
    onThemeChange: fn(),
    onAuthenticated: fn(),
    onChangeSuccess: fn(),
    onModeChange: fn(),
  },
  beforeEach: () => {
    navigate.mockClear()
    removeStaleAnnouncements()
  },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof AuthForm>
export default meta
type Story = StoryObj<typeof meta>

// ---- The five modes ------------------------------------------------------------------------------------

export const Login: Story = {
  play: async ({ canvas, args, step }) => {
    await step('heading, fields, links and the Google button of login', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
      await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute('type', 'email')
      await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute('type', 'password')
      await expect(canvas.getByRole('link', { name: "Don't have an account? Sign up" })).toBeVisible()
      await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toBeVisible()
      await expect(canvas.getByText('Or continue with')).toBeVisible()
      await expect(canvas.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled()
    })
    await step('a correct login hands the new session to the app', async () => {
      await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
      await userEvent.type(canvas.getByLabelText(/^Password/), fixtureProfile.password)
      await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
      await waitFor(() =>
        expect(args.onAuthenticated).toHaveBeenCalledWith({
          token: expect.stringMatching(/.+/),
          sessionId: expect.stringMatching(/.+/),
          newUser: false,
          via: 'password',
        }),
      )
    })
  },
}

export const SignUp: Story = {
  args: { initialMode: 'signup' },
  play: async ({ canvas, args, step }) => {
    await step('heading, link and Google button of signup', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
      await expect(canvas.getByRole('link', { name: 'Already have an account? Login' })).toBeVisible()
      await expect(canvas.getByRole('button', { name: 'Sign up with Google' })).toBeVisible()
    })
    await step('a new account is handed to the app as a new user', async () => {
      await userEvent.type(canvas.getByLabelText(/^Email/), 'new.creator@example.com')
      await userEvent.type(canvas.getByLabelText(/^Password/), 'a-long-enough-password')
      await userEvent.click(canvas.getByRole('button', { name: 'Sign Up' }))
      await waitFor(() =>
        expect(args.onAuthenticated).toHaveBeenCalledWith(
          expect.objectContaining({ newUser: true, via: 'password' }),
        ),
      )
    })
  },
}

export const ForgotPassword: Story = {
  args: { initialMode: 'forgot' },
  play: async ({ canvas, step }) => {
    await step('an email-type input, Back to Login, and no Google button', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible()
      await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute('type', 'email')
      await expect(canvas.queryByLabelText(/^Password/)).toBeNull()
      await expect(canvas.getByRole('link', { name: 'Back to Login' })).toBeVisible()
      await expect(canvas.queryByRole('button', { name: /Google/ })).toBeNull()
    })
    await step('sending the link shows the server answer', async () => {
      await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
      await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }))
      await expect(await canvas.findByRole('status')).toHaveTextContent(
        'If an account exists for that email, a password reset link has been sent.',
      )
    })
  },
}

export const ResetPassword: Story = {
  args: { token: 'reset-token-from-the-link' },
  play: async ({ canvas, args, step }) => {
    await step('a token opens the form in reset mode', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
      await expect(canvas.getByLabelText(/^New Password/)).toHaveAttribute('type', 'password')
      await expect(canvas.getByLabelText(/^Confirm Password/)).toHaveAttribute('type', 'password')
      await expect(canvas.getByRole('link', { name: 'Back to Login' })).toBeVisible()
    })
    await step('a successful reset shows its message, then switches to login after 2 s', async () => {
      await userEvent.type(canvas.getByLabelText(/^New Password/), 'brand-new-password')
      await userEvent.type(canvas.getByLabelText(/^Confirm Password/), 'brand-new-password')
      await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }))
      await expect(await canvas.findByRole('status')).toHaveTextContent(
        'Your password has been reset. You can now log in.',
      )
      const shownAt = performance.now()
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Reset Password')
      await canvas.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 3000 })
      await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(1900)
      await expect(args.onModeChange).toHaveBeenCalledWith('login')
    })
  },
}

export const ResetWithoutToken: Story = {
  args: { initialMode: 'reset' },
  play: async ({ canvas }) => {
    // A reset needs the token of an e-mailed link; without one the visitor can ask for a new link.
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
  },
}

export const ChangePassword: Story = {
  args: { initialMode: 'change' },
  play: async ({ canvas, args, step }) => {
    await step('current, new and confirm password fields', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible()
      await expect(canvas.getByLabelText(/^Current Password/)).toBeVisible()
      await expect(canvas.getByLabelText(/^New Password/)).toBeVisible()
      await expect(canvas.getByLabelText(/^Confirm Password/)).toBeVisible()
      await expect(canvas.getByRole('link', { name: 'Back to Login' })).toBeVisible()
    })
    await step('a successful change tells the app, which redirects to /dashboard', async () => {
      await userEvent.type(canvas.getByLabelText(/^Current Password/), fixtureProfile.password)
      await userEvent.type(canvas.getByLabelText(/^New Password/), 'another-strong-password')
      await userEvent.type(canvas.getByLabelText(/^Confirm Password/), 'another-strong-password')
      await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }))
      await expect(await canvas.findByRole('status')).toHaveTextContent('Your password has been changed')
      await expect(args.onChangeSuccess).toHaveBeenCalledTimes(1)
    })
  },
}

export const SwitchingModes: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('link', { name: "Don't have an account? Sign up" }))
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Already have an account? Login' }))
    await expect(canvas.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Forgot your password?' }))
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Back to Login' }))
    await expect(canvas.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
    await expect(args.onModeChange).toHaveBeenNthCalledWith(1, 'signup')
    await expect(args.onModeChange).toHaveBeenLastCalledWith('login')
  },
}

// ---- Validation by the field -----------------------------------------------------------------------------

export const RequiredFields: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
    await expect(canvas.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email is required')
    await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required')
    await expect(args.onAuthenticated).not.toHaveBeenCalled()
  },
}

export const InvalidEmailAndShortPassword: Story = {
  args: { initialMode: 'signup' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'not-an-email')
    await userEvent.type(canvas.getByLabelText(/^Password/), 'short')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Up' }))
    await expect(canvas.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
    await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true')
  },
}

export const PasswordsDoNotMatch: Story = {
  args: { token: 'reset-token-from-the-link' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^New Password/), 'brand-new-password')
    await userEvent.type(canvas.getByLabelText(/^Confirm Password/), 'a-different-password')
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }))
    await expect(canvas.getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    )
    await expect(canvas.getByLabelText(/^New Password/)).not.toHaveAttribute('aria-invalid')
  },
}

// ---- Submit states and status messages -------------------------------------------------------------------

export const SubmitProcessing: Story = {
  parameters: { msw: { handlers: [handlers.signin.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
    await userEvent.type(canvas.getByLabelText(/^Password/), fixtureProfile.password)
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
    const button = await canvas.findByRole('button', { name: /Processing\.\.\./ })
    await expect(button).toHaveTextContent('Processing...')
    await expect(button).toHaveAttribute('aria-disabled', 'true')
  },
}

export const SubmitFailed: Story = {
  play: async ({ canvas, step }) => {
    await step('a refused login shows the message and a red failed button', async () => {
      await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
      await userEvent.type(canvas.getByLabelText(/^Password/), 'not-the-password')
      await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
      await expect(await canvas.findByRole('alert')).toHaveTextContent(
        'Login failed: Invalid email or password',
      )
      const button = canvas.getByRole('button', { name: 'Login Failed' })
      // Off the hover colour, and after the colour transition has run, the button shows the critical tone.
      await userEvent.unhover(button)
      const critical = resolvedColour(vars.color.critical)
      await waitFor(() => expect(getComputedStyle(button).backgroundColor).toBe(critical))
    })
  },
}

export const StatusMessageClears: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
    await userEvent.type(canvas.getByLabelText(/^Password/), 'not-the-password')
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
    await canvas.findByRole('alert')
    const shownAt = performance.now()
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull(), { timeout: 5000 })
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(3900)
    // The failed button returns to its idle label with the message.
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
    await userEvent.type(canvas.getByLabelText(/^Password/), fixtureProfile.password)
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
    // Three tries (waits of 1 s and 2 s) before the failure is shown.
    await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Login failed: Internal server error',
    )
  },
}

// ---- Google sign-in --------------------------------------------------------------------------------------

export const GoogleSignIn: Story = {
  beforeEach: () => {
    popupStandIn = openPopupStandIn()
    return () => popupStandIn?.restore()
  },
  play: async ({ canvas, args, step }) => {
    const popup = popupStandIn?.popup
    if (!popup) throw new Error('the popup stand-in is open')
    await step('the button opens an 800x650 popup on the Google sign-in address', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Google' }))
      await expect(window.open).toHaveBeenCalledWith(
        '/api/signin/google',
        'google-sign-in',
        expect.stringMatching(/^width=800,height=650,/),
      )
    })
    await step('messages from another origin or another window are ignored', async () => {
      const forged = { type: 'google-auth', jwtToken: 'forged', sessionId: 'forged', newUser: false }
      messageFrom(popup, forged, 'https://attacker.example')
      messageFrom(window, forged)
      await expect(args.onAuthenticated).not.toHaveBeenCalled()
    })
    await step("the popup's message hands the session to the app", async () => {
      messageFrom(popup, {
        type: 'google-auth',
        jwtToken: 'google-token',
        sessionId: 'google-session',
        newUser: true,
      })
      await expect(args.onAuthenticated).toHaveBeenCalledWith({
        token: 'google-token',
        sessionId: 'google-session',
        newUser: true,
        via: 'google',
      })
      await expect(await canvas.findByRole('status')).toHaveTextContent(GOOGLE_SIGNED_IN)
    })
  },
}

export const GoogleError: Story = {
  beforeEach: () => {
    popupStandIn = openPopupStandIn()
    return () => popupStandIn?.restore()
  },
  play: async ({ canvas, args }) => {
    const popup = popupStandIn?.popup
    if (!popup) throw new Error('the popup stand-in is open')
    const close = spyOn(popup, 'close')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Google' }))
    messageFrom(popup, { type: 'google-auth', error: 'Google sign-in was cancelled' })
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Google sign-in was cancelled')
    await expect(close).toHaveBeenCalled()
    await expect(args.onAuthenticated).not.toHaveBeenCalled()
  },
}

export const GooglePopupClosed: Story = {
  beforeEach: () => {
    popupStandIn = openPopupStandIn()
    return () => popupStandIn?.restore()
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Google' }))
    const button = canvas.getByRole('button', { name: /Sign in with Google/ })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    // Closing the popup by hand is noticed by the poll (every 1 s) and ends the wait.
    popupStandIn?.frame.remove()
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'), { timeout: 2500 })
  },
}

export const GooglePopupBlocked: Story = {
  beforeEach: () => {
    const open = spyOn(window, 'open').mockReturnValue(null)
    return () => open.mockRestore()
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with Google' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please allow popups for this site')
  },
}

export const GoogleNotConfigured: Story = {
  args: { googleEnabled: false },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Sign in with Google' })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAccessibleDescription(GOOGLE_NOT_CONFIGURED)
  },
}

// ---- Theme toggle ----------------------------------------------------------------------------------------

export const ThemeToggle: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: 'Dark mode' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(toggle)
    await expect(args.onThemeChange).toHaveBeenCalledWith('light')
  },
}

export const LightTheme: Story = {
  args: { theme: 'light' },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('main')).getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  },
}
