import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { formatDate, SUPPORT_HOURS } from '@engage/contract'
import { fixtureContactMethods, fixtureUpdates, scenarios } from '@engage/mocks'
import { ContactUpdatesPanel, NO_UPDATES } from '@engage/screens'
import { Box, keepAbsoluteAddresses } from '@engage/ui'
import { RouterProvider } from 'react-aria-components'
import { withClient, withRouter } from '../support/decorators'

const meta = {
  component: ContactUpdatesPanel,
  title: 'Screens/ContactUpdatesPanel',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof ContactUpdatesPanel>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const NEW_WINDOW = '(opens in a new window)'

/** The date as the panel writes it: MM/DD/YYYY in the reader's time zone. */

async function openUpdates(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('tab', { name: 'Updates' }))
  return within(await canvas.findByRole('list', { name: 'Updates' }))
}

export const Default: Story = {
  name: 'Default (Contact Us)',
  play: async ({ canvas, step }) => {
    await step('Contact Us first, then Updates; Contact Us is shown', async () => {
      const tabs = within(canvas.getByRole('tablist', { name: 'Help and news' })).getAllByRole('tab')
      await expect(tabs.map((tab) => tab.textContent)).toEqual(['Contact Us', 'Updates'])
      await expect(canvas.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute('aria-selected', 'true')
    })
    await step('the support bot, the support mailbox with its hours, and payment support', async () => {
      const list = within(await canvas.findByRole('list', { name: 'Contact methods' }))
      const items = list.getAllByRole('listitem')
      await expect(items).toHaveLength(fixtureContactMethods().length)
      await expect(items[0]).toHaveTextContent('Support Bot')
      await expect(items[0]).toHaveTextContent('Instant answers, day and night')
      await expect(items[1]).toHaveTextContent('Email Support')
      await expect(within(items[1] as HTMLElement).getByText(SUPPORT_HOURS)).toBeVisible()
      await expect(within(items[1] as HTMLElement).getByText('Everyday | 9 AM to 5 PM')).toBeVisible()
      await expect(items[2]).toHaveTextContent('Payment Support')
    })
    await step('web addresses open in a new window, the mailbox in the mail application', async () => {
      const bot = canvas.getByRole('link', { name: `@EngagePanelBot ${NEW_WINDOW}` })
      await expect(bot).toHaveAttribute('href', 'https://t.me/EngagePanelBot')
      await expect(bot).toHaveAttribute('target', '_blank')
      await expect(bot).toHaveAttribute('rel', 'noopener')
      const mail = canvas.getByRole('link', { name: 'support@engagepanel.example' })
      await expect(mail).toHaveAttribute('href', 'mailto:support@engagepanel.example')
      await expect(mail).not.toHaveAttribute('target')
    })
  },
}

/**
 * The panel's router resolves every `href` against the current path, as react-router's useHref does on
 * /dashboard; the contact and update links must still carry their complete addresses.
 */
const resolveOnDashboard = (href: string) =>
  href.startsWith('/') ? href : `/dashboard/${href}`.replace(/\/\/+/g, '/')
const useDashboardHref = keepAbsoluteAddresses(resolveOnDashboard)

export const InsideThePanelRouter: Story = {
  name: 'Inside the panel router: links keep their real addresses',
  decorators: [
    (Story) => (
      <RouterProvider navigate={() => undefined} useHref={useDashboardHref}>
        <Story />
      </RouterProvider>
    ),
  ],
  play: async ({ canvas }) => {
    const bot = await canvas.findByRole('link', { name: `@EngagePanelBot ${NEW_WINDOW}` })
    await expect(bot).toHaveAttribute('href', 'https://t.me/EngagePanelBot')
    await expect(bot).toHaveAttribute('rel', 'noopener')
    const mail = canvas.getByRole('link', { name: 'support@engagepanel.example' })
    await expect(mail).toHaveAttribute('href', 'mailto:support@engagepanel.example')
    const updates = await openUpdates(canvas)
    const [withUrl] = fixtureUpdates()
    await expect(updates.getByRole('link', { name: `AI tweets are here ${NEW_WINDOW}` })).toHaveAttribute(
      'href',
      withUrl?.url ?? '',
    )
  },
}

export const UpdatesTab: Story = {
  name: 'Updates: an update with a url opens a new window',
  play: async ({ canvas }) => {
    const updates = await openUpdates(canvas)
    const items = updates.getAllByRole('listitem')
    await expect(items).toHaveLength(fixtureUpdates().length)
    const [withUrl, ...plain] = fixtureUpdates()
    const link = updates.getByRole('link', { name: `AI tweets are here ${NEW_WINDOW}` })
    await expect(link).toHaveAttribute('href', withUrl?.url ?? '')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(items[0]).toHaveTextContent(
      'Order tweets written by your own AI settings, with the provider and model you choose.',
    )
    // Updates without a url are plain titles.
    await expect(updates.getAllByRole('link')).toHaveLength(1)
    await expect(items[1]).toHaveTextContent('Faster start times')
    for (const [index, update] of fixtureUpdates().entries()) {
      const time = (items[index] as HTMLElement).querySelector('time')
      await expect(time).toHaveAttribute('datetime', update.date)
      await expect(time).toHaveTextContent(formatDate(update.date, 'PST'))
    }
    await expect(plain.map((update) => update.url)).toEqual([null, null])
  },
}

export const UpdatesFirst: Story = {
  name: 'Orders page order: Updates first',
  args: { tabOrder: ['updates', 'contact'], defaultTab: 'updates' },
  play: async ({ canvas }) => {
    const tabs = canvas.getAllByRole('tab')
    await expect(tabs.map((tab) => tab.textContent)).toEqual(['Updates', 'Contact Us'])
    await expect(canvas.getByRole('tab', { name: 'Updates' })).toHaveAttribute('aria-selected', 'true')
    await expect(await canvas.findByRole('list', { name: 'Updates' })).toBeVisible()
    // Arrow keys move between the tabs.
    await userEvent.click(canvas.getByRole('tab', { name: 'Updates' }))
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute('aria-selected', 'true')
    await expect(await canvas.findByRole('list', { name: 'Contact methods' })).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument()
    await expect(canvas.queryByRole('list')).toBeNull()
  },
}

export const Empty: Story = {
  name: 'Empty (no updates)',
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    // A new account still has the contact methods.
    await expect(await canvas.findByRole('list', { name: 'Contact methods' })).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Updates' }))
    await expect(await canvas.findByText(NO_UPDATES)).toBeVisible()
    await expect(canvas.getByText('No updates yet.')).toBeVisible()
    await expect(canvas.queryByRole('list', { name: 'Updates' })).toBeNull()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    // Nothing to list: no spinner left turning, an empty contact list, and the empty updates text.
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull())
    await expect(
      within(canvas.getByRole('list', { name: 'Contact methods' })).queryAllByRole('listitem'),
    ).toEqual([])
    await userEvent.click(canvas.getByRole('tab', { name: 'Updates' }))
    await expect(await canvas.findByText(NO_UPDATES)).toBeVisible()
  },
}
