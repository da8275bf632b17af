import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  depositInitiated,
  MORE_CRYPTO_METHODS,
  NO_TRANSACTIONS_FOUND,
  PAYMENT_FAILED,
  PAYMENT_NOT_FOUND,
  PAYMENT_PROCESSING,
  PAYMENT_RETURN_FAILED,
  paymentSuccessful,
} from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import { Wallet } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

const meta = {
  component: Wallet,
  title: 'Screens/Wallet',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  // The story records the way to the payment page and the URL clean-up instead of performing them.
  args: { onNavigateToPayment: fn(), onCleanUrl: fn() },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Wallet>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

// Calls that chain (a payment return refreshes the user, then checks the payment; a deposit waits for the
// gateway's answer) may take a few seconds on a loaded machine.
const returnTimeout = { timeout: 8000 }

// The balance is a term and its definition.
async function expectBalance(canvas: Canvas, text: string) {
  const term = await canvas.findByText('Account Balance')
  await waitFor(() => expect(term.nextElementSibling).toHaveTextContent(text), { timeout: 5000 })
}

// The fixtures' completed money in and out: 127.16 USD.
const fixtureBalance = '$127.16'

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible()
    await expectBalance(canvas, fixtureBalance)
    await expect(canvas.getByRole('heading', { name: 'Deposit Crypto' })).toBeVisible()
    await expect(await canvas.findByRole('radio', { name: /^Bitcoin/ })).toBeChecked()
    await expect(await canvas.findByText('+$100.00')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toBeVisible()
    // No payment return: no banner, and the URL is left alone.
    await expect(canvas.queryByRole('status')).toBeNull()
    await expect(args.onCleanUrl).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading balance' })).toBeInTheDocument()
    await expect(canvas.getByRole('progressbar', { name: 'Loading payment methods' })).toBeInTheDocument()
    await expect(canvas.getByRole('progressbar', { name: 'Loading transactions' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expectBalance(canvas, '$0.00')
    await expect(await canvas.findByText(NO_TRANSACTIONS_FOUND)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expectBalance(canvas, 'Unavailable')
    // The deposit form falls back to the built-in list.
    await expect(await canvas.findByText(MORE_CRYPTO_METHODS)).toBeVisible()
    await expect(await canvas.findByText('Transactions could not be loaded.')).toBeVisible()
  },
}

const depositState = createMockState()

export const DepositInitiated: Story = {
  parameters: { msw: { handlers: createScenario('default', depositState) } },
  play: async ({ canvas, args, step }) => {
    await step('a deposit of $25.00 in Dogecoin', async () => {
      await userEvent.click(await canvas.findByRole('radio', { name: /^Dogecoin/ }))
      const amount = canvas.getByRole('textbox', { name: 'Amount (USD)' })
      await userEvent.clear(amount)
      await userEvent.type(amount, '25')
      await userEvent.tab()
      await userEvent.click(canvas.getByRole('button', { name: 'Deposit' }))
    })
    await step(
      'an info banner, a pending deposit on top of the history, and the way to the payment page',
      async () => {
        const banner = await canvas.findByRole('status')
        await expect(banner).toHaveTextContent(depositInitiated(25))
        await expect(banner).toHaveTextContent(
          'Deposit of $25.00 initiated. Please complete the payment process.',
        )
        const [orderId] = [...depositState.payments.keys()]
        await expect(args.onNavigateToPayment).toHaveBeenCalledWith(
          `${window.location.origin}/wallet?payment_status=success&order_id=${orderId ?? ''}`,
        )
        const rows = canvas.getAllByRole('row')
        await waitFor(() => expect(within(rows[1] ?? document.body).getByText('DOGE')).toBeVisible())
        await expect(within(rows[1] ?? document.body).getByText('Pending')).toBeVisible()
        await expect(within(rows[1] ?? document.body).getByText('+$25.00')).toBeVisible()
      },
    )
    await step('the banner can be dismissed', async () => {
      await userEvent.click(
        within(await canvas.findByRole('status')).getByRole('button', { name: 'Dismiss' }),
      )
      await expect(canvas.queryByRole('status')).toBeNull()
    })
  },
}

// A deposit started before the customer left for the gateway: the fixtures' pending $25.00 USDT deposit.
function stateWithPendingPayment() {
  const state = createMockState()
  state.payments.set('pay-5', { amount: 25, status: 'pending', transactionId: 'tx-dep-5' })
  return state
}

const returnState = stateWithPendingPayment()

export const PaymentReturnCompleted: Story = {
  args: { paymentStatus: 'success', orderId: 'pay-5' },
  parameters: { msw: { handlers: createScenario('default', returnState) } },
  play: async ({ canvas, args }) => {
    const banner = await canvas.findByRole('status')
    await waitFor(() => expect(banner).toHaveTextContent(paymentSuccessful(25)), returnTimeout)
    await expect(banner).toHaveTextContent('Payment of $25.00 was successful! Your balance has been updated.')
    await expect(args.onCleanUrl).toHaveBeenCalled()
    // The credit shows in the balance and the history.
    await expectBalance(canvas, '$152.16')
    const row = (await canvas.findByText('+$25.00')).closest<HTMLElement>('[role="row"]')
    await waitFor(
      () => expect(within(row ?? document.body).getByText('Completed')).toBeVisible(),
      returnTimeout,
    )
  },
}

export const PaymentReturnPending: Story = {
  args: { paymentStatus: 'success', orderId: 'pay-5' },
  parameters: {
    msw: {
      handlers: [handlers.paymentStatus.respond({ status: 'pending', amount: 25 }), ...scenarios.default],
    },
  },
  play: async ({ canvas }) => {
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent(PAYMENT_PROCESSING),
      returnTimeout,
    )
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your payment is being processed. Balance will be updated once confirmed.',
    )
  },
}

export const PaymentReturnFailedPayment: Story = {
  name: 'Payment return: the payment failed',
  args: { paymentStatus: 'success', orderId: 'pay-5' },
  parameters: {
    msw: {
      handlers: [handlers.paymentStatus.respond({ status: 'failed', amount: 25 }), ...scenarios.default],
    },
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, returnTimeout)
    await expect(alert).toHaveTextContent(PAYMENT_FAILED)
    await expect(alert).toHaveTextContent('Payment failed. Please try again or contact support.')
  },
}

export const PaymentReturnFailure: Story = {
  name: 'Payment return: the gateway reports a failure',
  args: { paymentStatus: 'failed', orderId: 'pay-5' },
  play: async ({ canvas, args }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(PAYMENT_RETURN_FAILED)
    await expect(alert).toHaveTextContent(
      'Payment failed. Please try again or contact support if the issue persists.',
    )
    await expect(args.onCleanUrl).toHaveBeenCalledTimes(1)
  },
}

export const PaymentStatusCheckFails: Story = {
  name: 'Payment return: the status check fails',
  args: { paymentStatus: 'success', orderId: 'pay-unknown' },
  parameters: {
    msw: { handlers: [handlers.paymentStatus.failure(PAYMENT_NOT_FOUND, 404), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, returnTimeout)).toHaveTextContent(PAYMENT_RETURN_FAILED)
  },
}

export const BannerDismiss: Story = {
  args: { paymentStatus: 'failed', orderId: 'pay-5' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert')
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    await expect(canvas.queryByRole('alert')).toBeNull()
    // The rest of the page stays.
    await expectBalance(canvas, fixtureBalance)
  },
}
