import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  Button,
  createToastQueue,
  Stack,
  ToastProvider,
  toastTones,
  useToast,
  type ToastTone,
} from '@engage/ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'

interface ToastDemoProps {
  /** Tone of the toast the button shows. */
  tone: ToastTone
  /** What the toast says. */
  message: string
  /** Auto-dismiss delay in milliseconds. */
  timeout: number
}

function ShowToastButton({ tone, message, timeout }: ToastDemoProps) {
  const toast = useToast()
  return <Button onPress={() => toast[tone](message, { timeout })}>Show toast</Button>
}

// Each story gets its own queue, so toasts never leak from one story into the next.
function ToastDemo(props: ToastDemoProps) {
  return (
    <ToastProvider queue={createToastQueue()}>
      <Stack direction="row">
        <ShowToastButton {...props} />
      </Stack>
    </ToastProvider>
  )
}

const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Confirm the result of an action the user just took (“Order placed”), briefly.',
        'Use the critical tone for a failed action, with its message.',
      ],
      dont: [
        'Don’t put information the user must act on in a toast: it disappears. Use a Banner.',
        'Don’t show a toast for every background update.',
      ],
    },
    layout: 'padded',
  },
  argTypes: { tone: { control: 'inline-radio', options: toastTones } },
  args: { tone: 'success', message: 'Order placed', timeout: 5000 },
} satisfies Meta<typeof ToastDemo>
export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }))
    const region = await page.findByRole('region', { name: 'Notifications' })
    const toast = await within(region).findByRole('alertdialog')
    await expect(toast).toHaveTextContent('Order placed')
    const box = region.getBoundingClientRect()
    await expect(window.innerWidth - box.right).toBeLessThan(40)
    await expect(window.innerHeight - box.bottom).toBeLessThan(40)
  },
}

export const Error: Story = {
  args: { tone: 'error', message: 'Failed to place order' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }))
    const toast = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await expect(toast).toHaveTextContent('Failed to place order')
  },
}

export const AutoDismiss: Story = {
  args: { timeout: 600, message: 'Saved' },
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }))
    await expect(await page.findByRole('alertdialog')).toHaveTextContent('Saved')
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 3000 })
  },
}

export const CloseButton: Story = {
  args: { timeout: 0, message: 'Stays until closed' },
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }))
    const toast = await page.findByRole('alertdialog')
    await userEvent.click(within(toast).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument())
  },
}
