import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import { Affiliates, COPIED, COPY_FAILED, NO_EARNINGS, NO_PAYOUTS } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

const meta = {
  component: Affiliates,
  title: 'Screens/Affiliates',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  args: { copyText: fn(() => Promise.resolve()) },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Affiliates>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/** The figure of a stat card. */
function statOf(canvas: Canvas, label: string) {
  return canvas.getByText(label, { selector: 'dt' }).nextElementSibling
}

/** The commissions table's row of an order. */
async function earningRow(canvas: Canvas, orderId: string): Promise<HTMLElement> {
  const table = within(await canvas.findByRole('grid', { name: 'Commissions' }))
  const row = table.getByText(`#${orderId}`).closest<HTMLElement>('[role="row"]')
  if (!row) throw new Error(`No row for order ${orderId}`)
  return row
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the link to share', async () => {
      const link = await canvas.findByRole('textbox', { name: 'Referral link' })
      await expect(link).toHaveValue(`${window.location.origin}/r/k7m2q9xwad`)
      await expect(link).toHaveAttribute('readonly')
      await expect(canvas.getByText(/you earn 10 % of what they spend on completed orders/)).toBeVisible()
      await expect(
        canvas.getByText(/credited to your balance 14 days after each order completes/),
      ).toBeVisible()
    })
    await step('visits, sign-ups and the commissions by state', async () => {
      await expect(statOf(canvas, 'Visits')).toHaveTextContent('148')
      await expect(statOf(canvas, 'Sign-ups')).toHaveTextContent('9')
      await expect(statOf(canvas, 'On hold')).toHaveTextContent('$4.50')
      await expect(statOf(canvas, 'Available')).toHaveTextContent('$1.20')
      await expect(statOf(canvas, 'Credited')).toHaveTextContent('$12.75')
    })
    await step('every commission with its status, newest first', async () => {
      const table = within(await canvas.findByRole('grid', { name: 'Commissions' }))
      await expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        'Date',
        'Order',
        'Spent',
        'Rate',
        'Commission',
        'Status',
        'Credited on',
      ])
      await expect(within(await earningRow(canvas, '1187')).getByText('On hold')).toBeVisible()
      await expect(within(await earningRow(canvas, '1102')).getByText('Available')).toBeVisible()
      await expect(within(await earningRow(canvas, '1064')).getByText('Reversed')).toBeVisible()
      await expect(within(await earningRow(canvas, '1064')).getByText('Refunded')).toBeVisible()
      const paid = await earningRow(canvas, '1011')
      await expect(within(paid).getByText('Credited')).toBeVisible()
      await expect(within(paid).getByText('$127.50')).toBeVisible()
    })
    await step('the credits to the balance', async () => {
      const credits = within(await canvas.findByRole('grid', { name: 'Credits to your balance' }))
      await expect(credits.getByText('+$12.75')).toBeVisible()
      await expect(credits.getByText('#1011')).toBeVisible()
    })
  },
}

export const CopyTheLink: Story = {
  name: 'Copy the link',
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy link' }))
    await expect(args.copyText).toHaveBeenCalledWith(`${window.location.origin}/r/k7m2q9xwad`)
    await expect(await canvas.findByText(COPIED)).toBeVisible()
  },
}

export const CopyRefused: Story = {
  name: 'The browser refuses the clipboard',
  args: { copyText: fn(() => Promise.reject(new Error('denied'))) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy link' }))
    await expect(await canvas.findByText(COPY_FAILED)).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.getAffiliates.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('progressbar', { name: 'Loading your affiliate details' }),
    ).toBeInTheDocument()
  },
}

export const Empty: Story = {
  name: 'Empty: the link not shared yet',
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_EARNINGS)).toBeVisible()
    await expect(canvas.getByText(NO_PAYOUTS)).toBeVisible()
    await expect(statOf(canvas, 'Visits')).toHaveTextContent('0')
    await expect(statOf(canvas, 'Credited')).toHaveTextContent('$0.00')
    await expect(canvas.getByRole('textbox', { name: 'Referral link' })).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Internal server error')
    await expect(canvas.queryByRole('textbox', { name: 'Referral link' })).toBeNull()
  },
}

const pacificState = createMockState()
pacificState.profile.timezone = 'PST'

export const InTheCustomersTimezone: Story = {
  name: "Dates on the customer's clock",
  parameters: { msw: { handlers: createScenario('default', pacificState) } },
  play: async ({ canvas }) => {
    const row = await earningRow(canvas, '1187')
    // Earned 2026-11-18 10:00 UTC, on hold until 2026-12-02 10:00 UTC: read in Pacific time.
    await waitFor(() => expect(within(row).getByText('11/18/2026, 02:00 AM PST')).toBeVisible())
    await expect(within(row).getByText('12/02/2026')).toBeVisible()
  },
}
