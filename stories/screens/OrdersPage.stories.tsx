import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  AUTHENTICATION_TOKEN_NOT_FOUND,
  INTERNAL_SERVER_ERROR,
  NO_ORDERS_FOUND,
  ORDERS_PAGE_ERROR,
  REFRESH_PAGE,
  SOMETHING_WENT_WRONG,
  SUPPORT_HOURS,
  UNEXPECTED_ERROR_REFRESH,
} from '@engage/contract'
import {
  createMockState,
  createScenario,
  fixtureContactMethods,
  fixtureOrders,
  fixtureProfile,
  scenarios,
} from '@engage/mocks'
import { AppShell, ErrorFallback, OrdersPage } from '@engage/screens'
import { clearLiveAnnouncements } from '../support/announcements'
import { chooseActionType } from '../support/select'
import { orderScreenDecorators } from '../support/screens'

const meta = {
  component: OrdersPage,
  title: 'Screens/OrdersPage',
  decorators: orderScreenDecorators(),
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof OrdersPage>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const statValue = (canvas: Canvas, label: string) =>
  canvas.getByText(label, { selector: 'dt' }).nextElementSibling
const orderTabs = (canvas: Canvas) => within(canvas.getByRole('tablist', { name: 'Order type' }))
/** The panel of the selected order tab (the other order panels stay mounted, hidden). */
function selectedPanel(canvas: Canvas) {
  const tab = orderTabs(canvas)
    .getAllByRole('tab')
    .find((candidate) => candidate.getAttribute('aria-selected') === 'true')
  const panel = document.getElementById(tab?.getAttribute('aria-controls') ?? '')
  if (!panel) throw new Error('the selected order tab controls a panel')
  return within(panel)
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the three stat cards', async () => {
      await waitFor(() => expect(statValue(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
      await expect(statValue(canvas, 'Total Orders')).toHaveTextContent(String(fixtureOrders().length))
    })
    await step('tabs New Order (new), Subscriptions (subscriptions), Mass Order (mass)', async () => {
      const tabs = orderTabs(canvas).getAllByRole('tab')
      await expect(tabs.map((tab) => tab.textContent)).toEqual(['New Order', 'Subscriptions', 'Mass Order'])
      await expect(tabs.map((tab) => tab.id.split('-tab-').at(-1))).toEqual(['new', 'subscriptions', 'mass'])
      await expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    })
    await step('right tabs Updates and Contact Us, Contact Us shown first', async () => {
      const tabs = within(canvas.getByRole('tablist', { name: 'Help and news' })).getAllByRole('tab')
      await expect(tabs.map((tab) => tab.textContent)).toEqual(['Updates', 'Contact Us'])
      await expect(tabs[1]).toHaveAttribute('aria-selected', 'true')
    })
    await step(
      'Contact Us: the support bot, the support e-mail with its hours, crypto payment support',
      async () => {
        const contacts = within(await canvas.findByRole('list', { name: 'Contact methods' }))
        const [bot, mail, payments] = fixtureContactMethods()
        const entries = contacts.getAllByRole('listitem')
        await expect(entries[0]).toHaveTextContent(bot?.value ?? '')
        await expect(entries[1]).toHaveTextContent(`${mail?.value ?? ''}${SUPPORT_HOURS}`)
        await expect(contacts.getByRole('link', { name: mail?.value })).toHaveAttribute(
          'href',
          mail?.url ?? '',
        )
        await expect(entries[2]).toHaveTextContent(payments?.value ?? '')
      },
    )
    await step('the orders list', async () => {
      const table = canvas.getByRole('grid', { name: 'Orders' })
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(fixtureOrders().length + 1))
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading orders' })).toBeVisible()
    await expect(canvas.queryByText(NO_ORDERS_FOUND)).toBeNull()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_ORDERS_FOUND)).toBeVisible()
    await waitFor(() => expect(statValue(canvas, 'Total Orders')).toHaveTextContent('0'))
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    // The red banner of the orders list.
    const banner = await within(canvas.getByRole('region', { name: 'Orders' })).findByRole('alert')
    await expect(banner).toHaveTextContent(INTERNAL_SERVER_ERROR)
  },
}

export const SignedOut: Story = {
  parameters: { signedOut: true },
  play: async ({ canvas }) => {
    const banner = await within(canvas.getByRole('region', { name: 'Orders' })).findByRole('alert')
    await expect(banner).toHaveTextContent(AUTHENTICATION_TOKEN_NOT_FOUND)
  },
}

