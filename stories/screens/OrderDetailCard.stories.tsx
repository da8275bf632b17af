import type { Meta, StoryObj } from '@storybook/react-vite'
import { formatDateTime } from '@engage/contract'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { normaliseOrder } from '@engage/client'
import {
  FIXTURE_NOW,
  fixtureAiOrders,
  fixtureDripFeedOrders,
  fixtureOrders,
  fixtureRefillOrders,
} from '@engage/mocks'
import { OrderDetailCard } from '@engage/screens'
import { Box } from '@engage/ui'

/** A fixture order by id, as the screens read it. */
function orderOf(id: string) {
  const raw = [
    ...fixtureAiOrders(),
    ...fixtureOrders(),
    ...fixtureRefillOrders(),
    ...fixtureDripFeedOrders(),
  ].find((order) => order.id === id)
  if (!raw) throw new Error(`No fixture order ${id}`)
  return normaliseOrder(raw, FIXTURE_NOW)
}

const page = () => within(document.body)

/** The card's value for a term ('Order ID' → '1051'). */
function detail(card: HTMLElement, term: string) {
  return within(card).getByText(term).nextElementSibling
}

const meta = {
  component: OrderDetailCard,
  title: 'Screens/OrderDetailCard',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
  ],
  // The card only shows what it is given: no request at all (none is handled).
  parameters: { msw: { handlers: [] } },
  args: { order: orderOf('1045'), dateTime: (value: string) => formatDateTime(value, 'UTC') },
} satisfies Meta<typeof OrderDetailCard>
export default meta
type Story = StoryObj<typeof meta>

/** A completed views order: the plain details, no AI texts and no progress. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'VIEWS' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.hover(trigger)
    const card = await page().findByRole('dialog', { name: 'Order 1045 details' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(detail(card, 'Order ID')).toHaveTextContent('1045')
    await expect(detail(card, 'Link')).toHaveTextContent('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    await expect(detail(card, 'Quantity')).toHaveTextContent('10,000')
    await expect(detail(card, 'Status')).toHaveTextContent('Completed')
    // 10,000 views × $0.0004, as the wallet shows the same charge
    await expect(detail(card, 'Charge')).toHaveTextContent('$4.00')
    await expect(detail(card, 'Start count')).toHaveTextContent('48,210')
    await expect(detail(card, 'Remains')).toHaveTextContent('0')
    // A service without refills: no refill window, no refill.
    await expect(within(card).queryByText('Refill available until')).toBeNull()
    await expect(within(card).queryByText('Refill')).toBeNull()
    // Not an AI order: neither progress nor texts.
    await expect(within(card).queryByText('AI texts')).toBeNull()
    await expect(within(card).queryByRole('region')).toBeNull()
    await expect(within(card).queryByRole('list')).toBeNull()
    await userEvent.unhover(trigger)
    await waitFor(() => expect(page().queryByRole('dialog', { name: 'Order 1045 details' })).toBeNull())
  },
}

/** A finished ai_comments order lists every comment, in order, in a scrolling region. */
export const AiCommentsWithTexts: Story = {
  args: { order: orderOf('1051') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'AI COMMENTS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1051 details' })
    const region = within(card).getByRole('region', { name: 'Generated comments' })
    const items = within(region).getAllByRole('listitem')
    await expect(items).toHaveLength(12)
    await expect(items[0]).toHaveTextContent(
      'This is exactly the kind of breakdown I needed before planning next quarter. Saving it.',
    )
    await expect(items[11]).toHaveTextContent(
      'Thanks for writing this up. The examples make it easy to try today.',
    )
    // Finished: the list alone, no progress line.
    await expect(within(card).queryByText('AI texts')).toBeNull()
    await expect(detail(card, 'Status')).toHaveTextContent('Completed')
    // Twelve comments do not fit: the list scrolls inside the card, and the region takes focus so
    // a keyboard can scroll it (synthetic key events do not scroll, so the focus is what is asserted).
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight)
    await expect(region).toHaveAttribute('tabindex', '0')
    region.focus()
    await expect(region).toHaveFocus()
  },
}

