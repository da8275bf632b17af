import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  ALL_PAUSED_ORDERS_QUEUED,
  AUTHENTICATION_TOKEN_NOT_FOUND,
  CANCEL_ORDER_CONFIRMATION,
  FAILED_TO_CANCEL_ORDER,
  FAILED_TO_FETCH_ORDERS,
  FAILED_TO_RETRY_ORDER,
  FAILED_TO_RETRY_ORDERS,
  INTERNAL_SERVER_ERROR,
  NO_ORDERS_FOUND,
  ORDER_CANCEL_REQUESTED,
  ORDER_CANCELLED,
  ORDER_CANCELLING,
  ORDER_NOT_CANCELLABLE,
  orderQueuedForRetry,
  REFILL_ALREADY_ACTIVE,
  REFILL_CONFIRMATION,
  REFILL_REQUESTED,
} from '@engage/contract'
import {
  createMockState,
  createScenario,
  FIXTURE_NOW,
  fixtureAiOrders,
  fixtureRefillOrders,
  handlers,
  scenarios,
} from '@engage/mocks'
import { OrdersTable } from '@engage/screens'
import { vars } from '@engage/ui'
import { clearLiveAnnouncements } from '../support/announcements'
import { orderScreenDecorators } from '../support/screens'
import { findToast } from '../support/toasts'

/** The colour a token resolves to, to compare with what a badge shows. */
function resolvedColour(token: string): string {
  const probe = document.createElement('span')
  probe.style.color = token
  document.body.append(probe)
  const colour = getComputedStyle(probe).color
  probe.remove()
  return colour
}

const meta = {
  component: OrdersTable,
  title: 'Screens/OrdersTable',
  decorators: orderScreenDecorators(),
  beforeEach: clearLiveAnnouncements,
  // A fresh state per story (a getter), so a cancel or retry in one story never shows in another.
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof OrdersTable>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const page = () => within(document.body)

/** The order rows (the body rows that carry an order's key, not the empty state), once they have arrived. */
async function orderRows(canvas: Canvas) {
  const table = canvas.getByRole('grid', { name: 'Orders' })
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .filter((row) => row.dataset.key !== undefined)
  await waitFor(() => expect(rows().length).toBeGreaterThan(0))
  return rows()
}

async function rowOf(canvas: Canvas, orderId: string) {
  const rows = await orderRows(canvas)
  const row = rows.find((candidate) =>
    within(candidate).queryByRole('button', { name: new RegExp(` ${orderId}$`) }),
  )
  if (!row) throw new Error(`no row with an action for order ${orderId}`)
  return row
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the columns Order ID, Date, Service, Link, Quantity, Charge, Status, Actions', async () => {
      const headers = () => canvas.getAllByRole('columnheader').map((header) => header.textContent)
      await waitFor(() =>
        expect(headers()).toEqual([
          'Order ID',
          'Date',
          'Service',
          'Link',
          'Quantity',
          'Charge',
          'Status',
          'Actions',
        ]),
      )
    })
    await step('one row per order, newest first, with date, service, quantity and status', async () => {
      const rows = await orderRows(canvas)
      await expect(rows).toHaveLength(7)
      await expect(rows[0]).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\s?[AP]M/)
      await expect(rows[0]).toHaveTextContent(/LIKES.*500.*Pending/)
      await expect(rows[3]).toHaveTextContent(/VIEWS.*10,000.*Completed/)
      await expect(rows[4]).toHaveTextContent(/RETWEETS.*300.*Partial/)
    })
    await step('status colours: completed green, pending yellow, others grey', async () => {
      const rows = await orderRows(canvas)
      const badge = (index: number, name: string) => within(rows[index] as HTMLElement).getByText(name)
      await expect(getComputedStyle(badge(3, 'Completed')).color).toBe(
        resolvedColour(vars.color.tone.success.text),
      )
      await expect(getComputedStyle(badge(0, 'Pending')).color).toBe(
        resolvedColour(vars.color.tone.warning.text),
      )
      for (const [index, name] of [
        [1, 'Processing'],
        [2, 'Paused'],
        [4, 'Partial'],
        [5, 'Cancelled'],
      ] as const) {
        await expect(getComputedStyle(badge(index, name)).color).toBe(
          resolvedColour(vars.color.tone.neutral.text),
        )
      }
    })
    await step(
      'Cancel for pending and processing orders, Retry for paused ones, nothing for the rest',
      async () => {
        const rows = await orderRows(canvas)
        const actions = rows.map((row) =>
          within(row)
            .queryAllByRole('button', { name: /^(Cancel|Retry) order/ })
            .map((button) => button.getAttribute('aria-label')),
        )
        await expect(actions).toEqual([
          ['Cancel order 1048'],
          ['Cancel order 1047'],
          ['Retry order 1046'],
          [],
          [],
          [],
          [],
        ])
        await expect(canvas.getByRole('button', { name: 'Retry All Paused' })).toBeVisible()
      },
    )
    await step('no Load more: every order is on the first page', async () => {
      await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading orders' })).toBeVisible()
    await expect(
      canvas.getByRole('region', { name: 'Orders' }).querySelector('[aria-busy="true"]'),
    ).not.toBeNull()
    await expect(canvas.queryByText(NO_ORDERS_FOUND)).toBeNull()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_ORDERS_FOUND)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Retry All Paused' })).toBeNull()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('alert')
    await expect(banner).toHaveTextContent(INTERNAL_SERVER_ERROR)
    await expect(canvas.queryByRole('progressbar')).toBeNull()
  },
}

