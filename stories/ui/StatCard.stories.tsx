import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack, StatCard } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/StatCard',
  component: StatCard,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Show one key figure with its label (balance, orders this month) in a row of stat cards.',
        'Format the value as the rest of the panel does (currency, grouping).',
      ],
      dont: [
        'Don’t put long text or actions in a stat card.',
        'Don’t show figures without their unit or period.',
      ],
    },
    layout: 'padded',
  },
  args: { label: 'Balance', value: '$125.40' },
} satisfies Meta<typeof StatCard>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('term')).toHaveTextContent('Balance')
    await expect(canvas.getByRole('definition')).toHaveTextContent('$125.40')
  },
}

export const WithDescription: Story = { args: { description: 'Updated just now' } }

export const Grid: Story = {
  render: () => (
    <Stack direction={{ mobile: 'column', tablet: 'row' }} gap="large">
      <StatCard label="Balance" value="$125.40" flexGrow={1} />
      <StatCard label="Active orders" value="12" flexGrow={1} />
      <StatCard label="Completed" value="340" flexGrow={1} />
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('term')).toHaveLength(3)
  },
}
