import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  INTERNAL_SERVER_ERROR,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_MESSAGE_REQUIRED,
  TICKET_MESSAGE_TOO_LONG,
  TICKET_STATUSES,
  type TicketMessage,
} from '@engage/contract'
import { ApiError } from '@engage/client'
import { createScenario, createMockState, handlers, scenarios } from '@engage/mocks'
import {
  FAILED_TO_SEND_REPLY,
  REPLY_LABEL,
  SEND_REPLY,
  TicketMessages,
  TicketReplyForm,
  TicketStatusBadge,
} from '@engage/screens'
import { formatDateTime } from '@engage/screens/admin'
import { Box, Button, Stack } from '@engage/ui'
// The hook the customer's pages read their dates with; @engage/screens keeps it to itself.
import { useCustomerDates } from '../../packages/screens/src/CustomerDates'
import { withClient, withRouter } from '../support/decorators'

// A ticket's parts (packages/screens/src/SupportTicket), shared by the customer's Support page and the console's
// tickets: the thread, the reply box and the status badge. The Support and Admin/Tickets stories use them in
// place, loading and failing with their ticket; these show the parts' own states. The thread's times are read
// on the customer's clock, as the Support page reads them (useCustomerDates: the profile's timezone).

/** A thread as the customer's Support page shows it: 'You' and 'Support', times on the profile's clock. */
function CustomerThread({ messages }: { messages: readonly TicketMessage[] }) {
  const dates = useCustomerDates()
  return (
    <TicketMessages
      messages={messages}
      authorName={(message) => (message.author === 'customer' ? 'You' : 'Support')}
      formatDateTime={dates.dateTime}
    />
  )
}

/** A question and support's answer, in UTC: 11/19/2026 at 4:00 and 6:00 in the morning. */
const answeredThread: TicketMessage[] = [
  {
    id: '90',
    author: 'customer',
    body: 'Which network should I use for a USDT deposit?',
    created_at: '2026-11-19T04:00:00.000Z',
  },
  {
    id: '91',
    author: 'operator',
    body: 'Hello! Choose USDT on TRON (TRC-20) in the deposit form: it has the lowest fees.\n\nThe balance is credited once the payment is confirmed.',
    created_at: '2026-11-19T06:00:00.000Z',
  },
]

/** The console's Reopen button beside Send. */
const reopen = fn()

/** A profile on Eastern time (UTC-5 in November). */
const easternState = createMockState()
easternState.profile.timezone = 'EST'

