import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  AMOUNT_REQUIRED,
  CRYPTO_FALLBACK_METHODS,
  FAILED_TO_PROCESS_PAYMENT,
  INVALID_PAYMENT_RESPONSE,
  MAXIMUM_DEPOSIT_MESSAGE,
  MINIMUM_DEPOSIT_MESSAGE,
  MORE_CRYPTO_METHODS,
} from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import { DepositForm } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

const meta = {
  component: DepositForm,
  title: 'Screens/DepositForm',
  decorators: [
    (Story) => (
      <Box padding="xlarge" maxWidth="medium">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  // Stories record the navigation to the payment page instead of leaving the story.
  args: { onNavigateToPayment: fn(), onDepositStarted: fn() },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof DepositForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const amountField = (canvas: Canvas) => canvas.getByRole('textbox', { name: 'Amount (USD)' })
const submit = (canvas: Canvas) => canvas.getByRole('button', { name: 'Deposit' })

async function typeAmount(canvas: Canvas, text: string) {
  const field = amountField(canvas)
  await userEvent.clear(field)
  if (text !== '') await userEvent.type(field, text)
  // The amount is read when the field is left.
  await userEvent.tab()
}

async function findMethods(canvas: Canvas) {
  return within(await canvas.findByRole('radiogroup', { name: 'Payment method' }))
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the gateway’s currencies, each with its logo, the first one chosen', async () => {
      const methods = await findMethods(canvas)
      const radios = methods.getAllByRole('radio')
      await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
        'BTC:BTC',
        'ETH:ETH',
        'USDT:TRC20',
        'USDT:ERC20',
        'USDC:ETH',
        'LTC:LTC',
        'TRX:TRX',
        'DOGE:DOGE',
      ])
      await expect(methods.getByRole('radio', { name: /^Tether \(TRC20\)\s*USDT · TRC20$/ })).toBeVisible()
      await expect(methods.getByRole('radio', { name: /^USD Coin\s*USDC · ETH$/ })).toBeVisible()
      await expect(methods.getByRole('radio', { name: /^Bitcoin/ })).toBeChecked()
      // The logos are decorative: the text beside each already names the currency.
      const logos = canvas.getByRole('radiogroup').querySelectorAll('svg[data-currency]')
      await expect(logos).toHaveLength(8)
      for (const logo of logos) await expect(logo).toHaveAttribute('aria-hidden', 'true')
      await expect(methods.queryByText(MORE_CRYPTO_METHODS)).toBeNull()
    })
    await step('the amount starts at $10.00, in USD, with the deposit terms', async () => {
      await expect(amountField(canvas)).toHaveValue('$10.00')
      await expect(canvas.getByText('From $5.00 to $10,000.00, in USD only.')).toBeVisible()
      await expect(canvas.getByText('No extra product fees.')).toBeVisible()
      await expect(canvas.getByText('Your balance is credited after blockchain confirmation.')).toBeVisible()
      await expect(submit(canvas)).toBeEnabled()
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.paymentMethods.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading payment methods' })).toBeInTheDocument()
    await expect(amountField(canvas)).toHaveValue('$10.00')
  },
}

async function expectFallbackMethods(canvas: Canvas) {
  const methods = await findMethods(canvas)
  const radios = methods.getAllByRole('radio')
  await expect(radios).toHaveLength(CRYPTO_FALLBACK_METHODS.length + 1)
  await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
    ...CRYPTO_FALLBACK_METHODS.map((method) => `${method.currency}:${method.network}`),
    'more',
  ])
  for (const name of ['Bitcoin', 'Tether (TRC20)', 'Cardano', 'Polkadot', 'TRON', MORE_CRYPTO_METHODS]) {
    await expect(methods.getByText(name)).toBeVisible()
  }
  await expect(canvas.getByRole('radiogroup').querySelectorAll('svg[data-currency]').length).toBe(
    CRYPTO_FALLBACK_METHODS.length,
  )
  await expect(methods.getByText('More currencies are offered on the payment page.')).toBeVisible()
}

