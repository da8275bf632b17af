import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { LOW_BALANCE_RANGE, LOW_BALANCE_STEP } from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import {
  FAILED_TO_LOAD_NOTIFICATION_SETTINGS,
  LOW_BALANCE_OFF,
  LOW_BALANCE_SAVED,
  notificationKindLabels,
  NotificationSettings,
} from '@engage/screens'
import { Box } from '@engage/ui'
import { clearLiveAnnouncements, removeStaleAnnouncements } from '../support/announcements'
import { withClient, withRouter } from '../support/decorators'

// Settings' Notifications tab: an e-mail switch per kind (saved at once) and the low balance alert.

const meta = {
  component: NotificationSettings,
  title: 'Screens/NotificationSettings',
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
} satisfies Meta<typeof NotificationSettings>
export default meta
type Story = StoryObj<typeof meta>

const THRESHOLD_FIELD = /^Alert me when my balance falls below/

export const Default: Story = {
  name: 'The defaults',
  play: async ({ canvas }) => {
    const switches = await canvas.findAllByRole('switch')
    await expect(switches.map((item) => item.closest('label')?.textContent)).toEqual(
      Object.values(notificationKindLabels),
    )
    await expect(
      canvas.getByRole('switch', { name: notificationKindLabels.order_completed }),
    ).not.toBeChecked()
    await expect(canvas.getByRole('switch', { name: notificationKindLabels.ticket_reply })).toBeChecked()
    await expect(canvas.getByLabelText(THRESHOLD_FIELD)).toHaveValue('')
  },
}

export const SwitchOffAndOn: Story = {
  name: 'Switching an e-mail off and on',
  play: async ({ canvas }) => {
    const deposits = await canvas.findByRole('switch', { name: notificationKindLabels.deposit_credited })
    await userEvent.click(deposits)
    await waitFor(() => expect(deposits).not.toBeChecked())
    await waitFor(() => expect(deposits).toBeEnabled())
    await userEvent.click(deposits)
    await waitFor(() => expect(deposits).toBeChecked())
  },
}

export const SetThreshold: Story = {
  name: 'Setting the low balance alert, then turning it off',
  play: async ({ canvas, step }) => {
    const field = await canvas.findByLabelText(THRESHOLD_FIELD)
    await step('an amount below $1.00 is refused beside the field', async () => {
      await userEvent.type(field, '0.5')
      await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }))
      await expect(await canvas.findByText(LOW_BALANCE_RANGE)).toBeVisible()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
    })
    await step('so is a fraction of a cent', async () => {
      await userEvent.clear(field)
      await userEvent.type(field, '10.555')
      await expect(await canvas.findByText(LOW_BALANCE_STEP)).toBeVisible()
    })
    await step('$10.00 is saved', async () => {
      await userEvent.clear(field)
      await userEvent.type(field, '10')
      await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }))
      await expect(await canvas.findByText(LOW_BALANCE_SAVED)).toBeVisible()
    })
    await step('an empty field turns it off', async () => {
      await userEvent.clear(field)
      await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }))
      await expect(await canvas.findByText(LOW_BALANCE_OFF)).toBeVisible()
    })
    await removeStaleAnnouncements()
  },
}

export const SavedThreshold: Story = {
  name: 'With an alert set',
  parameters: {
    msw: {
      handlers: createScenario(
        'default',
        (() => {
          const state = createMockState()
          state.notificationPreferences.lowBalanceThreshold = 25
          state.notificationPreferences.email.order_completed = true
          return state
        })(),
      ),
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(THRESHOLD_FIELD)).toHaveValue('25')
    await expect(canvas.getByRole('switch', { name: notificationKindLabels.order_completed })).toBeChecked()
  },
}

export const SaveFails: Story = {
  name: 'A switch that cannot be saved',
  parameters: {
    msw: {
      handlers: [
        handlers.updateNotificationPreferences.failure('Service unavailable', 503),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const deposits = await canvas.findByRole('switch', { name: notificationKindLabels.deposit_credited })
    await userEvent.click(deposits)
    await expect(await canvas.findByText('Service unavailable')).toBeVisible()
    // The switch shows what is saved, not what was asked.
    await waitFor(() => expect(deposits).toBeChecked())
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.notificationPreferences.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading notification settings' }),
    ).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(FAILED_TO_LOAD_NOTIFICATION_SETTINGS)).toBeVisible()
  },
}
