import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button, Dialog, DialogTrigger, Stack, Text, TextField } from '@engage/ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for a short task that needs the user’s attention and keeps the page underneath (order details, a small form).',
        'Give it a title; focus moves into it and returns to the trigger on close.',
      ],
      dont: [
        'Don’t put long flows or navigation in a dialog: give them a page.',
        'Don’t open a dialog from another dialog.',
      ],
    },
    layout: 'padded',
    // Its stories open a modal, which on the docs page would cover the page: each keeps to a frame of its own.
    docs: { story: { inline: false, height: '480px' } },
  },
  args: { title: 'Order details', children: null },
  render: (args) => (
    <DialogTrigger>
      <Button>Open details</Button>
      <Dialog {...args}>
        {(close) => (
          <Stack gap="medium">
            <Text>Followers for https://x.com/engage, quantity 1,000.</Text>
            <TextField label="Note" />
            <Stack direction="row" justify="flex-end">
              <Button tone="secondary" onPress={close}>
                Done
              </Button>
            </Stack>
          </Stack>
        )}
      </Dialog>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Dialog>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, canvasElement, step }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'Open details' })

    await step('opens with the keyboard and moves focus inside', async () => {
      await userEvent.tab()
      await userEvent.keyboard('{Enter}')
      const dialog = await page.findByRole('dialog', { name: 'Order details' })
      await waitFor(() => expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
    })

    await step('traps focus: Tab cycles through the dialog only', async () => {
      const dialog = page.getByRole('dialog', { name: 'Order details' })
      for (let press = 0; press < 6; press += 1) {
        await userEvent.tab()
        await expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true)
      }
    })

    await step('Escape closes it and focus returns to the trigger', async () => {
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
      await waitFor(() => expect(trigger).toHaveFocus())
    })

    await step('the close button closes it', async () => {
      await userEvent.click(trigger)
      await userEvent.click(await page.findByRole('button', { name: 'Close' }))
      await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    })
  },
}

export const Small: Story = {
  args: { size: 'small', title: 'Small dialog' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open details' }))
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Small dialog',
    })
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(400)
  },
}

export const NotDismissable: Story = {
  args: { isDismissable: false, title: 'Processing' },
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Open details' }))
    await page.findByRole('dialog', { name: 'Processing' })
    await expect(page.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await expect(page.getByRole('dialog', { name: 'Processing' })).toBeInTheDocument()
    await userEvent.click(page.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
  },
}

export const Controlled: Story = {
  args: { isOpen: true, title: 'Opened by the parent', children: <Text>Shown without a trigger.</Text> },
  render: (args) => <Dialog {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Opened by the parent',
    })
    await waitFor(() => expect(dialog).toBeVisible())
  },
}
