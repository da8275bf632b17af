import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { NO_TRANSACTIONS_FOUND, type Transaction } from '@engage/contract'
import { createMockState, createScenario, FIXTURE_NOW, handlers, scenarios } from '@engage/mocks'
import { TransactionTable } from '@engage/screens'
import { Box, vars, type StatusTone } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

/**
 * A pending Button announces itself through react-aria's page-wide live region with a node labelled by the
 * button's id, kept for 7 s. When the button is gone within that time (a closed dialog, a replaced step), the
 * node points at nothing: screen readers have already read it, but the a11y check after the story would report
 * it. Stories that remove such a button call this at their end. (Between stories, preview.tsx clears them all.)
 */
async function removeStaleAnnouncements() {
  // The first announcement of a page is written 100 ms late (react-aria waits for its region to attach).
  await new Promise((resolve) => setTimeout(resolve, 150))
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const labelIds = (node.getAttribute('aria-labelledby') ?? '').split(' ')
    if (labelIds.some((id) => document.getElementById(id) === null)) node.remove()
  }
}

const meta = {
  component: TransactionTable,
  title: 'Screens/TransactionTable',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof TransactionTable>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/** The table row that shows `text` (an amount is unique in the fixtures). */
async function findRow(canvas: Canvas, text: string): Promise<HTMLElement> {
  const cell: HTMLElement = await canvas.findByText(text)
  const row = cell.closest<HTMLElement>('[role="row"]')
  if (!row) throw new Error(`No row holds ${text}`)
  return row
}

/** The colour a token resolves to, to compare with what a badge shows. */
function resolvedColour(token: string): string {
  const probe = document.createElement('span')
  probe.style.color = token
  document.body.append(probe)
  const colour = getComputedStyle(probe).color
  probe.remove()
  return colour
}

// Tones are the design system's badge variants: a badge of a tone shows that tone's text colour. (Compared by
// colour, not class name: the static build hashes class names.)
async function expectTone(element: HTMLElement, tone: StatusTone) {
  await expect(getComputedStyle(element).color).toBe(resolvedColour(vars.color.tone[tone].text))
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the columns of the history', async () => {
      const table = await canvas.findByRole('grid', { name: 'Transactions' })
      const headers = () =>
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent)
      await waitFor(() =>
        expect(headers()).toEqual(['Details', 'Date', 'Type', 'Method', 'Amount', 'Status']),
      )
      await expect(canvas.getByRole('heading', { name: 'Transaction History' })).toBeVisible()
    })
    await step('newest first, with type, method, signed amount and status', async () => {
      await findRow(canvas, '+$25.00')
      const rows = canvas.getAllByRole('row')
      // A header row and the fifteen fixture transactions.
      await expect(rows).toHaveLength(16)
      const newest = await findRow(canvas, '+$25.00')
      await expect(within(newest).getByText('Deposit')).toBeVisible()
      await expect(within(newest).getByText('USDT')).toBeVisible()
      await expect(within(newest).getByText('Pending')).toBeVisible()
      await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
    })
  },
}

export const SignsAndColours: Story = {
  name: 'Signs and colours per type and status',
  play: async ({ canvas, step }) => {
    await step('deposit +, green; withdrawal and order payment −, red; refund +, green', async () => {
      const cases = [
        ['+$100.00', 'Deposit', 'success'],
        ['-$10.00', 'Withdrawal', 'critical'],
        ['-$0.60', 'Order Payment', 'critical'],
        ['+$0.36', 'Refund', 'success'],
      ] as const
      for (const [amount, type, tone] of cases) {
        const row = await findRow(canvas, amount)
        await expect(within(row).getByText(type)).toBeVisible()
        await expectTone(within(row).getByText(amount), tone)
      }
    })
    await step('completed green, pending yellow, processing blue, failed red', async () => {
      const cases = [
        ['+$100.00', 'Completed', 'success'],
        ['+$25.00', 'Pending', 'warning'],
        ['+$15.00', 'Processing', 'info'],
        ['$40.00', 'Failed', 'critical'],
      ] as const
      for (const [amount, status, tone] of cases) {
        const row = await findRow(canvas, amount)
        await expectTone(within(row).getByText(status), tone)
      }
    })
    await step('a failed deposit added nothing: no plus sign, no credit colour', async () => {
      const row = await findRow(canvas, '$40.00')
      await expect(canvas.queryByText('+$40.00')).toBeNull()
      await expectTone(within(row).getByText('$40.00'), 'neutral')
    })
  },
}

