import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { SUBSCRIPTION_CREATED, TOTAL_USD_AMOUNT, YOUR_RECENT_ORDERS } from '@engage/contract'
import { createMockState, createScenario } from '@engage/mocks'
import { AppShell, Dashboard } from '@engage/screens'
import { createToastQueue, ToastProvider, type Theme } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

// The signed-in dashboard as the panel assembles it: the layout, the page, one toast region.
function SignedInDashboard() {
  const [theme, setTheme] = useState<Theme>('dark')
  const [queue] = useState(() => createToastQueue())
  return (
    <ToastProvider queue={queue}>
      <AppShell theme={theme} onThemeChange={setTheme} currentPath="/dashboard">
        <Dashboard defaultTab="subscriptions" />
      </AppShell>
    </ToastProvider>
  )
}

// One state behind every call, so the subscription and its initial order show in their lists.
const state = createMockState()

const meta = {
  title: 'Flows/Subscribe',
  component: SignedInDashboard,
  decorators: [withClient, withRouter],
  parameters: { msw: { handlers: createScenario('default', state) } },
} satisfies Meta<typeof SignedInDashboard>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

export const Subscribe: Story = {
  play: async ({ canvas, step }) => {
    // The order forms render in the task after the dashboard's first paint.
    await canvas.findByRole('tablist', { name: 'Order type' })
    const tab = canvas.getByRole('tab', { name: 'Subscriptions' })
    const panel = within(document.getElementById(tab.getAttribute('aria-controls') ?? '') as HTMLElement)
    const summaryValue = (term: string) =>
      within(panel.getByRole('region', { name: 'Subscription summary' })).getByText(term).nextElementSibling
    const url = `https://instagram.com/engage.${String(Date.now())}`

    await step('the form starts at followers, daily, 7 per period, for a week', async () => {
      await expect(tab).toHaveAttribute('aria-selected', 'true')
      await waitFor(() =>
        expect(panel.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('FOLLOWERS'),
      )
      await expect(summaryValue('Number of periods')).toHaveTextContent('7')
      await expect(panel.getByText(TOTAL_USD_AMOUNT).nextElementSibling).toHaveTextContent('$0.1225')
    })

    await step('ask for 20 a day and subscribe', async () => {
      const quantity = panel.getByRole('textbox', { name: 'Quantity per Period' })
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '20')
      // 7 days × 20 followers × 0.0025
      await expect(summaryValue('Total cost')).toHaveTextContent('$0.3500')
      // The link is pasted, as people do.
      await userEvent.click(panel.getByRole('textbox', { name: /Target URL/ }))
      await userEvent.paste(url)
      await userEvent.click(panel.getByRole('button', { name: 'Subscribe' }))
      const toasts = await page().findByRole('region', { name: 'Notifications' }, { timeout: 3000 })
      await expect(await within(toasts).findByText(SUBSCRIPTION_CREATED)).toBeVisible()
    })

    await step('the subscription leads Your Subscriptions, active, its first period placed', async () => {
      const subscriptions = panel.getByRole('grid', { name: 'Your Subscriptions' })
      await waitFor(() =>
        expect(within(subscriptions).getAllByRole('row')[1]).toHaveTextContent(
          /FOLLOWERS.*Daily.*20.*1 of 7.*Active/,
        ),
      )
    })

    await step('its initial order leads Your Recent Orders', async () => {
      const table = await canvas.findByRole('grid', { name: YOUR_RECENT_ORDERS })
      await waitFor(() =>
        expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/FOLLOWERS.*20.*Pending/),
      )
    })
  },
}
