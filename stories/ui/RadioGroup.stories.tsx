import type { Meta, StoryObj } from '@storybook/react-vite'
import { Radio, RadioGroup } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for one choice among two to six visible options.',
        'Give the group a label and pick a sensible default.',
      ],
      dont: [
        'Don’t use it for many options: use a Select.',
        'Don’t use it for independent choices: use Checkboxes.',
      ],
    },
    layout: 'padded',
  },
  // Storybook's object control renders list items outside a list (an axe error on the docs page).
  argTypes: {
    children: { control: false },
  },
  args: {
    label: 'Renewal period',
    onChange: fn(),
    children: [
      <Radio key="daily" value="daily">
        Daily
      </Radio>,
      <Radio key="weekly" value="weekly">
        Weekly
      </Radio>,
      <Radio key="monthly" value="monthly">
        Monthly
      </Radio>,
    ],
  },
} satisfies Meta<typeof RadioGroup>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Renewal period' })).toBeVisible()
    await userEvent.tab()
    await expect(canvas.getByRole('radio', { name: 'Daily' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(canvas.getByRole('radio', { name: 'Weekly' })).toBeChecked()
    await expect(args.onChange).toHaveBeenLastCalledWith('weekly')
    await userEvent.click(canvas.getByText('Monthly'))
    await expect(canvas.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  },
}

export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'monthly' } }

export const WithDescription: Story = { args: { description: 'How often the order repeats.' } }

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Choose a renewal period' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Choose a renewal period')).toBeVisible()
  },
}

export const Disabled: Story = { args: { isDisabled: true } }