/** An ai_tweets order being written: 'n of m texts' and the tweets so far. */
export const GeneratingTweets: Story = {
  args: { order: orderOf('1050') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'AI TWEETS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1050 details' })
    await expect(detail(card, 'AI texts')).toHaveTextContent('4 of 12 texts')
    await expect(detail(card, 'Status')).toHaveTextContent('Pending')
    const region = within(card).getByRole('region', { name: 'Generated tweets' })
    await expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Consistency beats intensity: three good posts a week outperform ten rushed ones.',
      'Your first ten replies shape the conversation. Show up for them.',
      'Stop guessing your best posting time. Test two slots for two weeks and compare.',
      'A clear profile line does more for follows than any trending hashtag.',
    ])
  },
}

/** An ai_comments order paused before its first text: the reason and '0 of 20 texts', no list. */
export const PausedBeforeAnyText: Story = {
  args: { order: orderOf('1049') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'AI COMMENTS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1049 details' })
    await expect(detail(card, 'Paused because')).toHaveTextContent(
      'Failed to generate texts: the provider refused the key',
    )
    await expect(detail(card, 'AI texts')).toHaveTextContent('0 of 20 texts')
    await expect(within(card).queryByRole('region')).toBeNull()
  },
}

/** A processing ai_comments order from an older server that reports progress but no texts. */
export const ProgressWithoutTexts: Story = {
  args: { order: orderOf('1047') },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'AI COMMENTS' })
    // Keyboard focus opens the card too; Escape closes it.
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    const card = await page().findByRole('dialog', { name: 'Order 1047 details' })
    await expect(detail(card, 'AI texts')).toHaveTextContent('15 of 40 texts')
    await expect(within(card).queryByRole('region')).toBeNull()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page().queryByRole('dialog', { name: 'Order 1047 details' })).toBeNull())
  },
}

/** A paused followers order: the reason, and nothing about AI texts. */
export const PausedNotAi: Story = {
  args: { order: orderOf('1046') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1046 details' })
    await expect(detail(card, 'Paused because')).toHaveTextContent(
      'The provider did not answer after several tries. Retry when you are ready.',
    )
    await expect(detail(card, 'Start count')).toHaveTextContent('Not started')
    await expect(detail(card, 'Remains')).toHaveTextContent('Not reported')
    await expect(within(card).queryByText('AI texts')).toBeNull()
    await expect(within(card).queryByRole('region')).toBeNull()
  },
}

/** A completed order of a service with refills, none asked for yet: until when one may be. */
export const RefillAvailable: Story = {
  args: { order: orderOf('1066') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1066 details' })
    // Placed 48 hours before the fixtures' instant, completed an hour later, 30 days to ask.
    await expect(detail(card, 'Refill available until')).toHaveTextContent('12/18/2026, 11:00 AM UTC')
    await expect(within(card).queryByText('Refill')).toBeNull()
  },
}

/** Each refill status, with when it was asked for and last changed, and the reason of a refused one. */
export const RefillStatuses: Story = {
  args: { order: orderOf('1065') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1065 details' })
    await expect(detail(card, 'Refill')).toHaveTextContent('Pending')
    await expect(detail(card, 'Refill requested')).toHaveTextContent('11/20/2026, 08:00 AM UTC')
    await expect(detail(card, 'Refill updated')).toHaveTextContent('11/20/2026, 09:00 AM UTC')
    await expect(within(card).queryByText('Refill not done because')).toBeNull()
  },
}

export const RefillInProgress: Story = {
  args: { order: orderOf('1064') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1064 details' })
    await expect(detail(card, 'Refill')).toHaveTextContent('In progress')
  },
}

export const RefillCompleted: Story = {
  args: { order: orderOf('1063') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1063 details' })
    await expect(detail(card, 'Refill')).toHaveTextContent('Completed')
  },
}

export const RefillRejected: Story = {
  args: { order: orderOf('1062') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1062 details' })
    await expect(detail(card, 'Refill')).toHaveTextContent('Rejected')
    await expect(detail(card, 'Refill not done because')).toHaveTextContent(
      'The provider does not refill orders older than 7 days',
    )
  },
}

export const RefillError: Story = {
  args: { order: orderOf('1061') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1061 details' })
    await expect(detail(card, 'Refill')).toHaveTextContent('Error')
    await expect(detail(card, 'Refill not done because')).toHaveTextContent(
      'The provider could not be reached: timeout',
    )
  },
}

