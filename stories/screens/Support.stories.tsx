import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  TICKET_MESSAGE_REQUIRED,
  TICKET_NOT_FOUND,
  TICKET_ORDER_NOT_YOURS,
  TICKET_SUBJECT_REQUIRED,
} from '@engage/contract'
import { handlers, scenarios } from '@engage/mocks'
import {
  CLOSE_TICKET,
  CLOSED_TICKET_NOTE,
  FAILED_TO_LOAD_TICKET,
  FAILED_TO_LOAD_TICKETS,
  MESSAGE_LABEL,
  NEW_TICKET_TITLE,
  NO_TICKETS,
  OPEN_TICKET,
  ORDER_LABEL,
  REPLY_LABEL,
  SEND_REPLY,
  SUBJECT_LABEL,
  Support,
} from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { choose } from '../support/select'

const meta = {
  component: Support,
  title: 'Screens/Support',
  decorators: [
    (Story) => (
      <Box padding={{ mobile: 'medium', tablet: 'large' }}>
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  args: { onTicketOpened: fn() },
  // A fresh state per story (a getter), so a ticket opened in one story never shows in another.
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Support>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

async function ticketRows(canvas: Canvas) {
  const table = await canvas.findByRole('grid', { name: 'Your tickets' })
  await within(table).findByText('Followers order has not started')
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.dataset.key !== undefined)
}

async function messages(canvas: Canvas) {
  return within(await canvas.findByRole('list', { name: 'Messages' })).getAllByRole('listitem')
}

export const Default: Story = {
  name: 'List',
  play: async ({ canvas }) => {
    const rows = await ticketRows(canvas)
    await expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]?.textContent)).toEqual([
      'Followers order has not started',
      'How do I pay with USDT?',
      'Refund for a cancelled order',
    ])
    await expect(within(rows[0] as HTMLElement).getByText('Open')).toBeVisible()
    await expect(within(rows[0] as HTMLElement).getByText('#1048')).toBeVisible()
    await expect(within(rows[1] as HTMLElement).getByText('Answered')).toBeVisible()
    await expect(within(rows[2] as HTMLElement).getByText('Closed')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'How do I pay with USDT?' })).toHaveAttribute(
      'href',
      '/support/30',
    )
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.listTickets.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading your tickets' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_TICKETS)).toBeVisible()
    await expect(canvas.getByRole('button', { name: NEW_TICKET_TITLE })).toBeEnabled()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: [handlers.listTickets.failure(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(FAILED_TO_LOAD_TICKETS)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

export const NewTicket: Story = {
  name: 'Open a ticket',
  play: async ({ canvas, args, step }) => {
    await ticketRows(canvas)
    await userEvent.click(canvas.getByRole('button', { name: NEW_TICKET_TITLE }))
    const form = within(await canvas.findByRole('form', { name: NEW_TICKET_TITLE }))
    await step('the subject and message are required, by their fields', async () => {
      await userEvent.click(form.getByRole('button', { name: OPEN_TICKET }))
      await expect(await form.findByText(TICKET_SUBJECT_REQUIRED)).toBeVisible()
      await expect(form.getByText(TICKET_MESSAGE_REQUIRED)).toBeVisible()
    })
    await step('a ticket about one of the customer’s orders', async () => {
      await userEvent.type(form.getByRole('textbox', { name: new RegExp(SUBJECT_LABEL) }), 'Likes are slow')
      await userEvent.type(
        form.getByRole('textbox', { name: new RegExp(MESSAGE_LABEL) }),
        'Hello,{enter}the likes stopped at half.',
      )
      const select = await form.findByRole('combobox', { name: ORDER_LABEL })
      await waitFor(() => expect((select as HTMLSelectElement).options.length).toBeGreaterThan(2))
      await choose(form, ORDER_LABEL, (select as HTMLSelectElement).options[2]?.text ?? '')
      await userEvent.click(form.getByRole('button', { name: OPEN_TICKET }))
      await waitFor(() => expect(args.onTicketOpened).toHaveBeenCalledWith('2001'))
    })
  },
}

export const NewTicketForAnOrder: Story = {
  name: 'Open a ticket from an order',
  args: { newTicketOrderId: '1048' },
  play: async ({ canvas }) => {
    const form = within(await canvas.findByRole('form', { name: NEW_TICKET_TITLE }))
    const select = await form.findByRole('combobox', { name: ORDER_LABEL })
    await waitFor(() => expect(select).toHaveValue('1048'))
  },
}

export const NewTicketRefused: Story = {
  name: 'Open a ticket: order refused',
  args: { newTicketOrderId: '1048' },
  parameters: {
    msw: {
      handlers: [
        handlers.createTicket.failure(`order_id: ${TICKET_ORDER_NOT_YOURS}`, 422, 'order_id'),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const form = within(await canvas.findByRole('form', { name: NEW_TICKET_TITLE }))
    await userEvent.type(form.getByRole('textbox', { name: new RegExp(SUBJECT_LABEL) }), 'Help')
    await userEvent.type(form.getByRole('textbox', { name: new RegExp(MESSAGE_LABEL) }), 'About this order')
    await userEvent.click(form.getByRole('button', { name: OPEN_TICKET }))
    await expect(await form.findByText(TICKET_ORDER_NOT_YOURS)).toBeVisible()
  },
}

export const Thread: Story = {
  name: 'Thread, answered',
  args: { ticketId: '30' },
  play: async ({ canvas, step }) => {
    await expect(await canvas.findByRole('heading', { name: 'How do I pay with USDT?' })).toBeVisible()
    await expect(canvas.getByText('Answered')).toBeVisible()
    const items = await messages(canvas)
    await expect(items.map((item) => within(item).getAllByText(/^(You|Support)$/)[0]?.textContent)).toEqual([
      'You',
      'Support',
    ])
    // Line breaks as typed.
    await expect(items[1]?.querySelector('p')?.textContent).toContain('fees.\n\nThe balance')
    await step('a reply opens the ticket again for support', async () => {
      await userEvent.type(
        canvas.getByRole('textbox', { name: new RegExp(REPLY_LABEL) }),
        'Thanks, it worked.',
      )
      await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
      await expect(await canvas.findByText('Thanks, it worked.')).toBeVisible()
      await expect(await canvas.findByText('Open')).toBeVisible()
      await expect(canvas.getByRole('textbox', { name: new RegExp(REPLY_LABEL) })).toHaveValue('')
    })
  },
}

export const CloseTicket: Story = {
  name: 'Close a ticket',
  args: { ticketId: '31' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: CLOSE_TICKET }))
    await expect(await canvas.findByText(CLOSED_TICKET_NOTE)).toBeVisible()
    await expect(canvas.getByText('Closed')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: CLOSE_TICKET })).toBeNull()
  },
}

export const Closed: Story = {
  name: 'Thread, closed',
  args: { ticketId: '29' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CLOSED_TICKET_NOTE)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: CLOSE_TICKET })).toBeNull()
    await expect(canvas.getByRole('button', { name: SEND_REPLY })).toBeEnabled()
  },
}

export const ThreadLoading: Story = {
  name: 'Thread, loading',
  args: { ticketId: '31' },
  parameters: { msw: { handlers: [handlers.getTicket.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the ticket' })).toBeInTheDocument()
  },
}

export const ThreadNotFound: Story = {
  name: 'Thread, not found',
  args: { ticketId: '999' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(FAILED_TO_LOAD_TICKET)).toBeVisible()
    await expect(canvas.getByText(TICKET_NOT_FOUND)).toBeVisible()
  },
}

export const ReplyFailed: Story = {
  name: 'Thread, reply failed',
  args: { ticketId: '31' },
  parameters: { msw: { handlers: [handlers.replyTicket.failure(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: new RegExp(REPLY_LABEL) }), 'Any news?')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await expect(await canvas.findByText('Failed to send your reply')).toBeVisible()
  },
}
