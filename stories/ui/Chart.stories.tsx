import type { Meta, StoryObj } from '@storybook/react-vite'
import { Chart } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const usd = (value: number) => `$${value.toFixed(2)}`

/** A year of days from 11/27/2025, with a value that rises and falls like a week of orders. */
const yearDays = Array.from({ length: 365 }, (_, index) => {
  const day = new Date(Date.UTC(2025, 10, 27 + index))
  return `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`
})
const yearValues = yearDays.map(
  (_, index) => Math.round((20 + 15 * Math.sin(index / 7) + index / 20) * 100) / 100,
)

const meta = {
  title: 'UI/Chart',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Give every chart a title, a one-sentence summary of what it shows and a category label for its data table.',
        'Use a line for values over time and bars for values per category.',
        'Pass the loading, error and empty states instead of drawing an empty chart.',
      ],
      dont: [
        'Don’t tell series apart by colour alone: the chart adds a dash pattern and a legend, keep the names short.',
        'Don’t put a chart where a single figure (StatCard) says it.',
      ],
    },
    layout: 'padded',
  },
  args: {
    kind: 'line',
    title: 'Spend per day',
    categoryLabel: 'Day',
    summary: 'You spent $31.50 over 3 days, most on 11/25/2026 ($15.00).',
    categories: ['11/24/2026', '11/25/2026', '11/26/2026'],
    series: [{ id: 'spend', name: 'Spend', values: [6.5, 15, 10] }],
    formatValue: usd,
  },
  // The data are shown by the chart and its table; Storybook's object editor for them is not accessible.
  argTypes: {
    categories: { control: false },
    series: { control: false },
    formatValue: { control: false },
  },
} satisfies Meta<typeof Chart>
export default meta
type Story = StoryObj<typeof meta>

export const Line: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('figure', { name: 'Spend per day' })
    await expect(chart).toHaveAccessibleDescription(/You spent \$31.50 over 3 days/)
    // Tab reaches the chart; the arrow keys read its points out.
    await userEvent.tab()
    await expect(chart).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByText('11/24/2026: $6.50')).toBeVisible()
    await userEvent.keyboard('{End}')
    await expect(canvas.getByText('11/26/2026: $10.00')).toBeVisible()
    await userEvent.keyboard('{ArrowLeft}')
    await expect(canvas.getByText('11/25/2026: $15.00')).toBeVisible()
    // The same figures as a table.
    await userEvent.click(canvas.getByText('Data table'))
    const table = await canvas.findByRole('grid', { name: 'Spend per day: data' })
    await expect(table).toHaveTextContent('11/25/2026')
    await expect(table).toHaveTextContent('$15.00')
  },
}

export const Bars: Story = {
  args: {
    kind: 'bar',
    title: 'Orders by service',
    categoryLabel: 'Service',
    summary: '42 orders in the period; Instagram Likes had the most (25).',
    categories: ['Instagram Likes', 'Instagram Followers', 'YouTube Views'],
    series: [{ id: 'orders', name: 'Orders', values: [25, 12, 5] }],
    formatValue: (value) => `${value}`,
  },
  play: async ({ canvas }) => {
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(canvas.getByText('Instagram Followers: 12')).toBeVisible()
  },
}

export const SeveralSeries: Story = {
  args: {
    kind: 'bar',
    title: 'Delivery of active orders',
    categoryLabel: 'Order',
    summary: '2 active orders, 1,250 of 3,000 delivered.',
    categories: ['#1042 Instagram Likes', '#1043 YouTube Views'],
    series: [
      { id: 'ordered', name: 'Ordered', values: [1000, 2000] },
      { id: 'delivered', name: 'Delivered', values: [750, 500] },
    ],
    formatValue: (value) => value.toLocaleString('en-US'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Legend' })).toHaveTextContent('OrderedDelivered')
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}')
    await expect(canvas.getByText('#1042 Instagram Likes: Ordered 1,000, Delivered 750')).toBeVisible()
  },
}

export const Loading: Story = {
  args: { isLoading: true, title: 'Spend per week' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading spend per week' })).toBeInTheDocument()
    await expect(canvas.queryByRole('figure')).toBeNull()
  },
}

export const Empty: Story = {
  args: { title: 'Spend this week', categories: [], series: [{ id: 'spend', name: 'Spend', values: [] }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing to show for this period.')).toBeVisible()
    await expect(canvas.queryByRole('figure')).toBeNull()
  },
}

export const Error: Story = {
  args: { title: 'Spend per month', errorMessage: 'Could not load your spend.', onRetry: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load your spend.')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

export const OnePoint: Story = {
  args: {
    title: 'Spend today',
    summary: 'You spent $12.00 on 11/26/2026.',
    categories: ['11/26/2026'],
    series: [{ id: 'spend', name: 'Spend', values: [12] }],
  },
  play: async ({ canvas }) => {
    await userEvent.tab()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByText('11/26/2026: $12.00')).toBeVisible()
  },
}

export const AYearOfData: Story = {
  args: {
    title: 'Spend over a year',
    summary: 'A year of spend, from 11/27/2025 to 11/26/2026.',
    categories: yearDays,
    series: [{ id: 'spend', name: 'Spend', values: yearValues }],
  },
  play: async ({ canvas }) => {
    await userEvent.tab()
    await userEvent.keyboard('{End}')
    await expect(canvas.getByText(`11/26/2026: ${usd(yearValues[364] ?? 0)}`)).toBeVisible()
  },
}
