import type { Meta, StoryObj } from '@storybook/react-vite'
import { Select } from '@engage/ui'
import { expect, fn, userEvent, within } from 'storybook/test'

// Select is the platform's <select>: the browser opens it, moves through it with the arrow keys and typing, and
// shows the phone's own picker. These stories check what the design system adds: the label, the placeholder, the
// options in order, disabled options, the description and the error message, and the ids it reports.

const actionTypes = [
  { id: 'followers', label: 'Followers' },
  { id: 'likes', label: 'Likes' },
  { id: 'views', label: 'Views' },
  { id: 'ai_comments', label: 'AI Comments', isDisabled: true },
  { id: 'ai_tweets', label: 'AI Tweets' },
]

const meta = {
  title: 'UI/Select',
  component: Select,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for one choice among many options, or where space is short.',
        'Label it and keep option texts short and distinct.',
      ],
      dont: [
        'Don’t use it for two or three options: a RadioGroup shows them all at once.',
        'Don’t use it for actions: use a Menu.',
      ],
    },
    layout: 'padded',
  },
  // Storybook's object control renders list items outside a list (an axe error on the docs page).
  argTypes: {
    items: { control: false },
  },
  args: { label: 'Action type', items: actionTypes, placeholder: 'Select an action type', onChange: fn() },
} satisfies Meta<typeof Select>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const select = canvas.getByRole('combobox', { name: 'Action type' })

    await step('shows the placeholder, which cannot be chosen', async () => {
      await expect(select).toHaveDisplayValue('Select an action type')
      const placeholder = within(select).getByRole('option', { name: 'Select an action type' })
      await expect(placeholder).toBeDisabled()
      await expect(within(select).getByRole('option', { selected: true })).toBe(placeholder)
    })

    await step('one option per item, in order, named by its label', async () => {
      const options = within(select).getAllByRole('option').slice(1)
      await expect(options.map((option) => option.textContent)).toEqual([
        'Followers',
        'Likes',
        'Views',
        'AI Comments',
        'AI Tweets',
      ])
      await expect(within(select).getByRole('option', { name: 'AI Comments' })).toBeDisabled()
    })

    await step('is reached with Tab and shows its focus', async () => {
      await userEvent.tab()
      await expect(select).toHaveFocus()
      await expect(getComputedStyle(select).boxShadow).not.toBe('none')
    })

    await step('reports the chosen option by its id', async () => {
      await userEvent.selectOptions(select, 'Likes')
      await expect(select).toHaveDisplayValue('Likes')
      await expect(args.onChange).toHaveBeenLastCalledWith('likes')
      await userEvent.selectOptions(select, 'AI Tweets')
      await expect(args.onChange).toHaveBeenLastCalledWith('ai_tweets')
    })
  },
}

export const Selected: Story = {
  args: { defaultValue: 'views' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Action type' })
    await expect(select).toHaveDisplayValue('Views')
    await expect(within(select).getByRole('option', { name: 'Views' })).toHaveProperty('selected', true)
  },
}

export const Controlled: Story = {
  args: { value: 'followers' },
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Action type' })
    await expect(select).toHaveDisplayValue('Followers')
    // The owner decides: without a new value from onChange's owner, the select keeps showing the old one.
    await userEvent.selectOptions(select, 'Views')
    await expect(args.onChange).toHaveBeenLastCalledWith('views')
    await expect(select).toHaveDisplayValue('Followers')
  },
}

export const NumberIds: Story = {
  name: 'Ids that are numbers',
  args: {
    label: 'Provider',
    items: [
      { id: 1, label: 'First provider' },
      { id: 2, label: 'Second provider' },
    ],
    placeholder: 'Select a provider',
  },
  play: async ({ canvas, args }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Provider' }), 'Second provider')
    await expect(args.onChange).toHaveBeenLastCalledWith(2)
  },
}

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Please select an action type' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Action type' })
    await expect(canvas.getByText('Please select an action type')).toBeVisible()
    await expect(select).toBeInvalid()
    await expect(select).toHaveAccessibleDescription('Please select an action type')
  },
}

export const WithDescription: Story = {
  args: { description: 'What you want more of.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Action type' })).toHaveAccessibleDescription(
      'What you want more of.',
    )
  },
}

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Action type' })).toBeDisabled()
  },
}
