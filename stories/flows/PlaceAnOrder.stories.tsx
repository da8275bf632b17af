import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { formatUsd, LAYOUT_BREAKPOINT_PX, ORDER_PLACED, YOUR_RECENT_ORDERS } from '@engage/contract'
import { createMockState, createScenario, meOf } from '@engage/mocks'
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

// One state behind every call, so the order placed shows in the list and moves the balance.
const state = createMockState()
const startingBalance = meOf(state).balance

const meta = {
  title: 'Flows/PlaceAnOrder',
  component: SignedInDashboard,
  decorators: [withClient, withRouter],
  parameters: { msw: { handlers: createScenario('default', state) } },
} satisfies Meta<typeof SignedInDashboard>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

export const PlaceAnOrder: Story = {
  play: async ({ canvas, step }) => {
    // The order forms render in the task after the dashboard's first paint.
    await canvas.findByRole('tablist', { name: 'Order type' })
    const main = within(canvas.getByRole('main'))
    const link = `https://x.com/engagepanel/status/${String(Date.now())}`

    await step('fill the new order: likes, a link, 750', async () => {
      await chooseActionType(main, 'LIKES')
      // The link is pasted, as people do.
      await userEvent.click(main.getByRole('textbox', { name: 'Link' }))
      await userEvent.paste(link)
      await userEvent.type(main.getByRole('textbox', { name: 'Quantity' }), '750')
      // 750 likes × 0.0012 USD
      await expect(main.getByRole('status', { name: 'Total' })).toHaveTextContent('$0.9000')
    })

    await step('place it and see the success message', async () => {
      await userEvent.click(main.getByRole('button', { name: 'Place Order' }))
      const toasts = await page().findByRole('region', { name: 'Notifications' }, { timeout: 3000 })
      await expect(await within(toasts).findByText(ORDER_PLACED)).toBeVisible()
    })

    await step('the new order leads Your Recent Orders, pending', async () => {
      const table = await main.findByRole('grid', { name: YOUR_RECENT_ORDERS })
      await waitFor(() =>
        expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/LIKES.*750.*Pending/),
      )
      const newRow = within(table).getAllByRole('row')[1] as HTMLElement
      await userEvent.hover(within(newRow).getByRole('button', { name: 'LIKES' }))
      const card = await page().findByRole('dialog', { name: /^Order \d+ details$/ })
      await expect(within(card).getByText('Link').nextElementSibling).toHaveTextContent(link)
      await expect(within(card).getByText('Charge').nextElementSibling).toHaveTextContent('$0.90')
      await userEvent.unhover(within(newRow).getByRole('button', { name: 'LIKES' }))
    })

    await step('the user data is refreshed: one more order, and the balance paid for it', async () => {
      const totalOrders = main.getByText('Total Orders', { selector: 'dt' }).nextElementSibling
      await waitFor(() => expect(totalOrders).toHaveTextContent(String(state.orders.length)))
      // Below 768 px the balance sits in the user menu (Screens/AppShell covers it there). Opening that modal
      // menu over this long page makes React Aria's overlay positioning report a harmless "ResizeObserver loop"
      // error, which the story runner counts as a failure, so the balance is checked where the chip shows it.
      if (window.innerWidth >= LAYOUT_BREAKPOINT_PX) {
        const balance = formatUsd(startingBalance - 0.9)
        await expect(await within(canvas.getByRole('banner')).findByText(balance)).toBeVisible()
      }
    })
  },
}
