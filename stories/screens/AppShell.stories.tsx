import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { formatUsd, LAYOUT_BREAKPOINT_PX, type Notification } from '@engage/contract'
import {
  createMockState,
  createScenario,
  fixtureNotifications,
  fixtureProfile,
  meOf,
  scenarios,
} from '@engage/mocks'
import { AppShell } from '@engage/screens'
import { Heading, Text } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

// The balance the default scenario's user holds, as the chip shows it.
const balance = formatUsd(meOf(createMockState()).balance)

/** The story tests run at 1280 px and at 375 px; the layout differs on each side of 768 px. */
const isWide = () => window.innerWidth >= LAYOUT_BREAKPOINT_PX

const meta = {
  component: AppShell,
  title: 'Screens/AppShell',
  decorators: [withClient, withRouter],
  args: {
    theme: 'dark',
    onThemeChange: fn(),
    children: (
      <>
        <Heading level={1}>Dashboard</Heading>
        <Text elementType="p">The page renders here.</Text>
      </>
    ),
  },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof AppShell>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const page = () => within(document.body)

async function openUserMenu(canvas: Canvas) {
  await userEvent.click(await canvas.findByRole('button', { name: fixtureProfile.username }))
  // The menu is named by its trigger, the user's name.
  return page().findByRole('menu', { name: fixtureProfile.username })
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the first Tab offers a skip link to the main area', async () => {
      await userEvent.tab()
      const skip = canvas.getByRole('link', { name: 'Skip to content' })
      await expect(skip).toHaveFocus()
      await expect(skip).toHaveAttribute('href', `#${canvas.getByRole('main').id}`)
    })
    await step('the bell says how many notifications are unread and leads to them', async () => {
      const bell = await canvas.findByRole('link', { name: 'Notifications, 2 unread' })
      await expect(bell).toHaveAttribute('href', '/notifications')
      await expect(bell).toHaveTextContent('2')
    })
    await step('the landmarks: header, main with the page', async () => {
      await expect(canvas.getByRole('banner')).toBeVisible()
      const main = canvas.getByRole('main')
      await expect(within(main).getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    })
    if (isWide()) {
      await step('wide: the sidebar links and the logo to /', async () => {
        const nav = canvas.getByRole('navigation', { name: 'Main' })
        const links = within(nav).getAllByRole('link')
        await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
          ['Engage Panel', '/'],
          ['Orders', '/dashboard'],
          ['Orders History', '/orders'],
          ['Services', '/services'],
          ['Wallet', '/wallet'],
          ['Analytics', '/analytics'],
          ['Support', '/support'],
          ['Affiliates', '/affiliates'],
          ['Settings', '/settings'],
        ])
        await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull()
      })
      await step(
        'wide: the balance chip with its plus link to the wallet, and the dark-mode toggle',
        async () => {
          const header = within(canvas.getByRole('banner'))
          await expect(await header.findByText(balance)).toBeVisible()
          await expect(header.getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/wallet')
          await expect(header.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
            'aria-pressed',
            'true',
          )
        },
      )
      await step(
        'wide: the user menu has Dashboard, Home, Settings, Change Password, Wallet, Logout',
        async () => {
          const menu = await openUserMenu(canvas)
          const items = within(menu).getAllByRole('menuitem')
          await expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
            ['Dashboard', '/dashboard'],
            ['Home', '/'],
            ['Settings', '/settings'],
            ['Change Password', '/auth?mode=change'],
            ['Wallet', '/wallet'],
            ['Logout', '/logout'],
          ])
          await userEvent.keyboard('{Escape}')
        },
      )
    } else {
      await step('narrow: the sidebar is closed; no balance chip, no toggle button', async () => {
        await expect(canvas.queryByRole('navigation')).toBeNull()
        await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
          'aria-expanded',
          'false',
        )
        await expect(canvas.queryByRole('link', { name: 'Add funds' })).toBeNull()
        await expect(canvas.queryByRole('button', { name: 'Dark mode' })).toBeNull()
      })
      await step(
        'narrow: the user menu also has the balance, the orders links and the dark/light toggle',
        async () => {
          const menu = await openUserMenu(canvas)
          await waitFor(() =>
            expect(within(menu).getAllByRole('menuitem')[0]).toHaveTextContent(`Balance: ${balance}`),
          )
          const items = within(menu).getAllByRole('menuitem')
          await expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
            [`Balance: ${balance}`, '/wallet'],
            ['Dashboard', '/dashboard'],
            ['Home', '/'],
            ['Orders', '/dashboard'],
            ['Orders History', '/orders'],
            ['Settings', '/settings'],
            ['Change Password', '/auth?mode=change'],
            ['Wallet', '/wallet'],
            ['Light mode', null],
            ['Logout', '/logout'],
          ])
          await userEvent.keyboard('{Escape}')
        },
      )
    }
  },
}

