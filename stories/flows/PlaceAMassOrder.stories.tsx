import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { MASS_ORDERS_PLACED, TOTAL_USD_AMOUNT, YOUR_RECENT_ORDERS } from '@engage/contract'
import { createMockState, createScenario } from '@engage/mocks'
import { AppShell, Dashboard } from '@engage/screens'
import { createToastQueue, ToastProvider, type Theme } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { chooseActionType } from '../support/select'

// The signed-in dashboard as the panel assembles it: the layout, the page, one toast region.
function SignedInDashboard() {
  const [theme, setTheme] = useState<Theme>('dark')
  const [queue] = useState(() => createToastQueue())
  return (
    <ToastProvider queue={queue}>
      <AppShell theme={theme} onThemeChange={setTheme} currentPath="/dashboard">
        <Dashboard />
      </AppShell>
    </ToastProvider>
  )
}

// One state behind every call, so the orders placed show in the list.
const state = createMockState()

const meta = {
  title: 'Flows/PlaceAMassOrder',
  component: SignedInDashboard,
  decorators: [withClient, withRouter],
  parameters: { msw: { handlers: createScenario('default', state) } },
} satisfies Meta<typeof SignedInDashboard>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const page = () => within(document.body)

/** The panel of the selected order tab (the other order panels stay mounted, hidden). */
function massPanel(canvas: Canvas) {
  const tab = canvas.getByRole('tab', { name: 'Mass' })
  const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '')
  if (!panel) throw new Error('the Mass tab controls a panel')
  return within(panel)
}

async function queueItem(panel: Canvas, item: { type: string; quantity: string; url: string }) {
  // The tab's code arrives once the page is idle: a click before that shows its spinner until then.
  await chooseActionType(panel, item.type)
  await userEvent.type(panel.getByRole('textbox', { name: 'Quantity' }), item.quantity)
  // Links are pasted, as people do.
  await userEvent.click(panel.getByRole('textbox', { name: 'URL' }))
  await userEvent.paste(item.url)
  await userEvent.click(panel.getByRole('button', { name: 'Add Another Service' }))
}

export const PlaceAMassOrder: Story = {
  play: async ({ canvas, step }) => {
    // The order forms render in the task after the dashboard's first paint.
    await canvas.findByRole('tablist', { name: 'Order type' })
    const run = String(Date.now())
    await step('queue two services on the Mass tab', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Mass' }))
      const panel = massPanel(canvas)
      await queueItem(panel, {
        type: 'LIKES',
        quantity: '500',
        url: `https://x.com/engagepanel/status/${run}`,
      })
      await queueItem(panel, {
        type: 'FOLLOWERS',
        quantity: '200',
        url: `https://instagram.com/engage.${run}`,
      })
      await expect(
        within(panel.getByRole('list', { name: 'Queued services' })).getAllByRole('listitem'),
      ).toHaveLength(2)
      // 500 likes × 0.0012 + 200 followers × 0.0025
      await expect(panel.getByText(TOTAL_USD_AMOUNT).nextElementSibling).toHaveTextContent('$1.1000')
    })

    await step('place the mass order and see the success message', async () => {
      await userEvent.click(massPanel(canvas).getByRole('button', { name: 'Place Mass Order' }))
      const toasts = await page().findByRole('region', { name: 'Notifications' }, { timeout: 3000 })
      await expect(await within(toasts).findByText(MASS_ORDERS_PLACED)).toBeVisible()
      await expect(massPanel(canvas).queryByRole('list', { name: 'Queued services' })).toBeNull()
    })

    await step('both new orders lead Your Recent Orders, pending', async () => {
      const table = await canvas.findByRole('grid', { name: YOUR_RECENT_ORDERS })
      await waitFor(() =>
        expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/FOLLOWERS.*200.*Pending/),
      )
      await expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/LIKES.*500.*Pending/)
      const totalOrders = canvas.getByText('Total Orders', { selector: 'dt' }).nextElementSibling
      await waitFor(() => expect(totalOrders).toHaveTextContent(String(state.orders.length)))
    })
  },
}
