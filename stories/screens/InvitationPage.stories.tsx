import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_EMAIL,
  INVITATION_USED,
} from '@engage/contract'
import { FIXTURE_INVITATION_TOKEN, handlers, scenarios } from '@engage/mocks'
import { ACCEPT_INVITATION, INVITATION_WITHDRAWN, InvitationPage, joinedMessage } from '@engage/screens'
import { Box } from '@engage/ui'
import { clearLiveAnnouncements, removeStaleAnnouncements } from '../support/announcements'
import { withClient, withRouter } from '../support/decorators'

const meta = {
  component: InvitationPage,
  title: 'Screens/InvitationPage',
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
  args: { token: FIXTURE_INVITATION_TOKEN },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof InvitationPage>
export default meta
type Story = StoryObj<typeof meta>

const preview = {
  workspace: 'Northwind agency',
  email: 'alex.morgan@example.com',
  role: 'member' as const,
  expires_at: '2026-11-28T09:00:00.000Z',
}

/** Pending: accepting joins the workspace. */
export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Northwind agency')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: ACCEPT_INVITATION }))
    await expect(await canvas.findByText(joinedMessage('Northwind agency'))).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('progressbar', { name: 'Loading the invitation' }),
    ).toBeInTheDocument()
  },
}

export const Accepted: Story = {
  parameters: {
    msw: {
      handlers: [handlers.getInvitation.respond({ ...preview, state: 'accepted' }), ...scenarios.default],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(INVITATION_USED)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: ACCEPT_INVITATION })).toBeNull()
  },
}

export const Expired: Story = {
  parameters: {
    msw: {
      handlers: [handlers.getInvitation.respond({ ...preview, state: 'expired' }), ...scenarios.default],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(INVITATION_EXPIRED)).toBeVisible()
  },
}

export const Withdrawn: Story = {
  parameters: {
    msw: {
      handlers: [handlers.getInvitation.respond({ ...preview, state: 'revoked' }), ...scenarios.default],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(INVITATION_WITHDRAWN)).toBeVisible()
  },
}

export const NotFound: Story = {
  args: { token: 'no-such-invitation-token-000000' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(INVITATION_NOT_FOUND)).toBeVisible()
  },
}

/** Sent to another address: the server refuses, and says why. */
export const OtherEmail: Story = {
  parameters: {
    msw: {
      handlers: [handlers.acceptInvitation.failure(INVITATION_OTHER_EMAIL, 403), ...scenarios.default],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: ACCEPT_INVITATION }))
    await expect(await canvas.findByText(INVITATION_OTHER_EMAIL)).toBeVisible()
    await removeStaleAnnouncements()
  },
}
