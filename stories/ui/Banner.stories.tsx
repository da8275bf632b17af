import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Banner, bannerTones, Button, Stack } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/Banner',
  component: Banner,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Tell about a state of the whole page or section (a failed load with Retry, a payment that came back).',
        'Keep it to one sentence and at most one action.',
      ],
      dont: [
        'Don’t use it for the result of a single action the user just took: use a Toast.',
        'Don’t stack several banners; merge them or show the most important.',
      ],
    },
    layout: 'padded',
  },
  argTypes: { tone: { control: 'inline-radio', options: bannerTones } },
  args: { tone: 'info', children: 'Deposit of $10 initiated. Please complete the payment process.' },
} satisfies Meta<typeof Banner>
export default meta
type Story = StoryObj<typeof meta>

export const Info: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Deposit of $10 initiated.')
  },
}

export const Success: Story = {
  args: { tone: 'success', title: 'Payment received', children: 'Your balance has been updated.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Payment received')
  },
}

export const Error: Story = {
  args: { tone: 'error', children: 'Failed to load orders' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load orders')
  },
}

export const AllTones: Story = {
  render: (args) => (
    <Stack gap="medium">
      {bannerTones.map((tone) => (
        <Banner key={tone} {...args} tone={tone}>
          A {tone} message.
        </Banner>
      ))}
    </Stack>
  ),
}

export const Dismissible: Story = {
  args: { onDismiss: fn() },
  render: function DismissibleBanner(args) {
    const [isShown, setShown] = useState(true)
    return isShown ? (
      <Banner
        {...args}
        onDismiss={() => {
          args.onDismiss?.()
          setShown(false)
        }}
      />
    ) : (
      <Button onPress={() => setShown(true)}>Show again</Button>
    )
  },
  play: async ({ canvas, args }) => {
    await userEvent.tab()
    const dismiss = canvas.getByRole('button', { name: 'Dismiss' })
    await expect(dismiss).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Show again' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }))
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument()
  },
}
