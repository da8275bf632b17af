import type { Meta, StoryObj } from '@storybook/react-vite'
import { StatusBadge } from '@engage/screens'
import { Badge, Stack } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/StatusBadge',
  component: StatusBadge,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Show the status of an order, payment or job; it maps each status to its tone and text.',
        'Use it in tables and detail views alike so statuses read the same everywhere.',
      ],
      dont: [
        'Don’t rebuild a status with a Badge and a chosen tone.',
        'Don’t rely on its colour alone; its text carries the status.',
      ],
    },
    layout: 'padded',
  },
  argTypes: { kind: { control: 'inline-radio', options: ['order', 'transaction'] } },
  args: { kind: 'order', status: 'completed' },
} satisfies Meta<typeof StatusBadge>
export default meta
type Story = StoryObj<typeof meta>

// The tone's background colour, read from a plain Badge, so the test compares with the theme's real colours.
function toneColor(canvasElement: HTMLElement, text: string) {
  const element = [...canvasElement.querySelectorAll('span')].find((span) => span.textContent === text)
  if (!element) throw new Error(`No badge reads ${text}`)
  return getComputedStyle(element).backgroundColor
}

const references = (
  <Stack direction="row" gap="small" aria-hidden="true">
    <Badge tone="success">ref-success</Badge>
    <Badge tone="warning">ref-warning</Badge>
    <Badge tone="info">ref-info</Badge>
    <Badge tone="critical">ref-critical</Badge>
    <Badge tone="neutral">ref-neutral</Badge>
  </Stack>
)

export const OrderStatuses: Story = {
  render: () => (
    <Stack gap="medium">
      <Stack direction="row" gap="small" wrap>
        {['completed', 'pending', 'processing', 'paused', 'cancelled', 'partial'].map((status) => (
          <StatusBadge key={status} kind="order" status={status} />
        ))}
        <StatusBadge kind="order" status="teleported" data-status="unknown" />
      </Stack>
      {references}
    </Stack>
  ),
  play: async ({ canvas, canvasElement }) => {
    const tone = (text: string) => toneColor(canvasElement, text)
    await expect(tone('Completed')).toBe(tone('ref-success'))
    await expect(tone('Processing')).toBe(tone('ref-neutral'))
    await expect(tone('Paused')).toBe(tone('ref-neutral'))
    await expect(tone('Cancelled')).toBe(tone('ref-neutral'))
    // An unknown order status is treated as pending (the product's rule): yellow, labelled Pending.
    const unknown = canvasElement.querySelector('[data-status="unknown"]')
    await expect(unknown).toHaveTextContent('Pending')
    await expect(unknown && getComputedStyle(unknown).backgroundColor).toBe(tone('ref-warning'))
    await expect(canvas.getAllByText('Pending')).toHaveLength(2)
  },
}

export const TransactionStatuses: Story = {
  render: () => (
    <Stack gap="medium">
      <Stack direction="row" gap="small" wrap>
        {['completed', 'pending', 'processing', 'failed', 'refunded'].map((status) => (
          <StatusBadge key={status} kind="transaction" status={status} />
        ))}
        <StatusBadge kind="transaction" status={undefined} />
      </Stack>
      {references}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const tone = (text: string) => toneColor(canvasElement, text)
    await expect(tone('Completed')).toBe(tone('ref-success'))
    await expect(tone('Pending')).toBe(tone('ref-warning'))
    await expect(tone('Processing')).toBe(tone('ref-info'))
    await expect(tone('Failed')).toBe(tone('ref-critical'))
    await expect(tone('Refunded')).toBe(tone('ref-neutral'))
    await expect(tone('Unknown')).toBe(tone('ref-neutral'))
  },
}

export const Single: Story = { args: { kind: 'transaction', status: 'processing' } }