/** The window ended: the day it did, and no refill. */
export const RefillWindowEnded: Story = {
  args: { order: orderOf('1060') },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'FOLLOWERS' }))
    const card = await page().findByRole('dialog', { name: 'Order 1060 details' })
    await expect(detail(card, 'Refill available until')).toHaveTextContent('11/17/2026, 03:00 AM UTC')
  },
}
/** A drip-feed order's progress: the next run on the customer's clock (here a profile on PST). */
const onPacificClock = (value: string) => formatDateTime(value, 'PST')

/** Opens a drip-feed order's card and checks its progress rows. */
async function expectDripFeed(
  canvas: ReturnType<typeof within>,
  id: string,
  rows: { status: string; run: string; next: string; delivered: string },
) {
  await userEvent.click(canvas.getByRole('button', { name: 'LIKES' }))
  const card = await page().findByRole('dialog', { name: `Order ${id} details` })
  await expect(detail(card, 'Quantity')).toHaveTextContent('1,000')
  await expect(detail(card, 'Status')).toHaveTextContent(rows.status)
  await expect(detail(card, 'Drip-feed')).toHaveTextContent(rows.run)
  await waitFor(() => expect(detail(card, 'Next run')).toHaveTextContent(rows.next))
  await expect(detail(card, 'Delivered')).toHaveTextContent(rows.delivered)
  return card
}

const nextRunOf = (id: string) => {
  const next = fixtureDripFeedOrders().find((order) => order.id === id)?.drip_feed?.next_run_at
  if (!next) throw new Error(`Order ${id} has no next run`)
  return formatDateTime(next, 'PST')
}

/** A drip-feed order before its first run: run 1 of 5 is the one to come. */
export const DripFeedPending: Story = {
  args: { order: orderOf('2001'), dateTime: onPacificClock },
  play: async ({ canvas }) => {
    await expectDripFeed(canvas, '2001', {
      status: 'Pending',
      run: 'Run 1 of 5, every 30 min',
      next: nextRunOf('2001'),
      delivered: '0 of 1,000',
    })
  },
}

/** A drip-feed order at its third run, the fourth due later on the customer's clock. */
export const DripFeedRunning: Story = {
  args: { order: orderOf('2002'), dateTime: onPacificClock },
  play: async ({ canvas }) => {
    await expectDripFeed(canvas, '2002', {
      status: 'Processing',
      run: 'Run 3 of 5, every 30 min',
      next: nextRunOf('2002'),
      delivered: '480 of 1,000',
    })
  },
}

/** Every run delivered. */
export const DripFeedCompleted: Story = {
  args: { order: orderOf('2003'), dateTime: onPacificClock },
  play: async ({ canvas }) => {
    await expectDripFeed(canvas, '2003', {
      status: 'Completed',
      run: 'Run 5 of 5',
      next: 'None left',
      delivered: '1,000 of 1,000',
    })
  },
}

/** Some runs delivered part: the order ends partial, the rest refunded. */
export const DripFeedPartial: Story = {
  args: { order: orderOf('2004'), dateTime: onPacificClock },
  play: async ({ canvas }) => {
    await expectDripFeed(canvas, '2004', {
      status: 'Partial',
      run: 'Run 5 of 5',
      next: 'None left',
      delivered: '840 of 1,000',
    })
  },
}

/** Cancelled after two runs: no next run. */
export const DripFeedCancelled: Story = {
  args: { order: orderOf('2005'), dateTime: onPacificClock },
  play: async ({ canvas }) => {
    await expectDripFeed(canvas, '2005', {
      status: 'Cancelled',
      run: 'Run 2 of 5',
      next: 'None left',
      delivered: '400 of 1,000',
    })
  },
}

/** A run whose placement could not be confirmed: held for review, said on the order. */
export const DripFeedRunHeld: Story = {
  args: { order: orderOf('2006'), dateTime: onPacificClock },
  play: async ({ canvas }) => {
    const card = await expectDripFeed(canvas, '2006', {
      status: 'Processing',
      run: 'Run 2 of 5',
      next: nextRunOf('2006'),
      delivered: '400 of 1,000',
    })
    await expect(detail(card, 'Paused because')).toHaveTextContent(
      'Run 3: Upstream placement could not be confirmed; under review',
    )
  },
}
