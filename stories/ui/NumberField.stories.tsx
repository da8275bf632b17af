import type { Meta, StoryObj } from '@storybook/react-vite'
import { NumberField } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/NumberField',
  component: NumberField,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for amounts and quantities, with min, max and step from the data’s limits.',
        'Let it format the value (currency, grouping) through its format options.',
      ],
      dont: [
        'Don’t use it for identifiers that happen to be digits (phone numbers, codes): use a TextField.',
        'Don’t drop the label for a placeholder.',
      ],
    },
    layout: 'padded',
  },
  args: { label: 'Quantity', placeholder: 'Minimum: 1', minValue: 1, maxValue: 10000, onChange: fn() },
} satisfies Meta<typeof NumberField>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  args: { defaultValue: 100 },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Quantity' })
    await userEvent.tab()
    await expect(input).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    await expect(input).toHaveValue('101')
    await expect(args.onChange).toHaveBeenLastCalledWith(101)
    await userEvent.click(canvas.getByRole('button', { name: /Decrease/ }))
    await expect(input).toHaveValue('100')
  },
}

export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Quantity' })
    await expect(input).toHaveAttribute('placeholder', 'Minimum: 1')
    await userEvent.type(input, '25000')
    await userEvent.tab()
    // Out-of-range input is clamped to maxValue on blur.
    await expect(input).toHaveValue('10,000')
  },
}

export const Currency: Story = {
  args: {
    label: 'Amount',
    defaultValue: 10,
    minValue: 5,
    maxValue: 10000,
    step: 0.01,
    formatOptions: { style: 'currency', currency: 'USD' },
    description: 'Minimum $5.00, maximum $10,000.00',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Amount' })).toHaveValue('$10.00')
  },
}

export const Invalid: Story = {
  args: {
    isInvalid: true,
    errorMessage: 'Quantity must be between 1 - 10,000',
    defaultValue: 0,
    minValue: undefined,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Quantity' })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Quantity must be between 1 - 10,000')
  },
}

export const WithoutStepper: Story = {
  args: { hasStepper: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Increase/ })).not.toBeInTheDocument()
  },
}

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 5 } }
