import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { chargedPeriodByPeriod, TOTAL_USD_AMOUNT } from '@engage/contract'
import { fixtureServices } from '@engage/mocks'
import { SubscriptionSummary } from '@engage/screens'
import { Box } from '@engage/ui'

// A pure view of the contract's subscription math: it takes the form's values, so it has no loading or
// server states of its own; those belong to the SubscriptionForm stories.

const start = new Date('2026-12-01T09:00:00.000Z')
const minutesAfter = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
const daysAfter = (days: number) => minutesAfter(days * 24 * 60)

const meta = {
  component: SubscriptionSummary,
  title: 'Screens/SubscriptionSummary',
  decorators: [
    (Story) => (
      <Box padding="xlarge" maxWidth="medium">
        <Story />
      </Box>
    ),
  ],
  args: {
    startDate: start,
    endDate: daysAfter(7),
    renewalPeriod: 'daily',
    quantityPerPeriod: 7,
    rateUsdPerUnit: fixtureServices.followers,
  },
} satisfies Meta<typeof SubscriptionSummary>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

function value(canvas: Canvas, term: string) {
  return within(canvas.getByRole('region', { name: 'Subscription summary' })).getByText(term)
    .nextElementSibling
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(value(canvas, 'Renewal period')).toHaveTextContent('Daily')
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('7')
    await expect(value(canvas, 'Duration')).toHaveTextContent('7 days')
    await expect(value(canvas, 'Quantity per period')).toHaveTextContent('7')
    await expect(value(canvas, 'Total quantity')).toHaveTextContent('49')
    // 7 × 7 followers × 0.0025 USD
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$0.1225')
    await expect(canvas.getByText(TOTAL_USD_AMOUNT).nextElementSibling).toHaveTextContent('$0.1225')
  },
}

export const ChargedPeriodByPeriod: Story = {
  name: 'Says plainly that the total is charged period by period',
  play: async ({ canvas }) => {
    // 7 followers × 0.0025 USD each period.
    await expect(value(canvas, 'Cost per period')).toHaveTextContent('$0.0175')
    await expect(canvas.getByText(chargedPeriodByPeriod('$0.0175'))).toBeVisible()
  },
}

export const WeeklyRoundsUp: Story = {
  args: { renewalPeriod: 'weekly', endDate: daysAfter(10), quantityPerPeriod: 100 },
  play: async ({ canvas }) => {
    // 10 days hold a week and a part of one: 2 periods.
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('2')
    await expect(value(canvas, 'Duration')).toHaveTextContent('1.43 weeks')
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$0.5000')
  },
}

export const Minutely: Story = {
  args: { renewalPeriod: 'minutely', endDate: minutesAfter(90), quantityPerPeriod: 10 },
  play: async ({ canvas }) => {
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('90')
    await expect(value(canvas, 'Duration')).toHaveTextContent('90 minutes')
    await expect(value(canvas, 'Total quantity')).toHaveTextContent('900')
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$2.2500')
  },
}

export const BiWeekly: Story = {
  args: { renewalPeriod: 'bi-weekly', endDate: daysAfter(14) },
  play: async ({ canvas }) => {
    await expect(value(canvas, 'Renewal period')).toHaveTextContent('Bi-weekly')
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('1')
    await expect(value(canvas, 'Duration')).toHaveTextContent('1 bi-week')
  },
}

export const MonthlyIsThirtyDays: Story = {
  args: { renewalPeriod: 'monthly', endDate: daysAfter(45), quantityPerPeriod: 1000 },
  play: async ({ canvas }) => {
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('2')
    await expect(value(canvas, 'Duration')).toHaveTextContent('1.5 months')
    await expect(value(canvas, 'Total quantity')).toHaveTextContent('2,000')
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$5.0000')
  },
}

export const UnknownRateCostsNothing: Story = {
  args: { rateUsdPerUnit: undefined },
  play: async ({ canvas }) => {
    // A service with no known rate is priced at 0 in the subscription total.
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('7')
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$0.0000')
  },
}

export const EndBeforeStart: Story = {
  args: { endDate: daysAfter(-1) },
  play: async ({ canvas }) => {
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('0')
    await expect(value(canvas, 'Duration')).toHaveTextContent('0 days')
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$0.0000')
  },
}

export const Empty: Story = {
  name: 'Empty (no dates yet)',
  args: { startDate: null, endDate: null },
  play: async ({ canvas }) => {
    await expect(value(canvas, 'Number of periods')).toHaveTextContent('0')
    await expect(value(canvas, 'Total cost')).toHaveTextContent('$0.0000')
  },
}
