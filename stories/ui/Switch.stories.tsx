import type { Meta, StoryObj } from '@storybook/react-vite'
import { Switch } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/Switch',
  component: Switch,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for a setting that takes effect at once (notifications on or off).',
        'Label it with the setting, not with “on” or “off”.',
      ],
      dont: [
        'Don’t use it in a form that is submitted: use a Checkbox.',
        'Don’t use it for choices with more than two states.',
      ],
    },
    layout: 'padded',
  },
  args: { children: 'Email notifications', onChange: fn() },
} satisfies Meta<typeof Switch>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const control = canvas.getByRole('switch', { name: 'Email notifications' })
    await userEvent.tab()
    await expect(control).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(control).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(canvas.getByText('Email notifications'))
    await expect(control).not.toBeChecked()
  },
}

export const On: Story = { args: { defaultSelected: true } }

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Email notifications' })).toBeDisabled()
  },
}
