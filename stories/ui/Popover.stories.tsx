import type { Meta, StoryObj } from '@storybook/react-vite'
import { Popover, Stack, Text } from '@engage/ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'UI/Popover',
  component: Popover,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Show extra, interactive detail anchored to its trigger (an order’s summary).',
        'Keep it small; it closes on Escape and on a click outside.',
      ],
      dont: [
        'Don’t put a task that needs full attention in a popover: use a Dialog.',
        'Don’t use it for a plain hint on hover or focus: use a Tooltip.',
      ],
    },
    layout: 'padded',
  },
  args: {
    trigger: 'Order #1042',
    title: 'Order 1042 details',
    delay: 100,
    closeDelay: 100,
    children: (
      <Stack gap="xsmall">
        <Text weight="bold">Followers</Text>
        <Text size="small">https://x.com/engage</Text>
        <Text size="small">Quantity 1,000 · Processing</Text>
      </Stack>
    ),
  },
} satisfies Meta<typeof Popover>
export default meta
type Story = StoryObj<typeof meta>

export const OnHover: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'Order #1042' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.hover(trigger)
    const card = await page.findByRole('dialog', { name: 'Order 1042 details' })
    await expect(card).toHaveTextContent('Quantity 1,000 · Processing')
    await expect(trigger).toHaveAttribute('aria-controls', card.id)
    await userEvent.unhover(trigger)
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
  },
}

export const OnKeyboardFocus: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.tab()
    const trigger = canvas.getByRole('button', { name: 'Order #1042' })
    await expect(trigger).toHaveFocus()
    await expect(await page.findByRole('dialog', { name: 'Order 1042 details' })).toBeInTheDocument()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    await expect(trigger).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(await page.findByRole('dialog', { name: 'Order 1042 details' })).toBeInTheDocument()
  },
}

export const OnTap: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'Order #1042' })
    // A touch tap: pointer events of type touch, no hover.
    const tap = async () => {
      await userEvent.pointer([
        { keys: '[TouchA]', target: trigger },
        { keys: '[/TouchA]', target: trigger },
      ])
    }
    await tap()
    await expect(await page.findByRole('dialog', { name: 'Order 1042 details' })).toBeInTheDocument()
    await tap()
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    await tap()
    await page.findByRole('dialog', { name: 'Order 1042 details' })
    await userEvent.pointer([
      { keys: '[TouchA]', target: canvasElement.ownerDocument.body },
      { keys: '[/TouchA]', target: canvasElement.ownerDocument.body },
    ])
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
  },
}

export const KeyboardIntoTheCard: Story = {
  args: {
    children: (
      <Stack gap="xsmall">
        <Text weight="bold">AI Comments</Text>
        <a href="https://x.com/engage/status/1">https://x.com/engage/status/1</a>
        <a href="https://x.com/engage/status/2">Second link</a>
      </Stack>
    ),
  },
  render: (args) => (
    <Stack gap="small">
      <Popover {...args} />
      <button type="button">After the card</button>
    </Stack>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'Order #1042' })
    await step('Tab onto the trigger opens the card; Tab again moves into it', async () => {
      await userEvent.tab()
      await expect(trigger).toHaveFocus()
      const opened = await page.findByRole('dialog', { name: 'Order 1042 details' })
      await userEvent.tab()
      await expect(within(opened).getByRole('link', { name: 'https://x.com/engage/status/1' })).toHaveFocus()
      await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    })
    await step('Shift+Tab from the first stop goes back to the trigger, the card stays open', async () => {
      await userEvent.tab({ shift: true })
      await expect(trigger).toHaveFocus()
      await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    })
    await step('Escape inside the card closes it and returns focus to the trigger', async () => {
      await userEvent.tab()
      await userEvent.tab()
      const card = page.getByRole('dialog', { name: 'Order 1042 details' })
      await expect(within(card).getByRole('link', { name: 'Second link' })).toHaveFocus()
      await userEvent.keyboard('{Escape}')
      await expect(trigger).toHaveFocus()
      await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    })
    await step('Tab past the last stop goes on to the page and closes the card', async () => {
      await userEvent.keyboard('{Enter}')
      await page.findByRole('dialog', { name: 'Order 1042 details' })
      await userEvent.tab()
      await userEvent.tab()
      await userEvent.tab()
      await expect(canvas.getByRole('button', { name: 'After the card' })).toHaveFocus()
      await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    })
  },
}
