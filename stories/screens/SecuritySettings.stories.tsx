import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { TWO_FACTOR_CODE_INVALID } from '@engage/contract'
import {
  createMockState,
  createScenario,
  handlers,
  MOCK_RECOVERY_CODES,
  MOCK_TWO_FACTOR_CODE,
  MOCK_TWO_FACTOR_SECRET,
  scenarios,
} from '@engage/mocks'
import {
  CONFIRM_TWO_FACTOR,
  RECOVERY_CODES_SAVED,
  SecuritySettings,
  SIGN_OUT_EVERYWHERE,
  THIS_DEVICE,
  TURN_OFF_TWO_FACTOR,
  TURN_ON_TWO_FACTOR,
  TWO_FACTOR_REQUIRED_NOTICE,
} from '@engage/screens'
import { Box } from '@engage/ui'
import { clearLiveAnnouncements, removeStaleAnnouncements } from '../support/announcements'
import { withClient, withRouter } from '../support/decorators'

// Settings' Security tab: turning two-factor sign-in on (QR code, secret, first code, recovery codes shown
// once), turning it off, and the account's sessions. The mocks accept MOCK_TWO_FACTOR_CODE as the
// authenticator's code.

const meta = {
  component: SecuritySettings,
  title: 'Screens/SecuritySettings',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof SecuritySettings>
export default meta
type Story = StoryObj<typeof meta>

function enabledState() {
  const state = createMockState()
  Object.assign(state.security, { twoFactorEnabled: true, recoveryCodesLeft: 10 })
  return state
}

export const Default: Story = {
  name: 'Off, with three sessions',
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Two-factor sign-in is off.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: TURN_ON_TWO_FACTOR })).toBeEnabled()
    const list = await canvas.findByRole('list')
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    await expect(within(list).getByText(THIS_DEVICE)).toBeVisible()
    await expect(within(list).getByText('Safari on macOS')).toBeVisible()
    await expect(within(list).getByText('Safari on iOS')).toBeVisible()
    await expect(within(list).getByText('Firefox on Linux')).toBeVisible()
  },
}

export const Enrol: Story = {
  name: 'Turning it on: QR code, a wrong code, then the recovery codes',
  play: async ({ canvas, step }) => {
    await step('the set-up shows the QR code and the secret as text', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: TURN_ON_TWO_FACTOR }))
      await expect(
        await canvas.findByRole('img', { name: 'QR code for your authenticator app' }),
      ).toBeVisible()
      await expect(canvas.getByText(MOCK_TWO_FACTOR_SECRET.replace(/(.{4})/g, '$1 ').trim())).toBeVisible()
    })
    await step('a wrong code is refused beside the field', async () => {
      await userEvent.type(canvas.getByLabelText(/^Code from your app/), '000000')
      await userEvent.click(canvas.getByRole('button', { name: CONFIRM_TWO_FACTOR }))
      await expect(await canvas.findByText(TWO_FACTOR_CODE_INVALID)).toBeVisible()
      await expect(canvas.getByLabelText(/^Code from your app/)).toHaveAttribute('aria-invalid', 'true')
    })
    await step('the right code turns it on and shows ten recovery codes once', async () => {
      await userEvent.clear(canvas.getByLabelText(/^Code from your app/))
      await userEvent.type(canvas.getByLabelText(/^Code from your app/), MOCK_TWO_FACTOR_CODE)
      await userEvent.click(canvas.getByRole('button', { name: CONFIRM_TWO_FACTOR }))
      const codes = await canvas.findByRole('list', { name: 'Recovery codes' })
      await expect(within(codes).getAllByRole('listitem')).toHaveLength(10)
      await expect(within(codes).getByText(MOCK_RECOVERY_CODES[0] ?? '')).toBeVisible()
    })
    await step('once saved, the section says it is on', async () => {
      await userEvent.click(canvas.getByRole('button', { name: RECOVERY_CODES_SAVED }))
      await expect(
        await canvas.findByText(/Two-factor sign-in is on\. 10 recovery codes left\./),
      ).toBeVisible()
      await expect(canvas.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
    })
    // The confirm button announced its pending state and is gone.
    await removeStaleAnnouncements()
  },
}

export const Enabled: Story = {
  name: 'On, then turned off',
  parameters: { msw: { handlers: createScenario('default', enabledState()) } },
  play: async ({ canvas, step }) => {
    await expect(await canvas.findByText(/Two-factor sign-in is on\. 10 recovery codes left\./)).toBeVisible()
    await step('a wrong code is refused', async () => {
      await userEvent.type(canvas.getByLabelText(/^Password/), 'engage-demo-2026')
      await userEvent.type(canvas.getByLabelText(/^Code from your app or a recovery code/), '999999')
      await userEvent.click(canvas.getByRole('button', { name: TURN_OFF_TWO_FACTOR }))
      await expect(await canvas.findByRole('alert')).toHaveTextContent(TWO_FACTOR_CODE_INVALID)
    })
    await step('the password and a code turn it off', async () => {
      await userEvent.clear(canvas.getByLabelText(/^Code from your app or a recovery code/))
      await userEvent.type(
        canvas.getByLabelText(/^Code from your app or a recovery code/),
        MOCK_TWO_FACTOR_CODE,
      )
      await userEvent.click(canvas.getByRole('button', { name: TURN_OFF_TWO_FACTOR }))
      await expect(await canvas.findByText('Two-factor sign-in is off.')).toBeVisible()
    })
  },
}

export const Required: Story = {
  name: 'Required (an operator)',
  parameters: {
    msw: {
      handlers: createScenario(
        'default',
        (() => {
          const state = createMockState()
          state.security.twoFactorRequired = true
          return state
        })(),
      ),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(TWO_FACTOR_REQUIRED_NOTICE)).toBeVisible()
  },
}

export const SignOutSessions: Story = {
  name: 'Signing sessions out',
  play: async ({ canvas, step }) => {
    const list = await canvas.findByRole('list')
    await step('one session at a time', async () => {
      await userEvent.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }))
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    })
    await step('everywhere else: only this device is left', async () => {
      await userEvent.click(canvas.getByRole('button', { name: SIGN_OUT_EVERYWHERE }))
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
      await expect(within(list).getByText(THIS_DEVICE)).toBeVisible()
      await expect(canvas.queryByRole('button', { name: SIGN_OUT_EVERYWHERE })).toBeNull()
    })
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [handlers.twoFactorStatus.loading(), handlers.listSessions.loading(), ...scenarios.default],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading two-factor sign-in' })).toBeVisible()
    await expect(canvas.getByRole('progressbar', { name: 'Loading sessions' })).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [handlers.twoFactorStatus.failure(), handlers.listSessions.failure(), ...scenarios.default],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load your two-factor sign-in settings')).toBeVisible()
    await expect(await canvas.findByText('Failed to load your sessions')).toBeVisible()
  },
}
