import type { Meta, StoryObj } from '@storybook/react-vite'
import { Spinner, spinnerSizes, Stack } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Show it where content is loading or an action is pending, with a label that says what.',
        'Prefer a Button’s `isPending` for an action in progress.',
      ],
      dont: [
        'Don’t show a spinner for a whole page when its layout is known: show the layout’s loading state.',
        'Don’t leave it without a label.',
      ],
    },
    layout: 'padded',
  },
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeVisible()
  },
}

export const CustomLabel: Story = {
  args: { label: 'Loading orders' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading orders' })).toBeVisible()
  },
}

export const Sizes: Story = {
  render: () => (
    <Stack direction="row" gap="large" align="center">
      {spinnerSizes.map((size) => (
        <Spinner key={size} size={size} label={`Loading ${size}`} />
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('progressbar', { name: 'Loading small' }).getBoundingClientRect().width
    const large = canvas.getByRole('progressbar', { name: 'Loading large' }).getBoundingClientRect().width
    await expect(large).toBeGreaterThan(small)
  },
}