export const SidebarOpenAndClose: Story = {
  play: async ({ canvas, step }) => {
    if (isWide()) {
      await step('wide: the sidebar is always open, with nothing to open or close', async () => {
        await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible()
        await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull()
        await expect(canvas.queryByRole('button', { name: 'Close menu' })).toBeNull()
      })
      return
    }
    const openButton = canvas.getByRole('button', { name: 'Open menu' })
    await step('narrow: the menu button opens the sidebar, without the two order links', async () => {
      await userEvent.click(openButton)
      const nav = canvas.getByRole('navigation', { name: 'Main' })
      await expect(nav).toBeVisible()
      await expect(openButton).toHaveAttribute('aria-expanded', 'true')
      await expect(openButton).toHaveAttribute('aria-controls', nav.id)
      const links = within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent)
      await expect(links).toEqual([
        'Engage Panel',
        'Services',
        'Wallet',
        'Analytics',
        'Support',
        'Affiliates',
        'Settings',
      ])
      await expect(within(nav).getByRole('button', { name: 'Close menu' })).toHaveFocus()
    })
    await step('the close button closes it and focus returns to the menu button', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Close menu' }))
      await expect(canvas.queryByRole('navigation')).toBeNull()
      await expect(openButton).toHaveAttribute('aria-expanded', 'false')
      await waitFor(() => expect(openButton).toHaveFocus())
    })
    await step('Escape closes it too', async () => {
      await userEvent.click(openButton)
      await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await userEvent.keyboard('{Escape}')
      await expect(canvas.queryByRole('navigation')).toBeNull()
    })
    await step('following a link closes it', async () => {
      await userEvent.click(openButton)
      await userEvent.click(
        within(canvas.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Wallet' }),
      )
      await expect(canvas.queryByRole('navigation')).toBeNull()
    })
  },
}

export const ThemeToggle: Story = {
  play: async ({ canvas, args }) => {
    if (isWide()) {
      await userEvent.click(canvas.getByRole('button', { name: 'Dark mode' }))
    } else {
      const menu = await openUserMenu(canvas)
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Light mode' }))
    }
    await expect(args.onThemeChange).toHaveBeenCalledWith('light')
  },
}

export const LightTheme: Story = {
  args: { theme: 'light' },
  play: async ({ canvas }) => {
    if (isWide()) {
      await expect(canvas.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false')
    } else {
      const menu = await openUserMenu(canvas)
      // The menu fades in: visible once its entering animation has begun.
      await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Dark mode' })).toBeVisible())
      await userEvent.keyboard('{Escape}')
    }
  },
}

export const CurrentPage: Story = {
  args: { currentPath: '/wallet' },
  play: async ({ canvas }) => {
    if (!isWide()) await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }))
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(nav).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page')
    await expect(within(nav).getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current')
  },
}

/** A ticket's thread (/support/31) is within the Support page: its link stays the current one. */
export const CurrentPageBelowALink: Story = {
  args: { currentPath: '/support/31' },
  play: async ({ canvas }) => {
    if (!isWide()) await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }))
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page')
    await expect(within(nav).getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current')
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    if (isWide()) await expect(canvas.getByRole('progressbar', { name: 'Loading balance' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Account' })).toBeVisible()
    await expect(canvas.getByRole('main')).toHaveTextContent('The page renders here.')
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Notifications' })).toBeVisible()
    if (isWide()) {
      await expect(await within(canvas.getByRole('banner')).findByText('$0.00')).toBeVisible()
    } else {
      const menu = await openUserMenu(canvas)
      await expect(within(menu).getAllByRole('menuitem')[0]).toHaveTextContent('Balance: $0.00')
      await userEvent.keyboard('{Escape}')
    }
  },
}

export const ManyUnread: Story = {
  name: 'Many unread notifications',
  parameters: {
    msw: {
      handlers: createScenario(
        'default',
        (() => {
          const state = createMockState()
          const [first] = fixtureNotifications()
          state.notifications = Array.from({ length: 120 }, (_, index) => ({
            ...(first as Notification),
            id: String(1000 - index),
          }))
          return state
        })(),
      ),
    },
  },
  args: { currentPath: '/notifications' },
  play: async ({ canvas }) => {
    // Past 99 the badge and the name both say 99+.
    const bell = await canvas.findByRole('link', { name: 'Notifications, 99+ unread' })
    await expect(bell).toHaveTextContent('99+')
    await expect(bell).toHaveAttribute('aria-current', 'page')
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    // Without user data the chip shows a dash rather than an empty wallet; the page still renders.
    if (isWide()) await expect(await within(canvas.getByRole('banner')).findByText('—')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Account' })).toBeVisible()
    await expect(canvas.getByRole('main')).toHaveTextContent('The page renders here.')
  },
}

export const LongPage: Story = {
  args: {
    children: (
      <>
        <Heading level={1}>Orders History</Heading>
        {Array.from({ length: 60 }, (_, index) => (
          <Text key={index} elementType="p">
            {`Line ${String(index + 1)} of a long page.`}
          </Text>
        ))}
      </>
    ),
  },
  play: async ({ canvas }) => {
    if (!isWide()) return
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    const main = canvas.getByRole('main')
    window.scrollTo(0, document.documentElement.scrollHeight)
    try {
      await waitFor(() =>
        expect(main.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight + 1),
      )
      // The sidebar's background runs down to the end of the page, however long it is...
      await expect(
        Math.abs(nav.getBoundingClientRect().bottom - main.getBoundingClientRect().bottom),
      ).toBeLessThan(2)
      await expect(nav.getBoundingClientRect().top).toBeLessThan(0)
      // ...and its links stay in view at the bottom of the page.
      const wallet = within(nav).getByRole('link', { name: 'Wallet' }).getBoundingClientRect()
      await expect(wallet.top).toBeGreaterThanOrEqual(0)
      await expect(wallet.bottom).toBeLessThanOrEqual(window.innerHeight)
    } finally {
      window.scrollTo(0, 0)
    }
  },
}
