import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  INTERNAL_SERVER_ERROR,
  NO_ORDERS_FOUND,
  REFRESH_PAGE,
  SELECT_ONE_AI_SETTING,
  SOMETHING_WENT_WRONG,
  SUPPORT_HOURS,
  TOTAL_USD_AMOUNT,
  YOUR_RECENT_ORDERS,
} from '@engage/contract'
import {
  createMockState,
  FIXTURE_PANEL_TOTAL_ORDERS,
  fixtureContactMethods,
  fixtureOrders,
  fixtureProfile,
  handlers,
  meOf,
  scenarios,
} from '@engage/mocks'
import { Dashboard, ErrorFallback, NO_UPDATES, SELECT_AI_SETTINGS } from '@engage/screens'
import { Box, createToastQueue, ToastProvider } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { chooseActionType } from '../support/select'

function StoryToasts({ children }: { children: React.ReactNode }) {
  const [queue] = useState(() => createToastQueue())
  return <ToastProvider queue={queue}>{children}</ToastProvider>
}
const withToasts: Decorator = (Story) => (
  <StoryToasts>
    <Story />
  </StoryToasts>
)

// React Aria announces a pending button through a page-wide live region for 7 s, by the button's id; a previous
// story's announcement would point at a button that is gone.
function clearLiveAnnouncements() {
  for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) log.replaceChildren()
}

const meta = {
  component: Dashboard,
  title: 'Screens/Dashboard',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withToasts,
    withClient,
    withRouter,
  ],
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Dashboard>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const page = () => within(document.body)

function statValue(canvas: Canvas, label: string) {
  return canvas.getByText(label, { selector: 'dt' }).nextElementSibling
}

/**
 * Waits for the dashboard's order forms: they render in the task after the first paint (the heading and the
 * stat cards come first).
 */
/** Waits for every section: after the heading and stat cards, each comes in a task of its own, in page order. */
async function dashboardShown(canvas: Canvas) {
  await canvas.findByRole('tablist', { name: 'Order type' })
  await canvas.findByRole('tablist', { name: 'Help and news' })
  await canvas.findByRole('heading', { name: YOUR_RECENT_ORDERS })
}