export const Empty: Story = {
  name: 'Empty (the fallback methods and +50 More)',
  parameters: { msw: { handlers: [handlers.paymentMethods.respond([]), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expectFallbackMethods(canvas)
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas, args, step }) => {
    await step('a failed method list falls back to the built-in twelve and +50 More', async () => {
      await expectFallbackMethods(canvas)
    })
    await step('a failed deposit says so, and the browser stays', async () => {
      await userEvent.click(submit(canvas))
      await expect(await canvas.findByRole('alert')).toHaveTextContent(FAILED_TO_PROCESS_PAYMENT)
      await expect(args.onNavigateToPayment).not.toHaveBeenCalled()
      await expect(args.onDepositStarted).not.toHaveBeenCalled()
    })
  },
}

export const ValidationMessages: Story = {
  play: async ({ canvas, step }) => {
    await findMethods(canvas)
    await step('an empty amount is required, and submit is disabled', async () => {
      await typeAmount(canvas, '')
      await expect(await canvas.findByText(AMOUNT_REQUIRED)).toBeVisible()
      await expect(amountField(canvas)).toHaveAccessibleDescription(AMOUNT_REQUIRED)
      await waitFor(() => expect(submit(canvas)).toBeDisabled())
    })
    await step('below $5.00', async () => {
      await typeAmount(canvas, '4.99')
      await expect(await canvas.findByText(MINIMUM_DEPOSIT_MESSAGE)).toBeVisible()
      await expect(amountField(canvas)).toHaveValue('$4.99')
      await expect(submit(canvas)).toBeDisabled()
    })
    await step('above $10,000.00', async () => {
      await typeAmount(canvas, '10000.01')
      await expect(await canvas.findByText(MAXIMUM_DEPOSIT_MESSAGE)).toBeVisible()
      await expect(submit(canvas)).toBeDisabled()
    })
    await step('the limits themselves are accepted', async () => {
      await typeAmount(canvas, '5')
      await waitFor(() => expect(submit(canvas)).toBeEnabled())
      await expect(canvas.queryByText(MINIMUM_DEPOSIT_MESSAGE)).toBeNull()
      await typeAmount(canvas, '10000')
      await waitFor(() => expect(submit(canvas)).toBeEnabled())
      await expect(amountField(canvas)).toHaveValue('$10,000.00')
    })
  },
}

const sentPayments: unknown[] = []
const depositState = createMockState()

export const StartsADeposit: Story = {
  beforeEach: () => {
    sentPayments.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/payments/:provider/create', async ({ request, params }) => {
          sentPayments.push({ provider: params.provider, body: await request.clone().json() })
          return undefined
        }),
        ...createScenario('default', depositState),
      ],
    },
  },
  play: async ({ canvas, args }) => {
    const methods = await findMethods(canvas)
    await userEvent.click(methods.getByRole('radio', { name: /^Litecoin/ }))
    await typeAmount(canvas, '25')
    await userEvent.click(submit(canvas))
    await waitFor(() => expect(args.onNavigateToPayment).toHaveBeenCalledTimes(1))
    await expect(sentPayments).toEqual([
      { provider: 'sandbox', body: { amount: 25, currency: 'USD', method: 'LTC' } },
    ])
    const [payment] = [...depositState.payments.keys()]
    const paymentUrl = `${window.location.origin}/wallet?payment_status=success&order_id=${payment ?? ''}`
    await expect(args.onDepositStarted).toHaveBeenCalledWith({
      amount: 25,
      orderId: payment,
      paymentUrl,
      method: 'LTC',
    })
    await expect(args.onNavigateToPayment).toHaveBeenCalledWith(paymentUrl)
  },
}

export const MoreMethodsLeaveTheChoiceToThePaymentPage: Story = {
  beforeEach: () => {
    sentPayments.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        handlers.paymentMethods.failure(),
        http.post('*/api/payments/:provider/create', async ({ request }) => {
          sentPayments.push(await request.clone().json())
          return undefined
        }),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas, args }) => {
    const methods = await findMethods(canvas)
    await userEvent.click(methods.getByRole('radio', { name: /^\+50 More/ }))
    await userEvent.click(submit(canvas))
    await waitFor(() => expect(args.onNavigateToPayment).toHaveBeenCalledTimes(1))
    await expect(sentPayments).toEqual([{ amount: 10, currency: 'USD' }])
    await expect(args.onDepositStarted).toHaveBeenCalledWith(expect.objectContaining({ method: null }))
  },
}

export const ReplyWithoutPaymentUrl: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/payments/:provider/create', () =>
          HttpResponse.json({ order_id: 'pay-without-url' }, { status: 201 }),
        ),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas, args }) => {
    await findMethods(canvas)
    await userEvent.click(submit(canvas))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(INVALID_PAYMENT_RESPONSE)
    await expect(args.onNavigateToPayment).not.toHaveBeenCalled()
  },
}

export const GatewayRefusesTheDeposit: Story = {
  parameters: {
    msw: {
      handlers: [handlers.createPayment.failure('Payment gateway unavailable', 502), ...scenarios.default],
    },
  },
  play: async ({ canvas, args }) => {
    await findMethods(canvas)
    await userEvent.click(submit(canvas))
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_PROCESS_PAYMENT)
    await expect(args.onNavigateToPayment).not.toHaveBeenCalled()
    // The message can be dismissed.
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}