export const FetchFails: Story = {
  parameters: { msw: { handlers: [handlers.listOrders.networkError(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    // Without any answer the client falls back to the spec's text.
    const banner = await canvas.findByRole('alert')
    await expect(banner).toHaveTextContent(FAILED_TO_FETCH_ORDERS)
  },
}

export const SignedOut: Story = {
  parameters: { signedOut: true },
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('alert')
    await expect(banner).toHaveTextContent(AUTHENTICATION_TOKEN_NOT_FOUND)
  },
}

export const DetailCardOnHover: Story = {
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1047')
    await userEvent.hover(within(row).getByRole('button', { name: 'AI COMMENTS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1047 details' })
    const detail = (term: string) => within(card).getByText(term).nextElementSibling
    await expect(detail('Order ID')).toHaveTextContent('1047')
    await expect(detail('Link')).toHaveTextContent('https://x.com/alexmorgan/status/1859100012345')
    // 40 AI comments × 0.05
    await expect(detail('Charge')).toHaveTextContent('$2.00')
    await expect(detail('Start count')).toHaveTextContent('12')
    await expect(detail('Remains')).toHaveTextContent('25')
    await expect(detail('AI texts')).toHaveTextContent('15 of 40 texts')
  },
}

export const DetailCardOnTap: Story = {
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1046')
    const trigger = within(row).getByRole('button', { name: 'FOLLOWERS' })
    await userEvent.pointer([
      { keys: '[TouchA]', target: trigger },
      { keys: '[/TouchA]', target: trigger },
    ])
    const card = await page().findByRole('dialog', { name: 'Order 1046 details' })
    await expect(within(card).getByText('Paused because').nextElementSibling).toHaveTextContent(
      'The provider did not answer after several tries. Retry when you are ready.',
    )
    await expect(within(card).getByText('Start count').nextElementSibling).toHaveTextContent('Not started')
    await expect(within(card).queryByText('AI texts')).toBeNull()
  },
}

export const CancelAnOrder: Story = {
  parameters: { msw: { handlers: createScenario('default', createMockState()) } },
  play: async ({ canvas, step }) => {
    await step('Cancel asks first', async () => {
      const row = await rowOf(canvas, '1048')
      await userEvent.click(within(row).getByRole('button', { name: 'Cancel order 1048' }))
      const dialog = await page().findByRole('alertdialog', { name: CANCEL_ORDER_CONFIRMATION })
      await expect(dialog).toHaveTextContent(
        'Order 1048 (LIKES, 500) will be cancelled and its charge refunded to your balance.',
      )
      // A destructive confirmation starts on the safe choice.
      await expect(within(dialog).getByRole('button', { name: 'Keep Order' })).toHaveFocus()
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }))
    })
    await step('the order shows as cancelled', async () => {
      await expect(await findToast(ORDER_CANCELLED)).toBeVisible()
      const rows = await orderRows(canvas)
      await waitFor(() => expect(rows[0]).toHaveTextContent('Cancelled'))
      await expect(
        within(rows[0] as HTMLElement).queryByRole('button', { name: 'Cancel order 1048' }),
      ).toBeNull()
    })
  },
}

