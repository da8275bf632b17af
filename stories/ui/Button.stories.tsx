import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button, buttonSizes, buttonTones, Icon, Stack } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/Button',
  component: Button,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use one primary button per view for the main action; secondary or ghost for the others.',
        'Label it with a verb that says what happens (“Place Order”), and give an icon-only button an `aria-label`.',
        'Show `isPending` while its request runs instead of disabling it.',
      ],
      dont: [
        'Don’t use a button to navigate: use a Link.',
        'Don’t use the critical tone for anything but destructive actions.',
      ],
    },
    layout: 'padded',
  },
  args: { children: 'Place Order', onPress: fn() },
  argTypes: {
    tone: { control: 'inline-radio', options: buttonTones },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {
  args: { tone: 'primary' },
  play: async ({ canvas, args }) => {
    await userEvent.tab()
    const button = canvas.getByRole('button', { name: 'Place Order' })
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onPress).toHaveBeenCalledTimes(1)
    await userEvent.keyboard(' ')
    await expect(args.onPress).toHaveBeenCalledTimes(2)
  },
}

export const Secondary: Story = {
  args: { tone: 'secondary', children: 'Cancel' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(args.onPress).toHaveBeenCalledTimes(1)
  },
}

export const Ghost: Story = { args: { tone: 'ghost', children: 'Refresh' } }

export const Critical: Story = { args: { tone: 'critical', children: 'Delete' } }

export const Tones: Story = {
  render: (args) => (
    <Stack direction="row" gap="medium" wrap align="center">
      {buttonTones.map((tone) => (
        <Button key={tone} {...args} tone={tone}>
          {tone}
        </Button>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    for (const tone of buttonTones) await expect(canvas.getByRole('button', { name: tone })).toBeVisible()
  },
}

export const Sizes: Story = {
  render: (args) => (
    <Stack direction="row" gap="medium" wrap align="center">
      {buttonSizes.map((size) => (
        <Button key={size} {...args} size={size}>
          {size}
        </Button>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('button', { name: 'small' }).getBoundingClientRect().height
    const large = canvas.getByRole('button', { name: 'large' }).getBoundingClientRect().height
    await expect(large).toBeGreaterThan(small)
  },
}

export const Pending: Story = {
  args: { isPending: true, pendingLabel: 'Placing order' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /Place Order/ })
    await expect(canvas.getByRole('progressbar', { name: 'Placing order' })).toBeInTheDocument()
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(button)
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Place Order' })
    await expect(button).toBeDisabled()
    await userEvent.click(button)
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

export const IconOnly: Story = {
  args: { tone: 'ghost', isIconOnly: true, 'aria-label': 'Add funds', children: <Icon name="plus" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add funds' })).toBeVisible()
  },
}

export const FullWidth: Story = { args: { isFullWidth: true } }
