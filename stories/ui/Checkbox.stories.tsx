import type { Meta, StoryObj } from '@storybook/react-vite'
import { Checkbox } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for an independent yes/no choice that takes effect when the form is submitted.',
        'Write the label as a statement the user agrees to.',
      ],
      dont: [
        'Don’t use it for a setting that applies at once: use a Switch.',
        'Don’t use several checkboxes for mutually exclusive options: use a RadioGroup.',
      ],
    },
    layout: 'padded',
  },
  args: { children: 'Remember me', onChange: fn() },
} satisfies Meta<typeof Checkbox>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Remember me' })
    await userEvent.tab()
    await expect(checkbox).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(checkbox).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(canvas.getByText('Remember me'))
    await expect(checkbox).not.toBeChecked()
  },
}

export const Checked: Story = { args: { defaultSelected: true } }

export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: 'Select all orders' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Select all orders' })).toBePartiallyChecked()
  },
}

export const WithDescription: Story = { args: { description: 'Stay signed in on this device.' } }

export const Invalid: Story = {
  args: { isInvalid: true, children: 'I accept the Terms of Service' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'I accept the Terms of Service' })).toBeInvalid()
  },
}

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Remember me' })).toBeDisabled()
  },
}
