import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { ADMIN_REASON_REQUIRED, ADMIN_REFUND_TOO_LARGE } from '@engage/contract'
import { adminScenarios, createAdminMockState, createAdminScenario } from '@engage/mocks'
import { AdminOrders, NO_ORDERS_MATCH } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, page, removeStaleAnnouncements, withAdminClient, withPadding } from './adminDecorators'
import { choose } from '../../support/select'

const meta = {
  component: AdminOrders,
  title: 'Admin/Orders',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminOrders>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

async function findTable(canvas: Canvas) {
  const table = await canvas.findByRole('grid', { name: 'Orders' })
  await within(table).findByText('#1048')
  return within(table)
}

async function openOrder(canvas: Canvas, id: string) {
  await findTable(canvas)
  await userEvent.click(canvas.getByRole('button', { name: `Open order ${id}` }))
  return within(await canvas.findByRole('region', { name: `Order #${id}` }, afterCall))
}

async function findActionDialog(name: string) {
  const dialog = await within(page()).findByRole('alertdialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    await expect(table.getAllByRole('row')).toHaveLength(8)
    await expect(table.getAllByText('alex.morgan@example.com').length).toBe(7)
    await expect(table.getByText('$0.36 refunded')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading orders' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_ORDERS_MATCH)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the orders')).toBeVisible()
  },
}

export const FilterOrders: Story = {
  name: 'Filter by status, service, user and link',
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await step('paused orders', async () => {
      await choose(canvas, /Status/, 'Paused')
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
      const table = within(canvas.getByRole('grid', { name: 'Orders' }))
      await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2), afterCall)
      await expect(table.getByText('#1046')).toBeVisible()
    })
    await step('any status, by link and user', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear' }))
      await userEvent.type(canvas.getByRole('textbox', { name: /User/ }), 'alex.morgan@example.com')
      await userEvent.type(canvas.getByRole('textbox', { name: 'Link contains' }), 'youtube')
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
      const table = within(canvas.getByRole('grid', { name: 'Orders' }))
      await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2), afterCall)
      await expect(table.getByText('#1045')).toBeVisible()
    })
    await step('a service nobody ordered', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: /Service/ }), 'ai_tweets')
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
      await expect(await canvas.findByText(NO_ORDERS_MATCH, undefined, afterCall)).toBeVisible()
    })
  },
}

export const SearchAndExport: Story = {
  name: 'Search by id or link, and export what the filters select as CSV',
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await step('an order by its id', async () => {
      await userEvent.type(canvas.getByRole('searchbox', { name: /Search/ }), '#1045')
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
      const table = within(canvas.getByRole('grid', { name: 'Orders' }))
      await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2), afterCall)
      await expect(table.getByText('#1045')).toBeVisible()
    })
    await step('Export CSV downloads those orders with their account', async () => {
      const created = spyOn(URL, 'createObjectURL')
      // The file is read here; the browser's own save is not part of the story.
      const save = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
      try {
        await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }))
        await waitFor(() => expect(save).toHaveBeenCalled(), afterCall)
        const lines = (await (created.mock.calls[0]?.[0] as Blob).text()).split('\r\n')
        await expect(lines[0]).toMatch(/^Order ID,.*,Account$/)
        await expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(['1045'])
      } finally {
        save.mockRestore()
        created.mockRestore()
      }
    })
  },
}

export const UpstreamHistory: Story = {
  name: 'Detail with its upstream history',
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1046')
    await expect(detail.getByText('Paused because')).toBeVisible()
    const jobs = within(detail.getByRole('grid', { name: 'Jobs of order 1046' }))
    await expect(jobs.getByText(/Upstream timeout after 15000 ms/)).toBeVisible()
    await expect(jobs.getByText('8 of 8')).toBeVisible()
    await expect(await detail.findByRole('button', { name: 'Retry' }, afterCall)).toBeEnabled()
  },
}

export const Refills: Story = {
  name: 'Detail with its refills',
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1045')
    const refills = within(await detail.findByRole('grid', { name: 'Refills of order 1045' }))
    await expect(refills.getByText('Rejected')).toBeVisible()
    await expect(refills.getByText('Refill is not available for this service')).toBeVisible()
    await expect(refills.getByText('Completed')).toBeVisible()
    await expect(refills.getByText('SMC-R-7781')).toBeVisible()
  },
}

const refundState = createAdminMockState()

