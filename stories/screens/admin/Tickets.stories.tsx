import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { INTERNAL_SERVER_ERROR } from '@engage/contract'
import { adminHandlers, adminScenarios, createAdminScenario, createAdminMockState } from '@engage/mocks'
import { AdminTickets, ASSIGN_TO_ME, NO_TICKETS_MATCH } from '@engage/screens/admin'
import { REPLY_LABEL, SEND_REPLY } from '@engage/screens'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, withAdminClient, withPadding } from './adminDecorators'
import { choose } from '../../support/select'

const meta = {
  component: AdminTickets,
  title: 'Admin/Tickets',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminTickets>
export default meta
type Story = StoryObj<typeof meta>

async function findQueue(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: 'Support tickets' })
  await within(table).findByText('#31 Followers order has not started')
  return within(table)
}

export const Default: Story = {
  name: 'Queue, open tickets',
  play: async ({ canvas }) => {
    const table = await findQueue(canvas)
    await expect(table.getAllByRole('row')).toHaveLength(2)
    await expect(table.getByText('alex.morgan@example.com')).toBeVisible()
    await expect(table.getByText('Nobody')).toBeVisible()
    await expect(table.getByRole('link', { name: '#31 Followers order has not started' })).toHaveAttribute(
      'href',
      '/admin/tickets/31',
    )
  },
}

export const FilterByAssignee: Story = {
  name: 'Queue, any status, assigned to me',
  parameters: {
    msw: { handlers: createAdminScenario('default', createAdminMockState({ role: 'support' })) },
  },
  play: async ({ canvas }) => {
    await findQueue(canvas)
    await choose(canvas, 'Status', 'Any status')
    await choose(canvas, 'Assignee', 'Me')
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
    const table = within(canvas.getByRole('grid', { name: 'Support tickets' }))
    await expect(await table.findByText('#30 How do I pay with USDT?', undefined, afterCall)).toBeVisible()
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2), afterCall)
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading tickets' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_TICKETS_MATCH)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the tickets', undefined, afterCall)).toBeVisible()
    await expect(canvas.getByText(INTERNAL_SERVER_ERROR)).toBeVisible()
  },
}

export const Thread: Story = {
  name: 'Thread: assign to me, answer, close',
  args: { ticketId: '31' },
  play: async ({ canvas, step }) => {
    await expect(
      await canvas.findByRole('heading', { name: '#31 Followers order has not started' }),
    ).toBeVisible()
    await expect(canvas.getByText('alex.morgan@example.com (customer)')).toBeVisible()
    await step('assign to me', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: ASSIGN_TO_ME }, afterCall))
      await waitFor(
        () =>
          expect(canvas.getByRole('combobox', { name: 'Assignee' })).toHaveDisplayValue(
            'operator@engage-panel.test',
          ),
        afterCall,
      )
    })
    await step('an answer makes the ticket answered', async () => {
      await userEvent.type(
        canvas.getByRole('textbox', { name: new RegExp(REPLY_LABEL) }),
        'It starts within the hour.',
      )
      await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
      await expect(await canvas.findByText('It starts within the hour.', undefined, afterCall)).toBeVisible()
      await expect(await canvas.findByText('Answered', undefined, afterCall)).toBeVisible()
    })
    await step('close, then reopen', async () => {
      // The buttons wait while the queue refreshes after the answer.
      const close = canvas.getByRole('button', { name: 'Close ticket' })
      await waitFor(() => expect(close).toBeEnabled(), afterCall)
      await userEvent.click(close)
      await expect(await canvas.findByRole('button', { name: 'Reopen ticket' }, afterCall)).toBeVisible()
      await expect(await canvas.findByText('Closed', undefined, afterCall)).toBeVisible()
    })
  },
}

export const ThreadNotFound: Story = {
  name: 'Thread, not found',
  args: { ticketId: '999' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the ticket')).toBeVisible()
    await expect(canvas.getByText('Ticket not found')).toBeVisible()
  },
}

export const ReplyFailed: Story = {
  name: 'Thread, answer failed',
  args: { ticketId: '31' },
  parameters: {
    msw: { handlers: [adminHandlers.adminReplyTicket.failure(), ...adminScenarios.default] },
  },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: new RegExp(REPLY_LABEL) }), 'Checking.')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await expect(await canvas.findByText('Failed to send the reply', undefined, afterCall)).toBeVisible()
  },
}
