import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { Notification } from '@engage/contract'
import { createMockState, createScenario, fixtureNotifications, handlers, scenarios } from '@engage/mocks'
import {
  FAILED_TO_LOAD_NOTIFICATIONS,
  MARK_ALL_READ,
  NO_NOTIFICATIONS,
  NOTIFICATION_SETTINGS_HREF,
  NotificationsPage,
} from '@engage/screens'
import { Box } from '@engage/ui'
import { clearLiveAnnouncements, removeStaleAnnouncements } from '../support/announcements'
import { withClient, withRouter } from '../support/decorators'

// The page the top bar's bell opens: the customer's notifications, newest first, unread ones marked; one or all
// marked read; more loaded a page at a time.

const meta = {
  component: NotificationsPage,
  title: 'Screens/NotificationsPage',
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
} satisfies Meta<typeof NotificationsPage>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: 'Two unread of five',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    const list = await canvas.findByRole('list', { name: 'Notifications' })
    const items = within(list).getAllByRole('listitem')
    await expect(items).toHaveLength(5)
    await expect(items[0]).toHaveTextContent('Order 1042 completed')
    await expect(within(items[0] as HTMLElement).getByText('New')).toBeVisible()
    await expect(within(items[2] as HTMLElement).queryByText('New')).toBeNull()
    await expect(canvas.getByText('2 unread')).toBeVisible()
    await expect(within(items[1] as HTMLElement).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/wallet',
    )
    await expect(canvas.getByRole('link', { name: 'E-mail settings' })).toHaveAttribute(
      'href',
      NOTIFICATION_SETTINGS_HREF,
    )
  },
}

export const MarkRead: Story = {
  name: 'Marking one, then all, read',
  play: async ({ canvas, step }) => {
    const list = await canvas.findByRole('list', { name: 'Notifications' })
    await step('one', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Mark as read: Order 1042 completed' }))
      await expect(await canvas.findByText('1 unread')).toBeVisible()
      await expect(within(list).getAllByText('New')).toHaveLength(1)
    })
    await step('all', async () => {
      await userEvent.click(canvas.getByRole('button', { name: MARK_ALL_READ }))
      await expect(await canvas.findByText('All read')).toBeVisible()
      await expect(within(list).queryAllByText('New')).toHaveLength(0)
      await expect(canvas.queryByRole('button', { name: MARK_ALL_READ })).toBeNull()
    })
    await removeStaleAnnouncements()
  },
}

export const LoadMore: Story = {
  name: 'More than a page',
  parameters: {
    msw: {
      handlers: createScenario(
        'default',
        (() => {
          const state = createMockState()
          const [first] = fixtureNotifications()
          state.notifications = Array.from({ length: 25 }, (_, index) => ({
            ...(first as Notification),
            id: String(2000 - index),
            title: `Order ${String(3000 - index)} completed`,
            readAt: index < 3 ? null : '2026-11-19T10:00:00.000Z',
          }))
          return state
        })(),
      ),
    },
  },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Notifications' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25))
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
    await removeStaleAnnouncements()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_NOTIFICATIONS)).toBeVisible()
    await expect(canvas.getByText('All read')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: MARK_ALL_READ })).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.listNotifications.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading notifications' })).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(FAILED_TO_LOAD_NOTIFICATIONS)).toBeVisible()
  },
}

export const MarkAllFails: Story = {
  name: 'Marking all read fails',
  parameters: {
    msw: {
      handlers: [handlers.markAllNotificationsRead.failure('Service unavailable', 503), ...scenarios.default],
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: MARK_ALL_READ }))
    await expect(await canvas.findByText('Service unavailable')).toBeVisible()
    await expect(canvas.getByText('2 unread')).toBeVisible()
  },
}
