import type { Meta, StoryObj } from '@storybook/react-vite'
import type { within } from 'storybook/test'
import { expect, fn, userEvent } from 'storybook/test'
import { Box, Stack } from '@engage/ui'
import {
  ChartGrid,
  chartState,
  noChartData,
  SummaryCards,
  type FiguresQuery,
  type GridChart,
} from '../../packages/screens/src/AnalyticsShared'

// The parts the customer's analytics and the operator's reports share: the summary cards over the charts and
// the grid of charts, each loading, failing and retrying with the query it reads.

interface Figures {
  spent: number
  orders: number
}

const usd = (value: number) => `$${value.toFixed(2)}`

const cards = [
  { label: 'Spent', value: (data: Figures) => usd(data.spent) },
  { label: 'Orders', value: (data: Figures) => String(data.orders) },
]

const spend: GridChart = {
  id: 'spend',
  kind: 'line',
  title: 'Spend per day',
  categoryLabel: 'Day',
  formatValue: usd,
  data: {
    categories: ['11/18', '11/19', '11/20'],
    series: [{ id: 'spend', name: 'Spend', values: [1.5, 0, 4.25] }],
    summary: 'Spend from 11/18 to 11/20: $5.75 in all.',
  },
}

const orders: GridChart = {
  id: 'orders',
  kind: 'bar',
  title: 'Orders by status',
  categoryLabel: 'Status',
  formatValue: String,
  data: noChartData,
  emptyMessage: 'No orders in this range.',
}

/** A query as the screens pass it: the answer, or where it stands. */
function query(over: Partial<FiguresQuery<Figures>> = {}): FiguresQuery<Figures> {
  return { isPending: false, isError: false, error: null, refetch: fn(), ...over }
}

interface SharedProps {
  figures: FiguresQuery<Figures>
  charts: readonly GridChart[]
}

/** The cards over the grid, as Analytics and Reports lay them out. */
function AnalyticsShared({ figures, charts }: SharedProps) {
  return (
    <Stack gap="large">
      <SummaryCards query={figures} cards={cards} />
      <ChartGrid
        headingLevel={2}
        state={chartState(figures, 'Could not load the figures.')}
        charts={charts}
      />
    </Stack>
  )
}

const meta = {
  component: AnalyticsShared,
  title: 'Screens/AnalyticsShared',
  decorators: [
    (Story) => (
      <Box padding={{ mobile: 'medium', tablet: 'large' }}>
        <Story />
      </Box>
    ),
  ],
  argTypes: { figures: { control: false }, charts: { control: false } },
  args: { figures: query({ data: { spent: 5.75, orders: 3 } }), charts: [spend, orders] },
} satisfies Meta<typeof AnalyticsShared>
export default meta
type Story = StoryObj<typeof meta>

/** The figures of the cards, by their label. */
function cardValue(canvas: ReturnType<typeof within>, label: string) {
  return canvas.getByText(label).parentElement
}

export const Loaded: Story = {
  name: 'The figures and the charts',
  play: async ({ canvas }) => {
    await expect(cardValue(canvas, 'Spent')).toHaveTextContent('$5.75')
    await expect(cardValue(canvas, 'Orders')).toHaveTextContent('3')
    await expect(canvas.getByRole('figure', { name: 'Spend per day' })).toHaveAccessibleDescription(
      /\$5\.75 in all/,
    )
    // A chart with nothing in it says so.
    await expect(canvas.getByText('No orders in this range.')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'While the figures load',
  args: { figures: query({ isPending: true }) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(2)
    await expect(canvas.queryByText('$5.75')).toBeNull()
  },
}

export const Failed: Story = {
  name: 'The figures failed: a dash in the cards, the reason and Try again in the charts',
  args: { figures: query({ isError: true, error: new Error('offline') }) },
  play: async ({ canvas, args }) => {
    await expect(cardValue(canvas, 'Spent')).toHaveTextContent('—')
    await expect(canvas.getAllByText('Could not load the figures.')).toHaveLength(2)
    await userEvent.click(canvas.getAllByRole('button', { name: 'Try again' })[0]!)
    await expect(args.figures.refetch).toHaveBeenCalledTimes(1)
  },
}

export const OwnQuery: Story = {
  name: 'A chart that reads a query of its own keeps its own state',
  args: {
    charts: [
      spend,
      { ...orders, state: chartState(query({ isError: true, error: null }), 'Could not load the orders.') },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: 'Spend per day' })).toBeVisible()
    await expect(canvas.getByText('Could not load the orders.')).toBeVisible()
    await expect(canvas.queryByText('Could not load the figures.')).toBeNull()
  },
}