export const CancelRequested: Story = {
  name: 'Cancel an order already with the provider: the request is shown at once',
  parameters: { msw: { handlers: createScenario('default', createMockState()) } },
  play: async ({ canvas, step }) => {
    await step('the processing order is cancelled after the confirmation', async () => {
      const row = await rowOf(canvas, '1047')
      await expect(row).toHaveTextContent('Processing')
      await userEvent.click(within(row).getByRole('button', { name: 'Cancel order 1047' }))
      const dialog = await page().findByRole('alertdialog', { name: CANCEL_ORDER_CONFIRMATION })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }))
    })
    await step(
      'the server answers 202: the toast says what happens next, the row shows Cancelling',
      async () => {
        await expect(await findToast(ORDER_CANCEL_REQUESTED)).toBeVisible()
        await expect(page().queryByText(ORDER_CANCELLED)).toBeNull()
        const rows = await orderRows(canvas)
        const row = rows.find((candidate) => candidate.textContent.includes(ORDER_CANCELLING))
        await expect(row).toBeDefined()
        await expect(
          within(row as HTMLElement).queryByRole('button', { name: 'Cancel order 1047' }),
        ).toBeNull()
      },
    )
  },
}

export const CancelKeepsTheOrder: Story = {
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1047')
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel order 1047' }))
    const dialog = await page().findByRole('alertdialog', { name: CANCEL_ORDER_CONFIRMATION })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Order' }))
    await waitFor(() => expect(page().queryByRole('alertdialog')).not.toBeInTheDocument())
    await expect(row).toHaveTextContent('Processing')
    await expect(page().queryByRole('region', { name: 'Notifications' })).toBeNull()
  },
}

export const CancelRefused: Story = {
  parameters: {
    msw: { handlers: [handlers.cancelOrder.failure(ORDER_NOT_CANCELLABLE, 409), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1048')
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel order 1048' }))
    await userEvent.click(
      within(await page().findByRole('alertdialog')).getByRole('button', { name: 'Cancel Order' }),
    )
    await expect(await findToast(ORDER_NOT_CANCELLABLE)).toBeVisible()
    await expect(row).toHaveTextContent('Pending')
  },
}

export const CancelFails: Story = {
  parameters: { msw: { handlers: [handlers.cancelOrder.networkError(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1048')
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel order 1048' }))
    await userEvent.click(
      within(await page().findByRole('alertdialog')).getByRole('button', { name: 'Cancel Order' }),
    )
    await expect(await findToast(FAILED_TO_CANCEL_ORDER)).toBeVisible()
  },
}

export const RetryOneOrder: Story = {
  parameters: { msw: { handlers: createScenario('default', createMockState()) } },
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1046')
    await userEvent.click(within(row).getByRole('button', { name: 'Retry order 1046' }))
    await expect(await findToast(orderQueuedForRetry('1046'))).toBeVisible()
    await expect(await findToast('Order 1046 has been queued for retry')).toBeVisible()
    const rows = await orderRows(canvas)
    await waitFor(() => expect(rows[2]).toHaveTextContent('Pending'))
    await expect(canvas.queryByRole('button', { name: 'Retry All Paused' })).toBeNull()
  },
}

export const RetryAllPausedOrders: Story = {
  parameters: { msw: { handlers: createScenario('default', createMockState()) } },
  play: async ({ canvas }) => {
    await orderRows(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Retry All Paused' }))
    await expect(await findToast(ALL_PAUSED_ORDERS_QUEUED)).toBeVisible()
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Retry All Paused' })).toBeNull())
    const rows = await orderRows(canvas)
    await expect(rows[2]).toHaveTextContent('Pending')
  },
}

export const RetryFails: Story = {
  parameters: {
    msw: {
      handlers: [
        handlers.retryOrder.networkError(),
        handlers.retryAllOrders.networkError(),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const row = await rowOf(canvas, '1046')
    await userEvent.click(within(row).getByRole('button', { name: 'Retry order 1046' }))
    await expect(await findToast(FAILED_TO_RETRY_ORDER)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retry All Paused' }))
    await expect(await findToast(FAILED_TO_RETRY_ORDERS)).toBeVisible()
  },
}

export const LoadMore: Story = {
  args: { pageSize: 3 },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await orderRows(canvas)).toHaveLength(3))
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }))
    await waitFor(async () => expect(await orderRows(canvas)).toHaveLength(6))
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }))
    await waitFor(async () => expect(await orderRows(canvas)).toHaveLength(7))
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
  },
}

