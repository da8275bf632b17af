import type { Meta, StoryObj } from '@storybook/react-vite'
import { Icon, iconNames, iconSizes, Stack, Text } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Icon',
  component: Icon,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Pair an icon with a visible label, or give the control an `aria-label` when the icon stands alone.',
        'Use icons from the set so sizes and strokes match.',
      ],
      dont: [
        'Don’t rely on an icon alone to carry a meaning (status, error): add text.',
        'Don’t paste inline SVGs into screens.',
      ],
    },
    layout: 'padded',
  },
  argTypes: {
    name: { control: 'select', options: iconNames },
    size: { control: 'inline-radio', options: iconSizes },
  },
  args: { name: 'wallet', label: 'Wallet' },
} satisfies Meta<typeof Icon>
export default meta
type Story = StoryObj<typeof meta>

export const Labelled: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Wallet' })).toBeVisible()
  },
}

export const Decorative: Story = {
  args: { label: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument()
  },
}

export const Set: Story = {
  render: () => (
    <Stack direction="row" gap="large" wrap>
      {iconNames.map((name) => (
        <Stack key={name} align="center" gap="xsmall">
          <Icon name={name} size="large" />
          <Text size="xsmall">{name}</Text>
        </Stack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg')).toHaveLength(iconNames.length)
  },
}