// A charge of less than a cent (a few units of a cheap service) on top of the fixtures.
const subCentState = createMockState()
subCentState.transactions.unshift({
  id: 'tx-ord-sub-cent',
  date: FIXTURE_NOW.toISOString(),
  type: 'order_payment',
  method: 'balance',
  amount: 0.009,
  currency: 'USD',
  status: 'completed',
  txid: null,
  payment_details: { order_id: '1050' },
})

export const SubCentAmounts: Story = {
  name: 'A sub-cent charge keeps its precision',
  parameters: { msw: { handlers: createScenario('default', subCentState) } },
  play: async ({ canvas }) => {
    const row = await findRow(canvas, '-$0.009')
    await expect(within(row).getByText('Order Payment')).toBeVisible()
    await expect(canvas.queryByText('-$0.01')).toBeNull()
  },
}

export const RowExpandsToItsDetails: Story = {
  play: async ({ canvas, step }) => {
    const row = await findRow(canvas, '+$100.00')
    await step('a click on the row shows ID, hash, method and the details as JSON', async () => {
      await userEvent.click(within(row).getByText('BTC'))
      const toggle = within(row).getByRole('button', { name: 'Details' })
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      const details = canvas
        .getByRole('grid')
        .querySelector<HTMLElement>(`#${toggle.getAttribute('aria-controls') ?? ''}`)
      if (!details) throw new Error('The details are not shown')
      const panel = within(details)
      await expect(panel.getByText('ID').nextElementSibling).toHaveTextContent('tx-dep-2')
      await expect(panel.getByText('Transaction hash').nextElementSibling).toHaveTextContent(
        '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
      )
      await expect(panel.getByText('Payment method').nextElementSibling).toHaveTextContent('BTC')
      const json = panel.getByLabelText('Additional details of tx-dep-2')
      await expect(json.tagName).toBe('PRE')
      await expect(json.textContent).toBe(
        JSON.stringify({ provider: 'sandbox', network: 'BTC', confirmations: 3 }, null, 2),
      )
    })
    await step('a second click folds it away', async () => {
      await userEvent.click(within(row).getByText('BTC'))
      await expect(within(row).getByRole('button', { name: 'Details' })).toHaveAttribute(
        'aria-expanded',
        'false',
      )
      await expect(canvas.queryByLabelText('Additional details of tx-dep-2')).toBeNull()
    })
    await step('a deposit without a hash says so', async () => {
      const pending = await findRow(canvas, '+$25.00')
      await userEvent.click(within(pending).getByRole('button', { name: 'Details' }))
      await expect(await canvas.findByText('Not available yet')).toBeVisible()
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.listTransactions.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading transactions' })).toBeInTheDocument()
    await expect(canvas.queryByText(NO_TRANSACTIONS_FOUND)).toBeNull()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_TRANSACTIONS_FOUND)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Internal server error')
    await expect(canvas.getByText('Transactions could not be loaded.')).toBeVisible()
  },
}

const refreshState = createMockState()

export const Refresh: Story = {
  parameters: { msw: { handlers: createScenario('default', refreshState) } },
  play: async ({ canvas }) => {
    await findRow(canvas, '+$25.00')
    refreshState.transactions.unshift({
      id: 'tx-dep-new',
      date: FIXTURE_NOW.toISOString(),
      type: 'deposit',
      method: 'SOL',
      amount: 75,
      currency: 'USD',
      status: 'completed',
      txid: '5VfYm2Kd1xq',
      payment_details: { provider: 'sandbox', network: 'SOL' },
    })
    await expect(canvas.queryByText('+$75.00')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }))
    await expect(await findRow(canvas, '+$75.00')).toBeVisible()
  },
}

