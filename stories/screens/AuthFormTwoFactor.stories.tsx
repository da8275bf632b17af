import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { TWO_FACTOR_CODE_INVALID } from '@engage/contract'
import { createMockState, createScenario, fixtureProfile, MOCK_RECOVERY_CODES } from '@engage/mocks'
import { AuthForm, TWO_FACTOR_STEP_TITLE, VERIFY_CODE } from '@engage/screens'
import { clearLiveAnnouncements, removeStaleAnnouncements } from '../support/announcements'
import { withClient } from '../support/decorators'

// The sign-in of an account with two-factor sign-in: the password step, then the code step.

function twoFactorAccount() {
  const state = createMockState()
  state.security.twoFactorAccounts.add(fixtureProfile.email)
  Object.assign(state.security, { twoFactorEnabled: true, recoveryCodesLeft: 10 })
  return state
}

const meta = {
  component: AuthForm,
  title: 'Screens/AuthForm/Two-factor',
  decorators: [
    withClient,
    (Story) => (
      <RouterProvider navigate={fn()}>
        <Story />
      </RouterProvider>
    ),
  ],
  args: { theme: 'dark', onThemeChange: fn(), onAuthenticated: fn() },
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: createScenario('default', twoFactorAccount()) } },
} satisfies Meta<typeof AuthForm>
export default meta
type Story = StoryObj<typeof meta>

export const CodeStep: Story = {
  name: 'Code step: a wrong code, then a recovery code',
  play: async ({ canvas, args, step }) => {
    await step('the password asks for a code instead of signing in', async () => {
      await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
      await userEvent.type(canvas.getByLabelText(/^Password/), fixtureProfile.password)
      await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
      await expect(
        await canvas.findByRole('heading', { level: 1, name: TWO_FACTOR_STEP_TITLE }),
      ).toBeVisible()
      await expect(args.onAuthenticated).not.toHaveBeenCalled()
    })
    await step('a wrong code is refused', async () => {
      await userEvent.type(canvas.getByLabelText(/^Authentication code/), '000000')
      await userEvent.click(canvas.getByRole('button', { name: VERIFY_CODE }))
      await expect(await canvas.findByRole('alert')).toHaveTextContent(TWO_FACTOR_CODE_INVALID)
    })
    await step('a recovery code signs in', async () => {
      await userEvent.clear(canvas.getByLabelText(/^Authentication code/))
      await userEvent.type(canvas.getByLabelText(/^Authentication code/), MOCK_RECOVERY_CODES[0] ?? '')
      await userEvent.click(canvas.getByRole('button', { name: VERIFY_CODE }))
      await waitFor(() =>
        expect(args.onAuthenticated).toHaveBeenCalledWith({
          token: expect.stringMatching(/.+/),
          sessionId: expect.stringMatching(/.+/),
          newUser: false,
          via: 'password',
        }),
      )
    })
    // The Login button announced its pending state and was replaced by the code step.
    await removeStaleAnnouncements()
  },
}

export const BackToLogin: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), fixtureProfile.email)
    await userEvent.type(canvas.getByLabelText(/^Password/), fixtureProfile.password)
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }))
    await userEvent.click(await canvas.findByRole('link', { name: 'Back to Login' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
    await removeStaleAnnouncements()
  },
}
