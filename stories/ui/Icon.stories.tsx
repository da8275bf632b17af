import type { Meta, StoryObj } from '@storybook/react-vite'
import { Icon, iconNames, iconSizes, Stack, Text } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Icon',
  component: Icon,
  parameters: { layout: 'padded' },
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