export const PartialRefund: Story = {
  name: 'Refund part of an order',
  parameters: { msw: { handlers: createAdminScenario('default', refundState) } },
  play: async ({ canvas, step }) => {
    const detail = await openOrder(canvas, '1045')
    await userEvent.click(await detail.findByRole('button', { name: 'Refund' }))
    const dialog = await findActionDialog('Refund order #1045')
    await step('a partial amount above what is left is refused by the field', async () => {
      await userEvent.click(dialog.getByRole('radio', { name: 'Partial amount' }))
      await userEvent.type(dialog.getByRole('textbox', { name: /Amount/ }), '5')
      await userEvent.click(dialog.getByRole('button', { name: 'Refund' }))
      await expect(await dialog.findByText(ADMIN_REFUND_TOO_LARGE)).toBeVisible()
      await expect(dialog.getByText(ADMIN_REASON_REQUIRED)).toBeVisible()
    })
    await step('refund $1.50 with a reason', async () => {
      const amount = dialog.getByRole('textbox', { name: /Amount/ })
      await userEvent.clear(amount)
      await userEvent.type(amount, '1.5')
      await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Views dropped after delivery')
      await userEvent.click(dialog.getByRole('button', { name: 'Refund' }))
      await expect(
        await canvas.findByText(
          'Refunded $1.50 to alex.morgan@example.com (Completed)',
          undefined,
          afterCall,
        ),
      ).toBeVisible()
      await expect(await detail.findByText('$1.50', { selector: 'dd' }, afterCall)).toBeVisible()
    })
    await expect(refundState.users.find((user) => user.id === '2')?.balance).toBe(51.5)
    await expect(refundState.audit[0]).toMatchObject({
      action: 'order.refund',
      reason: 'Views dropped after delivery',
    })
    await removeStaleAnnouncements()
  },
}

export const FullRefund: Story = {
  name: 'Refund the rest of an order',
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1044')
    await userEvent.click(await detail.findByRole('button', { name: 'Refund' }))
    const dialog = await findActionDialog('Refund order #1044')
    await expect(dialog.getByRole('radio', { name: 'Full: what is left, $0.54' })).toBeChecked()
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Provider stopped delivering')
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }))
    await expect(
      await canvas.findByText('Refunded $0.54 to alex.morgan@example.com (Partial)', undefined, afterCall),
    ).toBeVisible()
    // Nothing is left to refund: the action is gone.
    await waitFor(() => expect(detail.queryByRole('button', { name: 'Refund' })).toBeNull(), afterCall)
    await removeStaleAnnouncements()
  },
}

export const CancelOrder: Story = {
  name: 'Cancel an order not yet sent (asks first)',
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1048')
    await userEvent.click(await detail.findByRole('button', { name: 'Cancel order' }))
    const dialog = await findActionDialog('Cancel order #1048')
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel order' }))
    await expect(
      await canvas.findByText('Order 1048 has been cancelled and refunded (Cancelled)', undefined, afterCall),
    ).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const CancelProcessingOrder: Story = {
  name: 'Cancel an order the provider has: the provider is asked',
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1047')
    await userEvent.click(await detail.findByRole('button', { name: 'Cancel order' }))
    const dialog = await findActionDialog('Cancel order #1047')
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel order' }))
    // Nothing moves until the provider answers: the order is still processing, nothing refunded.
    await expect(
      await canvas.findByText(
        'Order 1047: the provider has been asked to cancel it (Processing)',
        undefined,
        afterCall,
      ),
    ).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const SetStatus: Story = {
  name: 'Set a status by hand with a reason',
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1047')
    await userEvent.click(await detail.findByRole('button', { name: 'Set status' }))
    const dialog = await findActionDialog('Set status #1047')
    await choose(dialog, /New status/, 'Completed')
    await userEvent.click(dialog.getByRole('button', { name: 'Set status' }))
    await expect(await dialog.findByText(ADMIN_REASON_REQUIRED)).toBeVisible()
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Reason/ }),
      'Provider confirmed delivery by mail',
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Set status' }))
    await expect(
      await canvas.findByText('Order 1047 set to completed (Completed)', undefined, afterCall),
    ).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const SupportActs: Story = {
  name: 'Support may retry, cancel and refund',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    const detail = await openOrder(canvas, '1046')
    await expect(await detail.findByRole('button', { name: 'Retry' })).toBeEnabled()
    await expect(detail.getByRole('button', { name: 'Cancel order' })).toBeEnabled()
    await expect(detail.getByRole('button', { name: 'Refund' })).toBeEnabled()
  },
}
