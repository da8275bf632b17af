import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  microsToUsd,
  PAYMENT_FAILED,
  PAYMENT_NOT_FOUND,
  PAYMENT_PROCESSING,
  PAYMENT_RETURN_FAILED,
  paymentSuccessful,
} from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import { CHECKING_PAYMENT, PaymentReturnBanner } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient } from '../support/decorators'

const meta = {
  component: PaymentReturnBanner,
  title: 'Screens/PaymentReturnBanner',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
  ],
  args: { paymentStatus: 'success', orderId: 'pay-5', onCleanUrl: fn() },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof PaymentReturnBanner>
export default meta
type Story = StoryObj<typeof meta>

// The check waits for the refreshed balance first; a loaded machine may take a few seconds.
const returnTimeout = { timeout: 8000 }

// A deposit started before the customer left for the gateway: the fixtures' pending $25.00 USDT deposit.
function stateWithPendingPayment() {
  const state = createMockState()
  state.payments.set('pay-5', { amount: 25, status: 'pending', transactionId: 'tx-dep-5' })
  return state
}

const completedState = stateWithPendingPayment()
const balanceBefore = completedState.balanceMicros

/** Back from the gateway with a completed deposit: the success text, and the balance credited. */
export const Default: Story = {
  name: 'Default (payment completed)',
  parameters: { msw: { handlers: createScenario('default', completedState) } },
  play: async ({ canvas, args }) => {
    const banner = await canvas.findByRole('status')
    await waitFor(() => expect(banner).toHaveTextContent(paymentSuccessful(25)), returnTimeout)
    await expect(banner).toHaveTextContent('Payment of $25.00 was successful! Your balance has been updated.')
    // The parameters are read once, then the app removes them from the URL.
    await expect(args.onCleanUrl).toHaveBeenCalledTimes(1)
    await expect(microsToUsd(completedState.balanceMicros - balanceBefore)).toBe(25)
    await expect(completedState.payments.get('pay-5')?.status).toBe('completed')
  },
}

/** The balance is refreshed before the deposit's status is asked: 'Checking your payment...' meanwhile. */
export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(CHECKING_PAYMENT)
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking your payment...')
    await expect(args.onCleanUrl).toHaveBeenCalledTimes(1)
  },
}

/** No payment return in the URL: no banner, and nothing to clean. */
export const Empty: Story = {
  name: 'Empty (no payment return)',
  args: { paymentStatus: null, orderId: null },
  play: async ({ canvas, args }) => {
    // Give the hooks time to settle: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(canvas.queryByRole('status')).toBeNull()
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(args.onCleanUrl).not.toHaveBeenCalled()
  },
}

/** Any other payment_status is no return either. */
export const UnknownStatus: Story = {
  args: { paymentStatus: 'cancelled' },
  play: async ({ canvas, args }) => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(canvas.queryByRole('status')).toBeNull()
    await expect(args.onCleanUrl).not.toHaveBeenCalled()
  },
}

/** Every call fails: the status check cannot say, so the return failure text. */
export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, returnTimeout)
    await expect(alert).toHaveTextContent(PAYMENT_RETURN_FAILED)
  },
}

export const Pending: Story = {
  name: 'The deposit is still pending',
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

export const WithoutOrderId: Story = {
  name: 'A success return without an order id',
  args: { orderId: null },
  play: async ({ canvas }) => {
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent(PAYMENT_PROCESSING),
      returnTimeout,
    )
  },
}

export const PaymentFailed: Story = {
  name: 'The deposit failed',
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

export const GatewayFailure: Story = {
  name: 'The gateway reports a failure',
  args: { paymentStatus: 'failed' },
  play: async ({ canvas, args }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(PAYMENT_RETURN_FAILED)
    await expect(alert).toHaveTextContent(
      'Payment failed. Please try again or contact support if the issue persists.',
    )
    await expect(args.onCleanUrl).toHaveBeenCalledTimes(1)
  },
}

export const StatusCheckFails: Story = {
  name: 'The status check fails',
  args: { orderId: 'pay-unknown' },
  parameters: {
    msw: { handlers: [handlers.paymentStatus.failure(PAYMENT_NOT_FOUND, 404), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, returnTimeout)).toHaveTextContent(PAYMENT_RETURN_FAILED)
  },
}

export const Dismiss: Story = {
  args: { paymentStatus: 'failed' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert')
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}
