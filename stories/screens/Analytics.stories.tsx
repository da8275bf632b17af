import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ANALYTICS_RANGE_REVERSED, formatUsd, INTERNAL_SERVER_ERROR } from '@engage/contract'
import {
  emptyAnalytics,
  emptyAnalyticsDelivery,
  fixtureAnalytics,
  fixtureAnalyticsDelivery,
  fixtureProfile,
  handlers,
  scenarios,
} from '@engage/mocks'
import { Analytics } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { card, statValue, storyRanges } from '../support/figures'

/** The fixtures' today: the default range is the 30 days to 11/20/2026 on the demo customer's clock. */
const fixtureTimezone = fixtureProfile.timezone
const { now, defaultRange, oneDay, aYear } = storyRanges(fixtureTimezone)

const meta = {
  component: Analytics,
  title: 'Screens/Analytics',
  decorators: [
    (Story) => (
      <Box padding={{ mobile: 'medium', tablet: 'large' }}>
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  args: { now },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Analytics>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const figures = fixtureAnalytics(defaultRange)
    const delivery = fixtureAnalyticsDelivery()
    await expect(canvas.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
    await waitFor(() => expect(statValue(canvas, 'Spend')).toHaveTextContent(formatUsd(figures.totals.spend)))
    await expect(statValue(canvas, 'Deposits')).toHaveTextContent(formatUsd(figures.totals.deposits))
    await expect(statValue(canvas, 'Orders')).toHaveTextContent(String(figures.totals.orders))
    // Every chart is a focusable figure named by its heading, with its summary.
    const spend = await canvas.findByRole('figure', { name: 'Spend per day' })
    await expect(spend).toHaveAccessibleDescription(
      new RegExp(`^You spent \\${formatUsd(figures.totals.spend)} from 10/22/2026 to 11/20/2026`),
    )
    for (const title of ['Deposits per day', 'Orders by status', 'Orders by service']) {
      await expect(canvas.getByRole('figure', { name: title })).toBeVisible()
    }
    const progress = await canvas.findByRole('figure', { name: 'Delivery of active orders' })
    await expect(progress).toHaveAccessibleDescription(
      new RegExp(`^${delivery.active_orders} active orders: 1,440 of 6,500 units delivered \\(22%\\)`),
    )
    // The date fields are on the customer's clock.
    await expect(canvas.getByText(`Days on your clock (${fixtureTimezone})`)).toBeVisible()
  },
}

export const KeyboardAndTable: Story = {
  name: 'Keyboard and data table',
  play: async ({ canvas }) => {
    const progress = card(canvas, 'Delivery of active orders')
    const figure = await progress.findByRole('figure', { name: 'Delivery of active orders' })
    figure.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(progress.getByText('#1050 followers: Ordered 1,000, Delivered 0')).toBeVisible()
    await userEvent.keyboard('{End}')
    await expect(progress.getByText('#1046 views: Ordered 5,000, Delivered 1,200')).toBeVisible()
    await userEvent.click(progress.getByText('Data table'))
    const table = await progress.findByRole('grid', { name: 'Delivery of active orders: data' })
    await expect(within(table).getAllByRole('row')).toHaveLength(4)
  },
}

export const GroupedByWeek: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('figure', { name: 'Spend per day' })
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Group by' }), 'Week')
    const spend = await canvas.findByRole('figure', { name: 'Spend per week' })
    await waitFor(() => expect(spend).toHaveAccessibleDescription(/The most in one week: /))
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading spend per day' }),
    ).toBeInTheDocument()
    await expect(
      canvas.getByRole('progressbar', { name: 'Loading delivery of active orders' }),
    ).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        handlers.analytics.respond(emptyAnalytics(defaultRange)),
        handlers.analyticsDelivery.respond(emptyAnalyticsDelivery()),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No spend or refunds in this range.')).toBeVisible()
    await expect(canvas.getByText('No deposits in this range.')).toBeVisible()
    await expect(canvas.getAllByText('No orders placed in this range.')).toHaveLength(2)
    await expect(
      await canvas.findByText('No active orders: everything you ordered has been delivered.'),
    ).toBeVisible()
    await expect(statValue(canvas, 'Spend')).toHaveTextContent('$0.00')
  },
}

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [handlers.analytics.failure(), handlers.analyticsDelivery.failure(), ...scenarios.default],
    },
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(5))
    await expect(canvas.getAllByRole('alert')[0]).toHaveTextContent(INTERNAL_SERVER_ERROR)
    await expect(canvas.getAllByRole('button', { name: 'Try again' })).toHaveLength(5)
  },
}

export const OnePoint: Story = {
  name: 'One day',
  args: { initialRange: oneDay },
  play: async ({ canvas }) => {
    const figures = fixtureAnalytics(oneDay)
    const spend = await canvas.findByRole('figure', { name: 'Spend per day' })
    spend.focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(
      card(canvas, 'Spend per day').getByText(
        `11/20/2026: Spend ${formatUsd(figures.periods[0]?.spend ?? 0)}, Refunds ${formatUsd(figures.periods[0]?.refunds ?? 0)}`,
      ),
    ).toBeVisible()
    await expect(spend).toHaveAccessibleDescription(/on 11\/20\/2026/)
  },
}

export const AYearOfData: Story = {
  name: 'A year of data',
  args: { initialRange: aYear },
  play: async ({ canvas }) => {
    const figures = fixtureAnalytics(aYear)
    const deposits = await canvas.findByRole('figure', { name: 'Deposits per day' })
    deposits.focus()
    await userEvent.keyboard('{Home}')
    await expect(
      card(canvas, 'Deposits per day').getByText(
        `11/21/2025: ${formatUsd(figures.periods[0]?.deposits ?? 0)}`,
      ),
    ).toBeVisible()
    await userEvent.keyboard('{End}')
    await expect(
      card(canvas, 'Deposits per day').getByText(
        `11/20/2026: ${formatUsd(figures.periods.at(-1)?.deposits ?? 0)}`,
      ),
    ).toBeVisible()
  },
}

export const RangeReversed: Story = {
  name: 'A range that ends before it starts',
  play: async ({ canvas }) => {
    await canvas.findByRole('figure', { name: 'Spend per day' })
    const from = canvas.getByRole('group', { name: 'From' })
    await userEvent.click(within(from).getByRole('spinbutton', { name: /year/i }))
    await userEvent.keyboard('{ArrowUp}')
    await expect(await canvas.findByText(ANALYTICS_RANGE_REVERSED)).toBeVisible()
    // The figures stay those of the last valid range.
    await expect(canvas.getByRole('figure', { name: 'Spend per day' })).toHaveAccessibleDescription(
      /from 10\/22\/2026 to 11\/20\/2026/,
    )
  },
}

export const RangeTypedWithTheKeyboard: Story = {
  name: 'A range changed twice from the keyboard',
  play: async ({ canvas }) => {
    await canvas.findByRole('figure', { name: 'Spend per day' })
    const from = canvas.getByRole('group', { name: 'From' })
    const day = within(from).getByRole('spinbutton', { name: /day/i })
    await userEvent.click(day)
    await userEvent.keyboard('{ArrowUp}')
    // The first change applies the range and leaves the field as it was: the next key moves the same day on.
    await expect(day).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() =>
      expect(canvas.getByRole('figure', { name: 'Spend per day' })).toHaveAccessibleDescription(
        /from 10\/24\/2026 to 11\/20\/2026/,
      ),
    )
  },
}