function olderDeposit(index: number): Transaction {
  return {
    id: `tx-old-${String(index)}`,
    date: new Date(Date.parse('2026-10-01T00:00:00.000Z') - index * 3_600_000).toISOString(),
    type: 'deposit',
    method: 'BTC',
    amount: 1000 + index,
    currency: 'USD',
    status: 'completed',
    txid: null,
    payment_details: null,
  }
}

const longHistory = createMockState()
longHistory.transactions.push(...Array.from({ length: 40 }, (_, index) => olderDeposit(index)))

export const LoadMore: Story = {
  name: 'Load more (older pages)',
  parameters: { msw: { handlers: createScenario('default', longHistory) } },
  play: async ({ canvas }) => {
    // 55 transactions, 50 to a page.
    await findRow(canvas, '+$25.00')
    await expect(canvas.getAllByRole('row')).toHaveLength(51)
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }))
    await expect(await findRow(canvas, '+$1,039.00')).toBeVisible()
    await expect(canvas.getAllByRole('row')).toHaveLength(56)
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull())
    // The pending Load more button is gone with the last page; its announcement would dangle.
    await removeStaleAnnouncements()
  },
}

export const LocalPendingDeposit: Story = {
  name: 'A deposit started here, until the server lists it',
  args: {
    pendingDeposits: [
      {
        id: 'local-pay-77',
        date: FIXTURE_NOW.toISOString(),
        type: 'deposit',
        method: 'DOGE',
        amount: 12.5,
        currency: 'USD',
        status: 'pending',
        txid: null,
        payment_details: { order_id: 'pay-77' },
      },
      {
        id: 'local-pay-5',
        date: FIXTURE_NOW.toISOString(),
        type: 'deposit',
        method: 'USDT',
        amount: 25,
        currency: 'USD',
        status: 'pending',
        txid: null,
        // The server's own entry for this deposit carries the same gateway id.
        payment_details: { order_id: 'pay-5' },
      },
    ],
  },
  play: async ({ canvas }) => {
    const local = await findRow(canvas, '+$12.50')
    await expect(within(local).getByText('Pending')).toBeVisible()
    // Shown once: the server already lists pay-5.
    await expect(canvas.getAllByText('+$25.00')).toHaveLength(1)
  },
}

// A customer on Pacific time in summer: a deposit made at 03:15 UTC on July 1 happened on June 30 there.
const pacificState = createMockState()
pacificState.profile.timezone = 'PST'
for (const [index, transaction] of pacificState.transactions.entries()) {
  pacificState.transactions[index] = { ...transaction, date: '2026-07-01T03:15:00.000Z' }
}

export const InTheCustomersTimezone: Story = {
  parameters: { msw: { handlers: createScenario('default', pacificState) } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'Transactions' })
    await waitFor(() =>
      expect(within(table).getAllByText('06/30/2026, 08:15 PM PDT').length).toBeGreaterThan(0),
    )
  },
}

export const ReferralCommission: Story = {
  name: 'A referral commission credited',
  parameters: {
    msw: {
      handlers: [
        handlers.listTransactions.respond({
          transactions: [
            {
              id: 'ledger-901',
              date: FIXTURE_NOW.toISOString(),
              type: 'referral',
              method: 'balance',
              amount: 12.75,
              currency: 'USD',
              status: 'completed',
              txid: null,
              payment_details: { reference: 'referral:31', note: 'Referral commission on order 1011' },
            },
          ],
          nextCursor: null,
        }),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const row = await findRow(canvas, '+$12.75')
    await expect(within(row).getByText('Referral Commission')).toBeVisible()
    await expectTone(within(row).getByText('+$12.75'), 'success')
  },
}
