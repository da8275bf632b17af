import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { depositInitiated, NO_TRANSACTIONS_FOUND, paymentSuccessful } from '@engage/contract'
import { createMockState, createScenario } from '@engage/mocks'
import { Wallet } from '@engage/screens'
import { Box, Button, Text } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

/**
 * What the browser and the app do around the wallet, reduced to their visible effect: the deposit's way to the
 * payment page is recorded, "Return from the payment page" follows the mock gateway's payment_url back to
 * /wallet (a new page with the URL's payment_status and order_id), and the app removes those two parameters when
 * the wallet asks. All calls go to one mock state, whose first status check completes the deposit.
 */
function DepositJourney() {
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null)
  const [location, setLocation] = useState('/wallet')
  const [pageLoad, setPageLoad] = useState(0)
  const query = new URL(location, window.location.origin).searchParams
  return (
    <Box padding="large" display="flex" flexDirection="column" gap="large">
      <Box display="flex" flexWrap="wrap" gap="medium" alignItems="center">
        <Text elementType="p">Address: {location}</Text>
        {paymentUrl === null ? null : (
          <Button
            tone="secondary"
            onPress={() => {
              const url = new URL(paymentUrl)
              setLocation(`${url.pathname}${url.search}`)
              setPaymentUrl(null)
              setPageLoad((count) => count + 1)
            }}
          >
            Return from the payment page
          </Button>
        )}
      </Box>
      <Wallet
        key={pageLoad}
        paymentStatus={query.get('payment_status')}
        orderId={query.get('order_id')}
        onCleanUrl={() => setLocation('/wallet')}
        onNavigateToPayment={setPaymentUrl}
      />
    </Box>
  )
}

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

// A new customer's first deposit: no balance and no history yet (a short table keeps the journey quick).
const journeyState = createMockState({ empty: true })

const meta = {
  component: DepositJourney,
  title: 'Flows/Deposit',
  decorators: [withClient, withRouter],
  parameters: { msw: { handlers: createScenario('default', journeyState) } },
} satisfies Meta<typeof DepositJourney>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

// The deposit waits for the gateway, the return for the user and then the payment: allow a loaded machine time.
const journeyTimeout = { timeout: 5000 }

async function expectBalance(canvas: Canvas, text: string) {
  const term = await canvas.findByText('Account Balance')
  await waitFor(() => expect(term.nextElementSibling).toHaveTextContent(text), journeyTimeout)
}

function rowOf(cell: HTMLElement): HTMLElement {
  const row = cell.closest<HTMLElement>('[role="row"]')
  if (!row) throw new Error('The cell is not in a table row')
  return row
}

export const DepositAndReturn: Story = {
  name: 'Deposit, pay, return, credited',
  play: async ({ canvas, step }) => {
    await step('the wallet: no balance, the methods, no history', async () => {
      await expectBalance(canvas, '$0.00')
      await expect(await canvas.findByRole('radio', { name: /^Bitcoin/ })).toBeChecked()
      await expect(await canvas.findByText(NO_TRANSACTIONS_FOUND)).toBeVisible()
    })
    await step('a $60.00 deposit in USD Coin', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: /^USD Coin/ }))
      const amount = canvas.getByRole('textbox', { name: 'Amount (USD)' })
      await userEvent.clear(amount)
      await userEvent.type(amount, '60')
      await userEvent.tab()
      await userEvent.click(canvas.getByRole('button', { name: 'Deposit' }))
    })
    await step(
      'the deposit is initiated: banner, pending entry, on the way to the payment page',
      async () => {
        const banner = await canvas.findByRole('status', {}, journeyTimeout)
        await expect(banner).toHaveTextContent(depositInitiated(60))
        const pending = rowOf(await canvas.findByText('+$60.00'))
        await expect(within(pending).getByText('Pending')).toBeVisible()
        await expect(within(pending).getByText('USDC')).toBeVisible()
        await expect(canvas.getByRole('button', { name: 'Return from the payment page' })).toBeVisible()
        // The balance moves only once the payment is confirmed.
        await expectBalance(canvas, '$0.00')
      },
    )
    await step('back from the payment page: the payment is checked and credited', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Return from the payment page' }))
      await waitFor(
        () => expect(canvas.getByRole('status')).toHaveTextContent(paymentSuccessful(60)),
        journeyTimeout,
      )
      await expect(canvas.getByRole('status')).toHaveTextContent(
        'Payment of $60.00 was successful! Your balance has been updated.',
      )
      // The app was asked to clean the URL.
      await expect(canvas.getByText('Address: /wallet')).toBeVisible()
      await expectBalance(canvas, '$60.00')
      const credited = rowOf(await canvas.findByText('+$60.00'))
      await waitFor(() => expect(within(credited).getByText('Completed')).toBeVisible(), journeyTimeout)
    })
    await step('the deposit’s details carry the transaction hash', async () => {
      const credited = rowOf(canvas.getByText('+$60.00'))
      await userEvent.click(within(credited).getByText('USDC'))
      const hash = await canvas.findByText('Transaction hash')
      await expect(hash.nextElementSibling?.textContent).toMatch(/^0x[a0-9]{64}$/)
    })
    await step('the banner is dismissed', async () => {
      await userEvent.click(within(canvas.getByRole('status')).getByRole('button', { name: 'Dismiss' }))
      await expect(canvas.queryByRole('status')).toBeNull()
      // The first wallet's pending Deposit button went with its page.
      await removeStaleAnnouncements()
    })
  },
}