export const RecentOrdersTitle: Story = {
  name: 'Titled (Your Recent Orders)',
  args: { title: 'Your Recent Orders', pageSize: 5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your Recent Orders' })).toBeVisible()
    const table = canvas.getByRole('grid', { name: 'Your Recent Orders' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6))
  },
}

function stateWithAiOrders() {
  const state = createMockState()
  state.orders.unshift(...fixtureAiOrders())
  return state
}

export const AiOrderTexts: Story = {
  name: 'AI orders: generated texts and progress in the detail card',
  parameters: { msw: { handlers: createScenario('default', stateWithAiOrders()) } },
  play: async ({ canvas, step }) => {
    await step('a finished ai_comments order lists its comments', async () => {
      const rows = await orderRows(canvas)
      // Newest first: order 1051, completed, has no action to find it by.
      await expect(rows[0]).toHaveTextContent(/AI COMMENTS.*12.*Completed/)
      await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'AI COMMENTS' }))
      const card = await page().findByRole('dialog', { name: 'Order 1051 details' })
      const comments = within(card).getByRole('region', { name: 'Generated comments' })
      await expect(within(comments).getAllByRole('listitem')).toHaveLength(12)
      await expect(within(card).queryByText('AI texts')).toBeNull()
    })
    await step('an ai_tweets order being written shows n of m texts and the tweets so far', async () => {
      const row = await rowOf(canvas, '1050')
      await userEvent.click(within(row).getByRole('button', { name: 'AI TWEETS' }))
      // Pressing another order's service closes the first card.
      const card = await page().findByRole('dialog', { name: 'Order 1050 details' })
      await waitFor(() => expect(page().queryByRole('dialog', { name: 'Order 1051 details' })).toBeNull())
      await expect(within(card).getByText('AI texts').nextElementSibling).toHaveTextContent('4 of 12 texts')
      const tweets = within(card).getByRole('region', { name: 'Generated tweets' })
      await expect(within(tweets).getAllByRole('listitem')[0]).toHaveTextContent(
        'Consistency beats intensity: three good posts a week outperform ten rushed ones.',
      )
    })
  },
}

// A customer on Eastern time: the same instant the server keeps in UTC reads on their clock, with its zone.
const easternState = createMockState()
easternState.profile.timezone = 'EST'
for (const [index, order] of easternState.orders.entries()) {
  easternState.orders[index] = { ...order, created_at: '2026-01-15T17:30:00.000Z' }
}

export const InTheCustomersTimezone: Story = {
  parameters: { msw: { handlers: createScenario('default', easternState) } },
  play: async ({ canvas }) => {
    const rows = await orderRows(canvas)
    await waitFor(() => expect(rows[0]).toHaveTextContent('01/15/2026, 12:30 PM EST'))
  },
}

// ---- Refills ------------------------------------------------------------------------------------------------

/** The refill orders on top, with the mock's clock at the fixtures' instant (their windows are fixed to it). */
function stateWithRefillOrders() {
  const state = createMockState({ now: () => FIXTURE_NOW })
  state.orders.unshift(...fixtureRefillOrders())
  return state
}

/** The row of an order by its id cell ('#1066'). */
async function rowById(canvas: Canvas, orderId: string) {
  const rows = await orderRows(canvas)
  const row = rows.find(
    (candidate) =>
      within(candidate).queryByRole('rowheader') !== null && candidate.textContent.startsWith(`#${orderId}`),
  )
  if (!row) throw new Error(`no row for order ${orderId}`)
  return row
}

