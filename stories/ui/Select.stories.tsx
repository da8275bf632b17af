import type { Meta, StoryObj } from '@storybook/react-vite'
import { Select } from '@engage/ui'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const actionTypes = [
  { id: 'followers', label: 'Followers' },
  { id: 'likes', label: 'Likes' },
  { id: 'views', label: 'Views' },
  { id: 'ai_comments', label: 'AI Comments', isDisabled: true },
]

const meta = {
  title: 'UI/Select',
  component: Select,
  parameters: { layout: 'padded' },
  args: { label: 'Action type', items: actionTypes, placeholder: 'Select an action type', onChange: fn() },
} satisfies Meta<typeof Select>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, canvasElement, args, step }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: /Action type/ })
    await expect(trigger).toHaveTextContent('Select an action type')

    await step('opens with the keyboard and picks an option', async () => {
      await userEvent.tab()
      await expect(trigger).toHaveFocus()
      await userEvent.keyboard('{ArrowDown}')
      const listbox = await page.findByRole('listbox')
      await expect(within(listbox).getByRole('option', { name: 'AI Comments' })).toHaveAttribute(
        'aria-disabled',
        'true',
      )
      await userEvent.keyboard('{ArrowDown}{Enter}')
      await waitFor(() => expect(page.queryByRole('listbox')).not.toBeInTheDocument())
      await expect(trigger).toHaveTextContent('Likes')
      await expect(args.onChange).toHaveBeenLastCalledWith('likes')
    })

    await step('opens with a click and picks an option', async () => {
      await userEvent.click(trigger)
      await userEvent.click(await page.findByRole('option', { name: 'Views' }))
      await expect(trigger).toHaveTextContent('Views')
    })
  },
}

export const Selected: Story = {
  args: { defaultValue: 'followers' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Action type/ })).toHaveTextContent('Followers')
  },
}

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Please select an action type' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Please select an action type')).toBeVisible()
  },
}

export const WithDescription: Story = { args: { description: 'What you want more of.' } }

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Action type/ })).toBeDisabled()
  },
}