const orderTabs = (canvas: Canvas) => within(canvas.getByRole('tablist', { name: 'Order type' }))
/** The order panels in the page: the selected one and those shown before (they stay mounted, hidden). */
function orderPanels(canvas: Canvas) {
  const tablist = canvas.getByRole('tablist', { name: 'Order type' })
  return [...(tablist.parentElement?.children ?? [])].filter((child) => child !== tablist)
}

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
    await dashboardShown(canvas)
    await step('three stat cards: email, total orders, total orders of the panel', async () => {
      await waitFor(() => expect(statValue(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
      await expect(statValue(canvas, 'Total Orders')).toHaveTextContent(String(fixtureOrders().length))
      await expect(statValue(canvas, 'Total Orders (Panel)')).toHaveTextContent(
        FIXTURE_PANEL_TOTAL_ORDERS.toLocaleString('en-US'),
      )
    })
    await step('left tabs New, Mass, Subscriptions; New first', async () => {
      const tabs = orderTabs(canvas).getAllByRole('tab')
      await expect(tabs.map((tab) => tab.textContent)).toEqual(['New', 'Mass', 'Subscriptions'])
      await expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
      await expect(selectedPanel(canvas).getByRole('button', { name: 'Place Order' })).toBeVisible()
    })
    await step(
      'only the selected order panel is in the page; the others mount when first shown',
      async () => {
        const panels = orderPanels(canvas)
        await expect(panels).toHaveLength(1)
        await expect(panels[0]).toBeVisible()
        await expect(panels[0]).toHaveAttribute(
          'id',
          orderTabs(canvas).getAllByRole('tab')[0]?.getAttribute('aria-controls'),
        )
      },
    )
    await step('right tabs Contact Us and Updates; Contact Us first', async () => {
      const tabs = within(canvas.getByRole('tablist', { name: 'Help and news' })).getAllByRole('tab')
      await expect(tabs.map((tab) => tab.textContent)).toEqual(['Contact Us', 'Updates'])
      await expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
      const contacts = within(await canvas.findByRole('list', { name: 'Contact methods' }))
      const entries = contacts.getAllByRole('listitem')
      await expect(entries).toHaveLength(fixtureContactMethods().length)
      await expect(entries[1]).toHaveTextContent(SUPPORT_HOURS)
    })
    await step('Your Recent Orders lists the orders', async () => {
      await expect(canvas.getByRole('heading', { name: YOUR_RECENT_ORDERS })).toBeVisible()
      const table = await canvas.findByRole('grid', { name: YOUR_RECENT_ORDERS })
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(fixtureOrders().length + 1))
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    // The recent orders list is covered by its spinner overlay (once the table's code has arrived).
    const table = await canvas.findByRole('grid', { name: YOUR_RECENT_ORDERS })
    await expect(table.parentElement).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('progressbar', { name: 'Loading orders' })).toBeVisible()
    await expect(within(statValue(canvas, 'Email') as HTMLElement).getByRole('progressbar')).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    await waitFor(() => expect(statValue(canvas, 'Total Orders')).toHaveTextContent('0'))
    await expect(await canvas.findByText(NO_ORDERS_FOUND)).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Updates' }))
    await expect(await canvas.findByText(NO_UPDATES)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    const banner = await waitFor(() =>
      within(canvas.getByRole('region', { name: YOUR_RECENT_ORDERS })).getByRole('alert'),
    )
    await expect(banner).toHaveTextContent(INTERNAL_SERVER_ERROR)
    await waitFor(() => expect(statValue(canvas, 'Email')).toHaveTextContent('—'))
  },
}

const { totalOrdersPanel: _panelTotal, ...meWithoutPanelTotal } = meOf(createMockState())

export const PanelTotalFallback: Story = {
  parameters: {
    msw: { handlers: [handlers.getMe.respond(meWithoutPanelTotal), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    // The panel-wide figure falls back to 25011 when the server gives none.
    await waitFor(() => expect(statValue(canvas, 'Total Orders (Panel)')).toHaveTextContent('25,011'))
  },
}

export const TotalUsdAmountOnMassAndSubscriptions: Story = {
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    await expect(selectedPanel(canvas).queryByText(TOTAL_USD_AMOUNT)).toBeNull()
    await userEvent.click(orderTabs(canvas).getByRole('tab', { name: 'Mass' }))
    await expect(await selectedPanel(canvas).findByText(TOTAL_USD_AMOUNT)).toBeVisible()
    await userEvent.click(orderTabs(canvas).getByRole('tab', { name: 'Subscriptions' }))
    await expect(await selectedPanel(canvas).findByText(TOTAL_USD_AMOUNT)).toBeVisible()
    await expect(selectedPanel(canvas).getByRole('button', { name: 'Subscribe' })).toBeVisible()
    // The first two panels are hidden again, the queue and the form kept.
    const panels = orderPanels(canvas)
    await expect(panels).toHaveLength(3)
    await expect(panels.filter((panel) => panel.getBoundingClientRect().height > 0)).toHaveLength(1)
    await expect(panels[0]).not.toBeVisible()
    await expect(panels[1]).not.toBeVisible()
    await expect(
      within(panels[1] as HTMLElement).getByRole('button', { name: 'Place Mass Order', hidden: true }),
    ).toBeInTheDocument()
  },
}

export const UpdateOpensInNewWindow: Story = {
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    await userEvent.click(canvas.getByRole('tab', { name: 'Updates' }))
    const updates = within(await canvas.findByRole('list', { name: 'Updates' }))
    const link = updates.getByRole('link', { name: /AI tweets are here/ })
    await expect(link).toHaveAttribute('href', 'https://engagepanel.example/blog/ai-tweets')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener')
    // An update without a url is plain text.
    await expect(updates.queryByRole('link', { name: /Faster start times/ })).toBeNull()
    await expect(updates.getByText('Faster start times')).toBeVisible()
  },
}

export const AiSettingsPicker: Story = {
  play: async ({ canvas, step }) => {
    await dashboardShown(canvas)
    await step('an AI order carries the first AI setting until the user picks another', async () => {
      await chooseActionType(selectedPanel(canvas), 'AI COMMENTS')
      await expect(await canvas.findByText('AI setting: Default AI')).toBeVisible()
    })
    await step("AI Settings opens the picker: 'Select one AI setting for this order'", async () => {
      await userEvent.click(selectedPanel(canvas).getByRole('button', { name: 'AI Settings' }))
      const dialog = await page().findByRole('dialog', { name: SELECT_ONE_AI_SETTING })
      await userEvent.click(within(dialog).getByRole('radio', { name: /Reasoner/ }))
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument())
      await expect(canvas.getByText('AI setting: Reasoner')).toBeVisible()
    })
  },
}

export const AiSettingsPickerForMassItems: Story = {
  args: { defaultTab: 'mass' },
  play: async ({ canvas, step }) => {
    await dashboardShown(canvas)
    await step('a mass item picks any number of settings', async () => {
      await chooseActionType(selectedPanel(canvas), 'AI TWEETS')
      await userEvent.click(selectedPanel(canvas).getByRole('button', { name: 'AI Settings' }))
      const dialog = await page().findByRole('dialog', { name: SELECT_AI_SETTINGS })
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Default AI/ }))
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Launch replies/ }))
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument())
      await expect(selectedPanel(canvas).getByText('2 AI settings selected')).toBeVisible()
    })
  },
}

export const Prefilled: Story = {
  args: { prefill: { serviceType: 'likes', url: 'https://x.com/engagepanel/status/5', quantity: 250 } },
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    const form = selectedPanel(canvas)
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('LIKES'),
    )
    await expect(form.getByRole('textbox', { name: 'Link' })).toHaveValue(
      'https://x.com/engagepanel/status/5',
    )
    await expect(form.getByRole('textbox', { name: 'Quantity' })).toHaveValue('250')
    await waitFor(() => expect(form.getByRole('status', { name: 'Total' })).toHaveTextContent('$0.3000'))
  },
}

export const OpensOnTheMassTab: Story = {
  args: { defaultTab: 'mass' },
  play: async ({ canvas }) => {
    await dashboardShown(canvas)
    await expect(orderTabs(canvas).getByRole('tab', { name: 'Mass' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(await selectedPanel(canvas).findByRole('button', { name: 'Place Mass Order' })).toBeVisible()
  },
}

// The dashboard's error boundary shows this in place of a screen that failed to render.
export const ErrorFallbackScreen: Story = {
  name: 'Error fallback',
  render: (args) => <ErrorFallback onRefresh={args.onRefresh} />,
  args: { onRefresh: fn() },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert')
    await expect(within(alert).getByRole('heading', { name: SOMETHING_WENT_WRONG })).toBeVisible()
    await userEvent.click(within(alert).getByRole('button', { name: REFRESH_PAGE }))
    await expect(args.onRefresh).toHaveBeenCalledTimes(1)
  },
}