export const SwitchingTabClearsAiSettings: Story = {
  play: async ({ canvas, step }) => {
    await step('a new AI order starts with the first AI setting', async () => {
      await chooseActionType(selectedPanel(canvas), 'AI COMMENTS')
      await expect(await selectedPanel(canvas).findByText('AI setting: Default AI')).toBeVisible()
    })
    await step('after a switch to another main tab and back, no AI setting is chosen', async () => {
      await userEvent.click(orderTabs(canvas).getByRole('tab', { name: 'Mass Order' }))
      await userEvent.click(orderTabs(canvas).getByRole('tab', { name: 'New Order' }))
      await expect(selectedPanel(canvas).getByText('No AI setting selected')).toBeVisible()
    })
  },
}

// The test runner counts an error event on the real window as a failure of its own, so the page listens here.
const uncaughtErrors = new EventTarget()

export const UncaughtError: Story = {
  args: { uncaughtErrorSource: uncaughtErrors },
  parameters: { msw: { handlers: createScenario('default', createMockState()) } },
  play: async ({ canvas, step }) => {
    await step('an uncaught error shows the message', async () => {
      await waitFor(() => expect(statValue(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
      uncaughtErrors.dispatchEvent(new Event('error'))
      const banner = await canvas.findByText(UNEXPECTED_ERROR_REFRESH)
      await expect(banner.closest('[role="alert"]')).not.toBeNull()
    })
    await step('it clears once the user data arrives again', async () => {
      // Retrying an order refreshes the user data.
      const table = canvas.getByRole('grid', { name: 'Orders' })
      await userEvent.click(await within(table).findByRole('button', { name: 'Retry order 1046' }))
      await waitFor(() => expect(canvas.queryByText(UNEXPECTED_ERROR_REFRESH)).toBeNull(), { timeout: 3000 })
    })
  },
}

// The orders page's error boundary shows this in place of a page that failed to render.
export const ErrorFallbackScreen: Story = {
  name: 'Error fallback',
  render: (args) => <ErrorFallback message={ORDERS_PAGE_ERROR} onRefresh={args.onRefresh} />,
  args: { onRefresh: fn() },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert')
    await expect(within(alert).getByRole('heading', { name: SOMETHING_WENT_WRONG })).toBeVisible()
    await expect(alert).toHaveTextContent(ORDERS_PAGE_ERROR)
    await userEvent.click(within(alert).getByRole('button', { name: REFRESH_PAGE }))
    await expect(args.onRefresh).toHaveBeenCalledTimes(1)
  },
}

/** How far the page reaches past its frame: 0 when nothing makes it scroll sideways. */
function overflowOf(frame: HTMLElement): number {
  return frame.scrollWidth - frame.clientWidth
}

export const NoSidewaysScroll: Story = {
  name: 'Phone width: nothing scrolls the page sideways; the orders table scrolls in its own frame',
  render: () => (
    <AppShell theme="light" onThemeChange={() => undefined} currentPath="/orders">
      <OrdersPage />
    </AppShell>
  ),
  play: async ({ canvas, step }) => {
    const table = await canvas.findByRole('grid', { name: 'Orders' })
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(3))
    await step('the page is as wide as the screen', async () => {
      await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    })
    if (window.innerWidth < 768) {
      await step('at 320 px too: tabs, form fields and table stay inside the screen', async () => {
        const previousWidth = document.body.style.width
        document.body.style.width = '320px'
        try {
          const scroller = table.parentElement as HTMLElement
          const parts = [
            canvas.getByRole('tablist', { name: 'Order type' }),
            ...canvas.getAllByRole('textbox'),
            canvas.getByRole('combobox', { name: 'Action Type' }),
            scroller,
          ]
          for (const part of parts) {
            await waitFor(() => expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(320))
          }
        } finally {
          document.body.style.width = previousWidth
        }
      })
      await step(
        'the wide table scrolls inside its frame, which shades the edge with more columns',
        async () => {
          const scroller = table.parentElement as HTMLElement
          await expect(overflowOf(scroller)).toBeGreaterThan(0)
          await expect(getComputedStyle(scroller).overflowX).toBe('auto')
          await expect(getComputedStyle(scroller).backgroundImage).toContain('gradient')
        },
      )
    }
  },
}
