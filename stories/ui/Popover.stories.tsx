import type { Meta, StoryObj } from '@storybook/react-vite'
import { Popover, Stack, Text } from '@engage/ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'UI/Popover',
  component: Popover,
  parameters: { layout: 'padded' },
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