export const RefillStates: Story = {
  name: 'Refills: offered inside the window, the state of a refill under way',
  parameters: { msw: { handlers: createScenario('default', stateWithRefillOrders()) } },
  play: async ({ canvas, step }) => {
    await step(
      'Refill is offered on completed orders inside their window without a refill under way',
      async () => {
        for (const id of ['1066', '1063', '1062', '1061']) {
          const row = await rowById(canvas, id)
          await expect(within(row).getByRole('button', { name: `Refill order ${id}` })).toBeVisible()
        }
        for (const id of ['1065', '1064', '1060', '1045', '1048']) {
          const row = await rowById(canvas, id)
          await expect(within(row).queryByRole('button', { name: `Refill order ${id}` })).toBeNull()
        }
      },
    )
    await step('a refill under way shows in the row', async () => {
      await expect(await rowById(canvas, '1065')).toHaveTextContent('Refill pending')
      await expect(await rowById(canvas, '1064')).toHaveTextContent('Refill in progress')
    })
    await step("the detail card tells a refused refill's reason, on the customer's clock", async () => {
      const row = await rowById(canvas, '1062')
      await userEvent.click(within(row).getByRole('button', { name: 'FOLLOWERS' }))
      const card = await page().findByRole('dialog', { name: 'Order 1062 details' })
      await expect(card).toHaveTextContent('RefillRejected')
      await expect(card).toHaveTextContent('The provider does not refill orders older than 7 days')
      // Placed 120 hours before the fixtures' instant, completed an hour later, 30 days to ask.
      await expect(card).toHaveTextContent('Refill available until12/15/2026, 03:00 AM PST')
      await expect(card).toHaveTextContent('Refill requested11/18/2026, 10:00 AM PST')
    })
  },
}

export const RefillAnOrder: Story = {
  name: 'Refill an order: asked first, then shown as pending',
  parameters: { msw: { handlers: createScenario('default', stateWithRefillOrders()) } },
  play: async ({ canvas, step }) => {
    await step('Refill asks first', async () => {
      const row = await rowById(canvas, '1066')
      await userEvent.click(within(row).getByRole('button', { name: 'Refill order 1066' }))
      const dialog = await page().findByRole('alertdialog', { name: REFILL_CONFIRMATION })
      await expect(dialog).toHaveTextContent(
        'The provider is asked to top up what order 1066 has lost since it completed. A refill costs nothing.',
      )
      await userEvent.click(within(dialog).getByRole('button', { name: 'Request Refill' }))
    })
    await step('the toast confirms and the row shows the pending refill instead of the button', async () => {
      await expect(await findToast(REFILL_REQUESTED)).toBeVisible()
      const row = await rowById(canvas, '1066')
      await waitFor(() => expect(row).toHaveTextContent('Refill pending'))
      await expect(within(row).queryByRole('button', { name: 'Refill order 1066' })).toBeNull()
    })
  },
}

export const RefillNotNow: Story = {
  parameters: { msw: { handlers: createScenario('default', stateWithRefillOrders()) } },
  play: async ({ canvas }) => {
    const row = await rowById(canvas, '1066')
    await userEvent.click(within(row).getByRole('button', { name: 'Refill order 1066' }))
    const dialog = await page().findByRole('alertdialog', { name: REFILL_CONFIRMATION })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not Now' }))
    await waitFor(() => expect(page().queryByRole('alertdialog')).not.toBeInTheDocument())
    await expect(within(row).getByRole('button', { name: 'Refill order 1066' })).toBeVisible()
    await expect(page().queryByRole('region', { name: 'Notifications' })).toBeNull()
  },
}

export const RefillRefused: Story = {
  name: 'Refill refused: the reason from the server',
  parameters: {
    msw: {
      handlers: [
        handlers.requestRefill.failure(REFILL_ALREADY_ACTIVE, 409),
        ...createScenario('default', stateWithRefillOrders()),
      ],
    },
  },
  play: async ({ canvas }) => {
    const row = await rowById(canvas, '1063')
    await userEvent.click(within(row).getByRole('button', { name: 'Refill order 1063' }))
    await userEvent.click(
      within(await page().findByRole('alertdialog')).getByRole('button', { name: 'Request Refill' }),
    )
    await expect(await findToast(REFILL_ALREADY_ACTIVE)).toBeVisible()
  },
}
