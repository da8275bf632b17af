import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { scenarios } from '@engage/mocks'
import { AuthForm, type AuthenticatedSession } from '@engage/screens'
import { Box, Button, Text, type Theme } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

/**
 * What the app does around the auth screen, reduced to its visible effect: a session makes the visitor signed
 * in, logging out brings the login form back. All calls go to one mock state, so an account created by
 * signing up is the one that logs in afterwards.
 */
function AuthJourney() {
  const [session, setSession] = useState<AuthenticatedSession | null>(null)
  const [theme, setTheme] = useState<Theme>('dark')
  if (session) {
    return (
      <Box
        as="main"
        padding="xlarge"
        display="flex"
        flexDirection="column"
        gap="medium"
        alignItems="flex-start"
      >
        <Text elementType="p">{session.newUser ? 'Welcome! Your account is ready.' : 'Welcome back!'}</Text>
        <Button onPress={() => setSession(null)}>Log out</Button>
      </Box>
    )
  }
  return <AuthForm initialMode="login" theme={theme} onThemeChange={setTheme} onAuthenticated={setSession} />
}

/**
 * A pending Button announces itself through react-aria's page-wide live region with a node labelled by the
 * button's id, kept for 7 s. Signing in unmounts the auth form, so that node points at nothing for a while:
 * screen readers have already read it, but the a11y check would report it. Such leftovers are removed.
 */
function removeStaleAnnouncements() {
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const labelIds = (node.getAttribute('aria-labelledby') ?? '').split(' ')
    if (labelIds.some((id) => document.getElementById(id) === null)) node.remove()
  }
}

const meta = {
  component: AuthJourney,
  title: 'Flows/SignUpAndLogIn',
  decorators: [withClient, withRouter],
  parameters: { msw: { handlers: scenarios.default }, signedOut: true },
} satisfies Meta<typeof AuthJourney>
export default meta
type Story = StoryObj<typeof meta>

export const SignUpLogOutAndLogInAgain: Story = {
  play: async ({ canvas, step }) => {
    const email = 'jordan.lee@example.com'
    const password = 'my-first-password'

    await step('a visitor switches to Sign Up and creates an account', async () => {
      await userEvent.click(canvas.getByRole('link', { name: "Don't have an account? Sign up" }))
      await userEvent.type(canvas.getByLabelText(/^Email/), email)
      await userEvent.type(canvas.getByLabelText(/^Password/), password)
      await userEvent.click(canvas.getByRole('button', { name: 'Sign Up' }))
      await expect(await canvas.findByText('Welcome! Your account is ready.')).toBeVisible()
    })

    await step('after logging out, a wrong password is refused', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Log out' }))
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
      await userEvent.type(canvas.getByLabelText(/^Email/), email)
      await userEvent.type(canvas.getByLabelText(/^Password/), 'not-my-password')
      await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
      await expect(await canvas.findByRole('alert')).toHaveTextContent(
        'Login failed: Invalid email or password',
      )
      await expect(canvas.getByRole('button', { name: 'Login Failed' })).toBeVisible()
    })

    await step('the password chosen at sign-up logs the user in again', async () => {
      const passwordField = canvas.getByLabelText(/^Password/)
      await userEvent.clear(passwordField)
      await userEvent.type(passwordField, password)
      await userEvent.click(canvas.getByRole('button', { name: 'Login Failed' }))
      await expect(await canvas.findByText('Welcome back!')).toBeVisible()
      await expect(within(canvas.getByRole('main')).getByRole('button', { name: 'Log out' })).toBeVisible()
    })
    removeStaleAnnouncements()
  },
}
