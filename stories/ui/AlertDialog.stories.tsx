import type { Meta, StoryObj } from '@storybook/react-vite'
import { AlertDialog, alertDialogTones, Button, DialogTrigger } from '@engage/ui'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'UI/AlertDialog',
  component: AlertDialog,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Ask before an action that cannot be undone (cancel an order, delete a key), naming the action in the title.',
        'Label the confirming button with the action itself (“Cancel order”), and use the critical tone when it destroys something.',
      ],
      dont: [
        'Don’t use it for information or success messages: use a Toast or a Banner.',
        'Don’t ask for confirmation of actions that can be undone; let the user undo instead.',
      ],
    },
    layout: 'padded',
    // Its stories open a modal, which on the docs page would cover the page: each keeps to a frame of its own.
    docs: { story: { inline: false, height: '420px' } },
  },
  argTypes: { tone: { control: 'inline-radio', options: alertDialogTones } },
  args: {
    title: 'Cancel this order?',
    message: 'The undelivered part is refunded to your wallet.',
    confirmLabel: 'Cancel order',
    cancelLabel: 'Keep order',
    tone: 'critical',
    onConfirm: fn(),
  },
  render: (args) => (
    <DialogTrigger>
      <Button tone="secondary">Cancel</Button>
      <AlertDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof AlertDialog>
export default meta
type Story = StoryObj<typeof meta>

export const Destructive: Story = {
  play: async ({ canvas, canvasElement, args, step }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'Cancel' })

    await step('opens as an alertdialog with focus on the safe choice', async () => {
      await userEvent.click(trigger)
      const dialog = await page.findByRole('alertdialog', { name: 'Cancel this order?' })
      await expect(dialog).toHaveTextContent('The undelivered part is refunded to your wallet.')
      await waitFor(() => expect(page.getByRole('button', { name: 'Keep order' })).toHaveFocus())
    })

    await step('Escape cancels without confirming', async () => {
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument())
      await expect(args.onConfirm).not.toHaveBeenCalled()
      await waitFor(() => expect(trigger).toHaveFocus())
    })

    await step('the confirm button confirms and closes', async () => {
      await userEvent.keyboard('{Enter}')
      await userEvent.click(await page.findByRole('button', { name: 'Cancel order' }))
      await expect(args.onConfirm).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument())
    })
  },
}

export const Primary: Story = {
  args: {
    tone: 'primary',
    title: 'Retry all paused orders?',
    message: 'Each paused order is sent to the provider again.',
    confirmLabel: 'Retry all',
    cancelLabel: 'Not now',
  },
  play: async ({ canvas, canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    const confirm = await page.findByRole('button', { name: 'Retry all' })
    await waitFor(() => expect(confirm).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

export const Controlled: Story = {
  args: { isOpen: true, onOpenChange: fn() },
  render: (args) => <AlertDialog {...args} />,
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body)
    await page.findByRole('alertdialog', { name: 'Cancel this order?' })
    await userEvent.click(page.getByRole('button', { name: 'Keep order' }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}
