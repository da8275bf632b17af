import type { Meta, StoryObj } from '@storybook/react-vite'
import { Select } from '@engage/ui'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

// The ListBox of the design system is the option list that Select (and, for its items, Menu) draws with the
// shared ListBox styles: options that highlight on focus, a check mark and bold text on the chosen one, dimmed
// disabled ones, at least the trigger's width, and a scrolling list when it is taller than the room below.
// There is no ListBox component to render alone, so these stories open it through Select.

const actionTypes = [
  { id: 'followers', label: 'Followers' },
  { id: 'likes', label: 'Likes' },
  { id: 'views', label: 'Views' },
  { id: 'ai_comments', label: 'AI Comments', isDisabled: true },
  { id: 'ai_tweets', label: 'AI Tweets' },
]

const manyServices = Array.from({ length: 40 }, (_, index) => ({
  id: `service-${index + 1}`,
  label: `Service ${String(index + 1).padStart(2, '0')}`,
}))

const meta = {
  title: 'UI/ListBox',
  component: Select,
  parameters: { layout: 'padded' },
  args: { label: 'Action type', items: actionTypes, placeholder: 'Select an action type', onChange: fn() },
} satisfies Meta<typeof Select>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

async function openList(canvasElement: HTMLElement, name: RegExp = /Action type/) {
  await userEvent.click(within(canvasElement).getByRole('button', { name }))
  const listbox = await page().findByRole('listbox')
  await waitFor(() => expect(listbox).toBeVisible())
  return listbox
}

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Action type/ })
    await step('the list opens from its trigger', async () => {
      await openList(canvasElement)
    })
    await step('one option per item, in order, named by its label, none chosen yet', async () => {
      const listbox = page().getByRole('listbox')
      const options = within(listbox).getAllByRole('option')
      await expect(options.map((option) => option.textContent)).toEqual([
        'Followers',
        'Likes',
        'Views',
        'AI Comments',
        'AI Tweets',
      ])
      await expect(within(listbox).queryByRole('option', { selected: true })).toBeNull()
    })
    await step('the list is at least as wide as its trigger', async () => {
      const triggerWidth = trigger.getBoundingClientRect().width
      await expect(page().getByRole('listbox').getBoundingClientRect().width).toBeGreaterThanOrEqual(
        Math.floor(triggerWidth),
      )
    })
    await step('the keyboard moves a visible focus through the options', async () => {
      await userEvent.keyboard('{ArrowDown}')
      await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'option'))
      const focused = document.activeElement as HTMLElement
      await expect(focused).toHaveAttribute('data-focus-visible', 'true')
      await expect(getComputedStyle(focused).outlineStyle).toBe('solid')
    })
    await step('Escape closes the list and gives focus back to the trigger', async () => {
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(page().queryByRole('listbox')).toBeNull())
      // Focus goes back once the list has finished its closing transition.
      await waitFor(() => expect(trigger).toHaveFocus(), { timeout: 3000 })
    })
  },
}

export const SelectedOption: Story = {
  args: { defaultValue: 'likes' },
  play: async ({ canvasElement }) => {
    const listbox = await openList(canvasElement)
    const selected = within(listbox).getByRole('option', { name: 'Likes' })
    await expect(selected).toHaveAttribute('aria-selected', 'true')
    // A check mark (hidden from assistive technology: the selection is announced) and bold text.
    await expect(selected.querySelector('svg')).not.toBeNull()
    await expect(Number(getComputedStyle(selected).fontWeight)).toBeGreaterThanOrEqual(600)
    const other = within(listbox).getByRole('option', { name: 'Views' })
    await expect(other).toHaveAttribute('aria-selected', 'false')
    await expect(other.querySelector('svg')).toBeNull()
    // Opening a list with a chosen option puts focus on it.
    await waitFor(() => expect(selected).toHaveFocus())
  },
}

export const DisabledOption: Story = {
  play: async ({ canvasElement, args }) => {
    const listbox = await openList(canvasElement)
    const disabled = within(listbox).getByRole('option', { name: 'AI Comments' })
    await expect(disabled).toHaveAttribute('aria-disabled', 'true')
    await expect(Number(getComputedStyle(disabled).opacity)).toBeLessThan(1)
    // A click does nothing; the keyboard passes over it.
    await userEvent.click(disabled)
    await expect(args.onChange).not.toHaveBeenCalled()
    await userEvent.click(within(listbox).getByRole('option', { name: 'Views' }))
    await waitFor(() => expect(page().queryByRole('listbox')).toBeNull())
    await expect(args.onChange).toHaveBeenLastCalledWith('views')
    // Reopened, the list starts on the chosen option; the next key press passes over the disabled one.
    const reopened = await openList(canvasElement)
    await waitFor(() => expect(within(reopened).getByRole('option', { name: 'Views' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(reopened).getByRole('option', { name: 'AI Tweets' })).toHaveFocus()
  },
}

export const TypeAhead: Story = {
  play: async ({ canvasElement, args }) => {
    const listbox = await openList(canvasElement)
    await userEvent.keyboard('v')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Views' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(args.onChange).toHaveBeenLastCalledWith('views')
  },
}

export const LongList: Story = {
  name: 'A long list scrolls',
  args: { label: 'Service', items: manyServices, placeholder: 'Select a service' },
  play: async ({ canvasElement, args }) => {
    const listbox = await openList(canvasElement, /Service/)
    await expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(0)
    // Taller than the room the popover has: the list scrolls inside it, the page does not grow.
    await expect(listbox.scrollHeight).toBeGreaterThan(listbox.clientHeight)
    await userEvent.keyboard('{End}')
    const last = await within(listbox).findByRole('option', { name: 'Service 40' })
    await waitFor(() => expect(last).toHaveFocus())
    await waitFor(() => expect(listbox.scrollTop).toBeGreaterThan(0))
    await userEvent.keyboard('{Enter}')
    await expect(args.onChange).toHaveBeenLastCalledWith('service-40')
  },
}