const meta = {
  component: TicketReplyForm,
  title: 'Screens/SupportTicket',
  decorators: [
    (Story) => (
      <Box padding={{ mobile: 'medium', tablet: 'large' }}>
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  args: { onSend: fn(), isPending: false, failureTitle: FAILED_TO_SEND_REPLY },
  // More buttons beside Send are elements; Storybook's object editor for them is not accessible.
  argTypes: { actions: { control: false } },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof TicketReplyForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/** The messages of the thread, oldest first. */
async function messages(canvas: Canvas) {
  return within(await canvas.findByRole('list', { name: 'Messages' })).getAllByRole('listitem')
}

/** The time a message shows, once it reads `text` (the profile's timezone arrives with the profile). */
async function expectTime(item: HTMLElement | undefined, iso: string, text: string) {
  const time = item?.querySelector('time')
  await expect(time).toHaveAttribute('datetime', iso)
  await waitFor(() => expect(time).toHaveTextContent(text))
}

const replyBox = (canvas: Canvas) => canvas.getByRole('textbox', { name: new RegExp(REPLY_LABEL) })

// ---- The thread -----------------------------------------------------------------------------------------------

export const Thread: Story = {
  name: 'Thread on the customer’s clock (PST)',
  render: () => <CustomerThread messages={answeredThread} />,
  play: async ({ canvas }) => {
    const items = await messages(canvas)
    await expect(items).toHaveLength(2)
    await expect(within(items[0] as HTMLElement).getByText('You')).toBeVisible()
    await expect(within(items[1] as HTMLElement).getByText('Support')).toBeVisible()
    await expect(items[0]).toHaveTextContent('Which network should I use for a USDT deposit?')
    // The demo profile is on Pacific time: 4:00 UTC is 8:00 PM the evening before.
    await expectTime(items[0], '2026-11-19T04:00:00.000Z', '11/18/2026, 08:00 PM PST')
    await expectTime(items[1], '2026-11-19T06:00:00.000Z', '11/18/2026, 10:00 PM PST')
    // Line breaks as typed.
    await expect(items[1]?.querySelector('p')?.textContent).toBe(answeredThread[1]?.body)
    await expect(within(items[1] as HTMLElement).getByText(/The balance is credited/)).toBeVisible()
    // Support's answer stands out by its edge, not only by its colour.
    await expect(getComputedStyle(items[1] as HTMLElement).borderInlineStartWidth).toBe('4px')
    await expect(getComputedStyle(items[0] as HTMLElement).borderInlineStartWidth).not.toBe('4px')
  },
}

export const ThreadEastern: Story = {
  name: 'Thread on the Eastern clock (EST)',
  render: () => <CustomerThread messages={answeredThread} />,
  parameters: { msw: { handlers: createScenario('default', easternState) } },
  play: async ({ canvas }) => {
    const items = await messages(canvas)
    // 4:00 and 6:00 UTC fall either side of midnight in New York.
    await expectTime(items[0], '2026-11-19T04:00:00.000Z', '11/18/2026, 11:00 PM EST')
    await expectTime(items[1], '2026-11-19T06:00:00.000Z', '11/19/2026, 01:00 AM EST')
  },
}

export const ThreadBeforeTheProfile: Story = {
  name: 'Thread while the profile loads (UTC)',
  render: () => <CustomerThread messages={answeredThread} />,
  parameters: { msw: { handlers: [handlers.getMe.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    const items = await messages(canvas)
    await expectTime(items[0], '2026-11-19T04:00:00.000Z', '11/19/2026, 04:00 AM UTC')
    await expectTime(items[1], '2026-11-19T06:00:00.000Z', '11/19/2026, 06:00 AM UTC')
  },
}

export const ThreadAsTyped: Story = {
  name: 'Thread: text as typed, never HTML',
  render: () => (
    <CustomerThread
      messages={[
        {
          id: '95',
          author: 'customer',
          body: 'My link is <b>not bold</b> <img src="x" alt="an image">\nhttps://x.com/engagepanel/status/1859201934201?utm_source=newsletter&utm_medium=email&utm_campaign=launch',
          created_at: '2026-11-20T08:00:00.000Z',
        },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    const [item] = await messages(canvas)
    const body = item?.querySelector('p') as HTMLElement
    await expect(body).toHaveTextContent('My link is <b>not bold</b> <img src="x" alt="an image">')
    await expect(body.querySelector('b, img')).toBeNull()
    await expect(canvas.queryByRole('img', { name: 'an image' })).toBeNull()
    // The long link wraps inside the message instead of widening the page.
    await expect(body.scrollWidth).toBeLessThanOrEqual(body.clientWidth)
  },
}

export const ThreadEmpty: Story = {
  name: 'Thread without messages',
  render: () => <CustomerThread messages={[]} />,
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Messages' })
    await expect(within(list).queryAllByRole('listitem')).toHaveLength(0)
    await expect(list).toHaveTextContent('')
  },
}

// ---- The status badge -----------------------------------------------------------------------------------------

export const StatusBadges: Story = {
  name: 'Status badges: open, answered, closed',
  render: () => (
    <Stack direction="row" gap="small">
      {TICKET_STATUSES.map((status) => (
        <TicketStatusBadge key={status} status={status} />
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    const badges = ['Open', 'Answered', 'Closed'].map((label) => canvas.getByText(label))
    for (const badge of badges) await expect(badge).toBeVisible()
    // Each status in its own colour (yellow, green, grey).
    const colours = new Set(badges.map((badge) => getComputedStyle(badge).backgroundColor))
    await expect(colours.size).toBe(3)
  },
}

// ---- The reply box --------------------------------------------------------------------------------------------

export const ReplyBox: Story = {
  name: 'Reply box',
  play: async ({ canvas, args }) => {
    const form = within(canvas.getByRole('form', { name: REPLY_LABEL }))
    await expect(form.getByRole('textbox', { name: new RegExp(REPLY_LABEL) })).toHaveValue('')
    await expect(form.getByRole('textbox', { name: new RegExp(REPLY_LABEL) })).toBeRequired()
    await expect(form.getByRole('button', { name: SEND_REPLY })).toBeEnabled()
    await expect(form.queryByRole('alert')).toBeNull()
    await expect(form.queryByRole('progressbar', { name: 'Sending' })).toBeNull()
    await expect(args.onSend).not.toHaveBeenCalled()
  },
}

export const ReplySent: Story = {
  name: 'Reply box: sent and cleared',
  args: { onSend: fn(() => Promise.resolve()) },
  play: async ({ canvas, args }) => {
    // Typed with spaces around it and a line break: what is sent is trimmed, the break kept.
    await userEvent.type(replyBox(canvas), '  Thanks,{enter}it worked.  ')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('Thanks,\nit worked.'))
    await waitFor(() => expect(replyBox(canvas)).toHaveValue(''))
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

export const ReplyRequired: Story = {
  name: 'Reply box: a message is required',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await expect(await canvas.findByText(TICKET_MESSAGE_REQUIRED)).toBeVisible()
    await expect(replyBox(canvas)).toHaveAttribute('aria-invalid', 'true')
    // Spaces alone are no message either.
    await userEvent.type(replyBox(canvas), '   ')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await expect(await canvas.findByText(TICKET_MESSAGE_REQUIRED)).toBeVisible()
    await expect(args.onSend).not.toHaveBeenCalled()
  },
}

export const ReplyTooLong: Story = {
  name: 'Reply box: a message too long',
  play: async ({ canvas, args }) => {
    await userEvent.click(replyBox(canvas))
    await userEvent.paste('a'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1))
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await expect(await canvas.findByText(TICKET_MESSAGE_TOO_LONG)).toBeVisible()
    await expect(args.onSend).not.toHaveBeenCalled()
    // One character less is taken.
    await userEvent.click(replyBox(canvas))
    await userEvent.keyboard('{Backspace}')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('a'.repeat(TICKET_MESSAGE_MAX_LENGTH)))
  },
}

export const ReplySending: Story = {
  name: 'Reply box: sending',
  args: { isPending: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Sending' })).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: SEND_REPLY })).toBeDisabled()
  },
}

export const ReplyRefusedByTheField: Story = {
  name: 'Reply box: refused by the server, by the field',
  args: {
    onSend: fn(() =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          detail: 'message: Links to other panels are not allowed',
          field: 'message',
        }),
      ),
    ),
  },
  play: async ({ canvas, args }) => {
    await userEvent.type(replyBox(canvas), 'Try https://other-panel.example')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await expect(await canvas.findByText('Links to other panels are not allowed')).toBeVisible()
    await expect(replyBox(canvas)).toHaveAttribute('aria-invalid', 'true')
    await expect(args.onSend).toHaveBeenCalledOnce()
    // The message stays to be corrected, and no banner repeats the field's message.
    await expect(replyBox(canvas)).toHaveValue('Try https://other-panel.example')
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

export const ReplyFailed: Story = {
  name: 'Reply box: the send failed',
  args: {
    onSend: fn(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 500, detail: INTERNAL_SERVER_ERROR })),
    ),
  },
  play: async ({ canvas, args }) => {
    await userEvent.type(replyBox(canvas), 'Any news?')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    const banner = within(await canvas.findByRole('alert'))
    await expect(banner.getByText(FAILED_TO_SEND_REPLY)).toBeVisible()
    await expect(banner.getByText(INTERNAL_SERVER_ERROR)).toBeVisible()
    // The message is kept for another try.
    await expect(replyBox(canvas)).toHaveValue('Any news?')
    await expect(replyBox(canvas)).not.toHaveAttribute('aria-invalid')
    await userEvent.click(canvas.getByRole('button', { name: SEND_REPLY }))
    await waitFor(() => expect(args.onSend).toHaveBeenCalledTimes(2))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(INTERNAL_SERVER_ERROR)
  },
}

export const ClosedTicket: Story = {
  name: 'A closed ticket, answered from the console',
  args: {
    failureTitle: 'Failed to send the reply',
    description: 'The customer reads it on their Support page and gets it by e-mail.',
  },
  render: (args) => (
    <Stack gap="medium">
      <TicketStatusBadge status="closed" />
      <TicketMessages
        messages={answeredThread}
        authorName={(message) =>
          message.author === 'customer' ? 'alex.morgan@example.com (customer)' : 'support@engage.example'
        }
        formatDateTime={formatDateTime}
      />
      <TicketReplyForm
        {...args}
        actions={
          <Button tone="secondary" onPress={reopen}>
            Reopen ticket
          </Button>
        }
      />
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Closed')).toBeVisible()
    const items = await messages(canvas)
    await expect(
      within(items[0] as HTMLElement).getByText('alex.morgan@example.com (customer)'),
    ).toBeVisible()
    await expect(within(items[1] as HTMLElement).getByText('support@engage.example')).toBeVisible()
    // The note under the field says where the reply goes.
    await expect(replyBox(canvas)).toHaveAccessibleDescription(
      'The customer reads it on their Support page and gets it by e-mail.',
    )
    // The extra action sits beside Send.
    await userEvent.click(canvas.getByRole('button', { name: 'Reopen ticket' }))
    await expect(reopen).toHaveBeenCalledOnce()
    await expect(canvas.getByRole('button', { name: SEND_REPLY })).toBeEnabled()
  },
}
